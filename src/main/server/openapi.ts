import { z } from 'zod'
import { createDocument, type ZodOpenApiPathsObject } from 'zod-openapi'
import { API_ROUTES } from './apiRoutes'
import { AskBodySchema, AskResponseSchema, SSE_EVENTS } from './askRoute'
import { ProblemSchema } from './problem'

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: ProblemSchema } }
})
const ERRORS = {
  '400': problem('Invalid input: the detail names the field'),
  '401': problem('No or wrong bearer token'),
  '403': problem('A foreign Host or Origin, or a write on a read-only server'),
  '429': problem('Too many requests; Retry-After says when to try again')
}

/**
 * The OpenAPI 3.1 document of the HTTP API, generated from the same zod schemas the server
 * validates with (zod-openapi).
 */
export function openApiDocument(
  version: string,
  serverUrl: string
): ReturnType<typeof createDocument> {
  const paths: ZodOpenApiPathsObject = {}
  for (const r of API_ROUTES) {
    const path = (paths[r.path] ??= {})
    path[r.method] = {
      operationId: r.operationId,
      summary: r.summary,
      tags: [r.tag],
      ...((r.params || r.query) && {
        requestParams: { ...(r.params && { path: r.params }), ...(r.query && { query: r.query }) }
      }),
      ...(r.body && {
        requestBody: { required: true, content: { 'application/json': { schema: r.body } } }
      }),
      responses: {
        [String(r.status ?? 200)]: {
          description: 'Success',
          content: { [r.mediaType ?? 'application/json']: { schema: r.response } }
        },
        ...ERRORS,
        '404': problem('No such paper, page, section or thread'),
        ...(r.writes && { '409': problem('The library is busy: the detail says who writes it') })
      }
    }
  }
  paths['/ask'] = {
    post: {
      operationId: 'ask',
      summary: 'Answer a question from the papers with numbered citations',
      description: `With \`Accept: text/event-stream\` the answer streams as Server-Sent Events:\n${Object.entries(
        SSE_EVENTS
      )
        .map(([name, what]) => `- \`${name}\`: ${what}`)
        .join('\n')}`,
      tags: ['answers'],
      requestBody: { required: true, content: { 'application/json': { schema: AskBodySchema } } },
      responses: {
        '200': {
          description: 'The answer (JSON), or its events (SSE)',
          content: {
            'application/json': { schema: AskResponseSchema },
            'text/event-stream': { schema: z.string() }
          }
        },
        ...ERRORS,
        '503': problem('No model can answer now (e.g. NO_API_KEY when generation was asked for)')
      }
    }
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'ResearchPal local API',
      version,
      description:
        'Search, read and cite the papers of a ResearchPal library, and ask questions about them. Served on 127.0.0.1 only; every route but this document and /docs needs `Authorization: Bearer <token>`. The MCP endpoint (Streamable HTTP) is /mcp.'
    },
    servers: [{ url: serverUrl }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } }
    },
    paths
  })
}
