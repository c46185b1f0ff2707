// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
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
})
