import { createServer, type Server } from 'node:net'
import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'

/**
 * A real PostgreSQL (PGlite, WASM) with pgvector, served over the Postgres wire protocol on
 * 127.0.0.1 by pglite-socket, for the real `pg` client to talk to.
 * @remarks `stop()` closes the socket as a crashed server would (open transactions roll back);
 * `start()` serves the same database again, on a new port.
 */
export class LabServer {
  private server: PGLiteSocketServer | null = null
  url = ''

  private constructor(readonly db: PGlite) {}

  /** A fresh database; `withVector: false` leaves pgvector out (a server without it). */
  static async create(options: { withVector?: boolean } = {}): Promise<LabServer> {
    const db = await PGlite.create(options.withVector === false ? {} : { extensions: { vector } })
    const lab = new LabServer(db)
    await lab.start()
    return lab
  }

  /** Serves the database (again); the connection string is in {@link url}. */
  async start(): Promise<string> {
    this.server = new PGLiteSocketServer({
      db: this.db,
      port: 0,
      host: '127.0.0.1',
      maxConnections: 10
    })
    await this.server.start()
    // pglite-socket does not check passwords: any role name logs in as the database owner.
    this.url = `postgres://curator:secret@${this.server.getServerConn()}/postgres`
    return this.url
  }

  /** Stops serving, dropping every connection. */
  async stop(): Promise<void> {
    await this.server?.stop()
    this.server = null
  }

  async close(): Promise<void> {
    await this.stop()
    await this.db.close()
  }
}

/**
 * A server that speaks just enough of the Postgres protocol to refuse every login as Postgres
 * does for a wrong password (ErrorResponse, SQLSTATE 28P01), since pglite-socket has no auth.
 */
export async function refusingServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const fields = (pairs: [string, string][]): Buffer =>
    Buffer.concat([...pairs.map(([k, v]) => Buffer.from(`${k}${v}\0`)), Buffer.from([0])])
  const server: Server = createServer((socket) => {
    socket.once('data', (first) => {
      // An SSLRequest first (8 bytes, code 80877103): answer "no TLS", then wait for the startup.
      const refuse = (): void => {
        const body = fields([
          ['S', 'FATAL'],
          ['V', 'FATAL'],
          ['C', '28P01'],
          ['M', 'password authentication failed for user "reader"']
        ])
        const head = Buffer.alloc(5)
        head.write('E', 0)
        head.writeInt32BE(body.length + 4, 1)
        socket.end(Buffer.concat([head, body]))
      }
      if (first.length === 8 && first.readInt32BE(4) === 80877103) {
        socket.write('N')
        socket.once('data', refuse)
      } else refuse()
    })
    socket.on('error', () => undefined)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    url: `postgres://reader:wrong@127.0.0.1:${port}/lab`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}
