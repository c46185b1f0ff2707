// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { McpSetup } from '../../../../src/renderer/src/features/settings/McpSetup'
import { fakeApi, ok } from '../../fakeApi'
import { renderWithStore } from '../../render'

afterEach(cleanup)

const snippet = JSON.stringify(
  {
    mcpServers: {
      researchpal: { command: '/opt/ResearchPal/researchpal', args: ['cli.js', 'mcp'] }
    }
  },
  null,
  2
)

describe('McpSetup', () => {
  it('shows the client JSON from main and copies it', async () => {
    const writeText = vi.fn(async () => undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const fake = fakeApi({
      'app:mcpConfig': () =>
        ok({
          command: '/opt/ResearchPal/researchpal',
          args: ['cli.js', 'mcp'],
          env: {},
          dataDir: '/d',
          snippet
        })
    })
    renderWithStore(<McpSetup />, fake)
    await waitFor(() => expect(screen.getByTestId('mcp-snippet').textContent).toBe(snippet))
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Copied.'))
    expect(writeText).toHaveBeenCalledWith(snippet)
  })

  it('says why when main cannot tell how to start the server', async () => {
    const fake = fakeApi({
      'app:mcpConfig': () => ({ ok: false, error: { code: 'INTERNAL', message: 'no launcher' } })
    })
    renderWithStore(<McpSetup />, fake)
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('no launcher'))
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull()
  })

  it('says the app serves MCP over HTTP at /mcp while the local API runs, else only what is ready', async () => {
    let running = false
    const fake = fakeApi({
      'app:mcpConfig': () =>
        ok({ command: '/app', args: ['mcp'], env: {}, dataDir: '/d', snippet }),
      'apiServer:status': () =>
        ok({
          running,
          port: 8765,
          url: running ? 'http://127.0.0.1:8765' : null,
          token: null,
          tokenFile: '/d/api-token',
          tokenFromEnvironment: false
        })
    })
    const { store } = renderWithStore(<McpSetup />, fake)
    await act(() => store.getState().loadApiServer())
    const line = await screen.findByTestId('mcp-status')
    expect(line.getAttribute('data-http')).toBe('off')
    expect(line.textContent).toContain('only while the local API below runs')
    running = true
    await act(() => store.getState().loadApiServer())
    expect(line.getAttribute('data-http')).toBe('on')
    expect(line.textContent).toContain('over HTTP at http://127.0.0.1:8765/mcp')
  })
})
