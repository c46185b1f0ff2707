import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorMessage, toAppError, UserFacingError } from '../../../src/main/errors'
import { createServices, type Services } from '../../../src/main/services'
import { MemorySecretStore } from '../../../src/main/settings/secretStore'
import { FakeEmbedderProvider } from '../../fakes/fakeEmbedder'
import { LabServer } from '../../fakes/labServer'
import { makePaperPdf } from '../../fixtures/fixturePapers'

const dir = mkdtempSync(join(tmpdir(), 'rp-lab-roles-'))

async function open(name: string, title: string, marker: string, seed: number): Promise<Services> {
  const file = join(dir, `${name}.pdf`)
  writeFileSync(file, makePaperPdf({ title, pages: 2, marker, seed }))
  const s = await createServices({
    dataDir: join(dir, name),
    secrets: new MemorySecretStore(null),
    embedder: new FakeEmbedderProvider(),
    env: {},
    log: () => undefined
  })
  await s.library.addPaths([file])
  await s.library.whenIdle()
  return s
}

/**
 * Reader and curator roles, enforced by the database (PGlite 18 has roles and grants).
 * @remarks pglite-socket logs every connection in as the database owner and serves them all
 * from one backend session, so a member's login is played by `SET ROLE <member>` on that
 * session: every query over the wire then runs with the member's privileges.
 */
describe('lab roles: researchpal_reader searches, researchpal_curator publishes', () => {
  let server: LabServer
  let owner: Services
  let bob: Services
  const as = (role: string | null) => server.db.exec(role ? `SET ROLE ${role}` : 'RESET ROLE')

  beforeAll(async () => {
    server = await LabServer.create()
    ;[owner, bob] = await Promise.all([
      open('owner', 'Capybara Attention Kernels', 'capybara', 1),
      open('bob', 'Tapir Decoder Notes', 'tapir', 2)
    ])
    await owner.lab.connect(server.url, true)
    await owner.lab.publish([])
    await server.db.exec(`
      CREATE ROLE bob LOGIN IN ROLE researchpal_reader;
      CREATE ROLE carol LOGIN IN ROLE researchpal_curator;`)
  }, 300_000)
  afterAll(async () => {
    await as(null)
    await owner?.close()
    await bob?.close()
    await server?.close()
  })

  it('lab connect --init creates the two group roles with their grants, none of them a login or superuser', async () => {
    const roles = await server.db.query<{
      rolname: string
      rolcanlogin: boolean
      rolsuper: boolean
    }>(
      `SELECT rolname, rolcanlogin, rolsuper FROM pg_roles WHERE rolname LIKE 'researchpal_%' ORDER BY 1`
    )
    expect(roles.rows).toEqual([
      { rolname: 'researchpal_curator', rolcanlogin: false, rolsuper: false },
      { rolname: 'researchpal_reader', rolcanlogin: false, rolsuper: false }
    ])
    const rights = await server.db.query<Record<string, boolean>>(
      `SELECT has_table_privilege('bob', 'chunks', 'SELECT') AS bob_reads,
              has_table_privilege('bob', 'papers', 'INSERT') AS bob_inserts,
              has_table_privilege('bob', 'lab_meta', 'UPDATE') AS bob_updates_meta,
              has_table_privilege('carol', 'chunks', 'SELECT') AS carol_reads,
              has_table_privilege('carol', 'papers', 'INSERT') AS carol_inserts,
              has_table_privilege('carol', 'papers', 'DELETE') AS carol_deletes`
    )
    expect(rights.rows[0]).toEqual({
      bob_reads: true,
      bob_inserts: false,
      bob_updates_meta: false,
      carol_reads: true,
      carol_inserts: true,
      carol_deletes: false
    })
  })

  it('a reader connects and searches the lab', async () => {
    await as('bob')
    try {
      const { info } = await bob.lab.connect(server.url)
      expect(info.user).toBe('bob')
      const hits = await bob.lab.search('capybara attention', 5)
      expect(hits[0]?.title).toBe('Capybara Attention Kernels')
    } finally {
      await as(null)
    }
  })

  it('publishing as a reader is refused before anything is sent, naming the role and who can publish', async () => {
    await as('bob')
    let e: unknown
    try {
      e = await bob.lab.publish([]).catch((x: unknown) => x)
    } finally {
      await as(null)
    }
    expect(e).toBeInstanceOf(UserFacingError)
    expect(errorMessage(toAppError(e), 'en')).toMatch(
      /^Role bob may search the lab at 127\.0\.0\.1:\d+\/postgres but not publish to it: publishing needs the researchpal_curator role\. Ask a curator \(carol, postgres\) to publish these papers, or to grant you the role \(GRANT researchpal_curator TO bob\)\.$/
    )
    expect(errorMessage(toAppError(e), 'pt-BR')).toContain('O papel bob pode buscar no laboratório')
    const titles = await server.db.query<{ title: string }>('SELECT title FROM papers')
    expect(titles.rows).toEqual([{ title: 'Capybara Attention Kernels' }])
  })

  it('the database itself refuses a reader’s write, whatever the app checks', async () => {
    await as('bob')
    try {
      await expect(server.db.exec(`DELETE FROM papers`)).rejects.toThrow(/permission denied/)
      await expect(
        server.db.exec(`UPDATE lab_meta SET value = 'other' WHERE key = 'embedding_model'`)
      ).rejects.toThrow(/permission denied/)
    } finally {
      await as(null)
    }
  })

  it('a curator (no superuser, not the owner) publishes', async () => {
    await as('carol')
    try {
      const report = await bob.lab.publish([])
      expect(report.published).toHaveLength(1)
      const hits = await bob.lab.search('tapir decoder', 5)
      expect(hits[0]?.title).toBe('Tapir Decoder Notes')
    } finally {
      await as(null)
    }
    const by = await server.db.query<{ published_by: string }>(
      `SELECT published_by FROM papers WHERE title = 'Tapir Decoder Notes'`
    )
    expect(by.rows).toEqual([{ published_by: 'carol' }])
  })
})
