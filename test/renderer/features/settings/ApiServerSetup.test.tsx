// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ApiServerStatus } from '../../../../src/shared/apiServer'
import { ApiServerSetup } from '../../../../src/renderer/src/features/settings/ApiServerSetup'
import { fakeApi, ok } from '../../fakeApi'
import { renderWithStore } from '../../render'

afterEach(cleanup)

const off: ApiServerStatus = {
  running: false,
  url: null,
  port: 8765,
  tokenFile: '/home/r/.config/ResearchPal/api-token',
  tokenFromEnvironment: false,
  token: null
}
const on = (port: number, token: string | null): ApiServerStatus => ({
  ...off,
  running: true,
  url: `http://127.0.0.1:${port}`,
  port,
  token
})

describe('ApiServerSetup (Settings: the local HTTP API switch)', () => {
  it('switches the server on at the chosen port, and shows the token once with Copy', async () => {
    const writeText = vi.fn(async () => undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    let running: ApiServerStatus = off
    const fake = fakeApi({
      'apiServer:status': () => ok({ ...running, token: null }),
      'apiServer:set': (input: { enabled: boolean; port?: number }) => {
        running = input.enabled ? on(input.port ?? 8765, 'tok-123456789012345678901') : off
        return ok(running)
      }
    })
    renderWithStore(<ApiServerSetup />, fake)
    const box = await screen.findByRole('checkbox', { name: /Run the local HTTP API/ })
    await waitFor(() => expect((box as HTMLInputElement).disabled).toBe(false))
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Port' }), {
      target: { value: '9123' }
    })
    fireEvent.click(box)
    await waitFor(() =>
      expect(screen.getByTestId('api-server-token').textContent).toBe('tok-123456789012345678901')
    )
    expect(fake.calls.find((c) => c.channel === 'apiServer:set')?.input).toEqual({
      enabled: true,
      port: 9123
    })
    expect(screen.getByTestId('api-server-url').textContent).toContain('http://127.0.0.1:9123/docs')
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('tok-123456789012345678901'))
    expect(screen.getByText(/api-token \(readable by you only\)/)).toBeTruthy()
  })

  it('shows the running address but not the token when Settings is opened again', async () => {
    const fake = fakeApi({ 'apiServer:status': () => ok(on(8765, null)) })
    renderWithStore(<ApiServerSetup />, fake)
    await waitFor(() =>
      expect(screen.getByTestId('api-server-url').textContent).toContain('127.0.0.1:8765')
    )
    expect(screen.queryByTestId('api-server-token')).toBeNull()
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true)
  })

  it('says why it could not start (a taken port), with the switch left off', async () => {
    const fake = fakeApi({
      'apiServer:status': () => ok(off),
      'apiServer:set': () => ({
        ok: false,
        error: { code: 'INVALID_INPUT', message: 'Port 8765 is taken by another program.' }
      })
    })
    renderWithStore(<ApiServerSetup />, fake)
    const box = await screen.findByRole('checkbox')
    await waitFor(() => expect((box as HTMLInputElement).disabled).toBe(false))
    fireEvent.click(box)
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Port 8765 is taken by another program.')
    )
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(false)
  })
})
