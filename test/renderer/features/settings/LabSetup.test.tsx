// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { LabInfo, LabStatus } from '../../../../src/shared/labChannels'
import { LabSetup } from '../../../../src/renderer/src/features/settings/LabSetup'
import { setUiLanguage } from '../../../../src/renderer/src/i18n'
import { fakeApi, ok } from '../../fakeApi'
import { renderWithStore } from '../../render'

afterEach(() => {
  cleanup()
  setUiLanguage('en')
})

const URL = 'postgres://alice:s3cret@lab.example.org:5432/lab'
const none: LabStatus = { connected: false, fromEnv: false, place: null, info: null, error: null }
const place = { host: 'lab.example.org:5432/lab', user: 'alice' }
const info: LabInfo = {
  ...place,
  server: '16.4',
  schemaVersion: 3,
  pgvector: '0.8.0',
  model: 'Xenova/all-MiniLM-L6-v2',
  papers: 1234,
  chunks: 56000,
  access: { role: 'curator', canPublish: true, curators: ['alice'] }
}
const connected: LabStatus = { connected: true, fromEnv: false, place, info, error: null }

describe('LabSetup (Settings → Lab library)', () => {
  it('connects with the string in a password field, never shows it back, and says host, role, size and model', async () => {
    let status = none
    const fake = fakeApi({
      'lab:status': () => ok(status),
      'lab:connect': () => ok((status = connected)),
      'lab:disconnect': () => ok((status = none))
    })
    renderWithStore(<LabSetup />, fake)
    await screen.findByText('Not connected to a lab library.')
    const field = screen.getByLabelText('Connection string') as HTMLInputElement
    expect(field.type).toBe('password')
    fireEvent.change(field, { target: { value: URL } })
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }))
    await screen.findByText(
      'Connected to lab.example.org:5432/lab as alice · papers: 1,234 · embedding model: Xenova/all-MiniLM-L6-v2'
    )
    expect(screen.getByTestId('lab-role').textContent).toBe(
      'Curator: you may share papers with the lab.'
    )
    expect(fake.calls.find((c) => c.channel === 'lab:connect')?.input).toEqual({ url: URL })
    expect(document.body.innerHTML).not.toContain('s3cret')
    expect(screen.queryByLabelText('Connection string')).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }))
    await screen.findByText('Not connected to a lab library.')
    expect((screen.getByLabelText('Connection string') as HTMLInputElement).value).toBe('')
  })

  it('a wrong password is said in the UI language, from main’s catalog; the field keeps the string to fix', async () => {
    setUiLanguage('pt-BR')
    const fake = fakeApi({
      'lab:status': () => ok(none),
      'lab:connect': () => ({
        ok: false,
        error: {
          code: 'INVALID_INPUT',
          message: 'The lab server … refused',
          key: 'labAuth',
          params: { host: place.host, user: 'alice', reason: 'password authentication failed' }
        }
      })
    })
    renderWithStore(<LabSetup />, fake)
    const field = await screen.findByLabelText('String de conexão')
    fireEvent.change(field, { target: { value: URL } })
    fireEvent.click(screen.getByRole('button', { name: 'Conectar' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe(
      'O servidor do laboratório em lab.example.org:5432/lab recusou o login do papel alice (password authentication failed). Verifique o usuário e a senha na string de conexão.'
    )
    expect((screen.getByLabelText('String de conexão') as HTMLInputElement).value).toBe(URL)
  })

  it('a saved lab that fails now says exactly what (another embedding model), with Disconnect', async () => {
    const failing: LabStatus = {
      ...connected,
      info: null,
      error: {
        code: 'INVALID_INPUT',
        message: 'wrong model',
        key: 'labWrongModel',
        params: { host: place.host, labModel: 'Xenova/all-MiniLM-L6-v2', localModel: 'other-384' }
      }
    }
    renderWithStore(<LabSetup />, fakeApi({ 'lab:status': () => ok(failing) }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe(
      'The lab at lab.example.org:5432/lab (as alice) cannot be used now:The lab at lab.example.org:5432/lab stores vectors of the embedding model Xenova/all-MiniLM-L6-v2; this library uses other-384. Papers are shared only between libraries with the same model.'
    )
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeTruthy()
  })

  it('a reader is told it may search but not share; a connection from the environment says so and has no Disconnect', async () => {
    const reader: LabStatus = {
      ...connected,
      fromEnv: true,
      info: {
        ...info,
        user: 'bob',
        access: { role: 'reader', canPublish: false, curators: ['alice', 'carol'] }
      }
    }
    renderWithStore(<LabSetup />, fakeApi({ 'lab:status': () => ok(reader) }))
    await waitFor(() =>
      expect(screen.getByTestId('lab-role').textContent).toBe(
        'Reader: you may search the lab but not share papers with it (curators: alice, carol).'
      )
    )
    expect(screen.getByText(/comes from the RESEARCHPAL_LAB_URL environment variable/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Disconnect' })).toBeNull()
  })
})
