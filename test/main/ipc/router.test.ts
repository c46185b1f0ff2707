import { describe, expect, it, vi } from 'vitest'
import { CHANNELS, channels, type Channel } from '../../../src/shared/contract'
import { UserFacingError } from '../../../src/main/errors'
import { createRouter, type Handlers } from '../../../src/main/ipc/router'

const big = 'x'.repeat(100_001)

/** For every channel: inputs that must be refused, and the field the message must name. */
const badInputs: Record<Channel, [unknown, string][]> = {
  'app:info': [
    [{ extra: 1 }, 'extra'],
    ['nope', '(input)']
  ],
  'app:mcpConfig': [[{ x: 1 }, 'x']],
  'apiServer:status': [[{ x: 1 }, 'x']],
  'apiServer:set': [
    [{ enabled: 'yes' }, 'enabled'],
    [{ enabled: true, port: 80 }, 'port']
  ],
  'desktop:ready': [[{ x: 1 }, 'x']],
  'sync:status': [[{ x: 1 }, 'x']],
  'sync:addFolder': [[{ poll: 'yes' }, 'poll']],
  'sync:removeFolder': [
    [{}, 'path'],
    [{ path: '' }, 'path']
  ],
  'sync:linkZotero': [
    [{ folder: '/z' }, 'collections'],
    [{ folder: '', collections: [] }, 'folder']
  ],
  'sync:unlinkZotero': [[{ x: 1 }, 'x']],
  'sync:setPaused': [[{ paused: 1 }, 'paused']],
  'sync:now': [[{ x: 1 }, 'x']],
  'lab:status': [[{ x: 1 }, 'x']],
  'lab:connect': [
    [{}, 'url'],
    [{ url: '' }, 'url'],
    [{ url: 'postgres://h/db', init: 'yes' }, 'init']
  ],
  'lab:disconnect': [[{ x: 1 }, 'x']],
  'lab:publish': [
    [{}, 'paperIds'],
    [{ paperIds: [] }, 'paperIds'],
    [{ paperIds: ['a'], collectionId: 'c' }, 'paperIds']
  ],
  'settings:get': [[{ x: true }, 'x']],
  'settings:update': [
    [{ toolRounds: 7 }, 'toolRounds'],
    [{ answerLanguage: 'klingon' }, 'answerLanguage'],
    [{ model: big }, 'model'],
    [{ apiKey: 'sneaky' }, 'apiKey'],
    [{ provider: 'openai' }, 'provider'],
    [{ localBaseUrl: 'http://192.168.1.20:11434/v1' }, 'localBaseUrl'],
    [{ localBaseUrl: 'javascript:alert(1)' }, 'localBaseUrl'],
    [{ localContextTokens: 12 }, 'localContextTokens']
  ],
  'localModel:list': [
    [{ baseUrl: 'http://attacker.example:8080/v1' }, 'baseUrl'],
    [{ baseUrl: 'file:///etc/passwd' }, 'baseUrl']
  ],
  'localModel:test': [[{ model: 'x' }, 'model']],
  'settings:setApiKey': [
    [{}, 'apiKey'],
    [{ apiKey: 42 }, 'apiKey'],
    [{ apiKey: big }, 'apiKey']
  ],
  'settings:confirmAddress': [
    [{}, 'address'],
    [{ address: 42 }, 'address'],
    [{ address: big }, 'address']
  ],
  'library:list': [[{ all: true }, 'all']],
  'import:start': [[{ folder: '/etc' }, 'folder']],
  'import:status': [[{ x: 1 }, 'x']],
  'import:pause': [[{ x: 1 }, 'x']],
  'import:resume': [[{ x: 1 }, 'x']],
  'import:cancel': [[{ x: 1 }, 'x']],
  'import:measure': [[{ threads: 64 }, 'threads']],
  'library:notices': [[{ all: true }, 'all']],
  'library:find': [
    [{ query: 5 }, 'query'],
    [{ query: 'x'.repeat(201) }, 'query'],
    [{ collection: '' }, 'collection']
  ],
  'library:pages': [
    [{ paperId: '1706.03762' }, 'from'],
    [{ paperId: '1706.03762', from: 0 }, 'from'],
    [{ paperId: '1706.03762', from: 5, to: 3 }, 'to'],
    [{ paperId: '1706.03762', from: 1, to: 40 }, 'to'],
    [{ paperId: '../etc', from: 1 }, 'paperId']
  ],
  'library:bibtex': [
    [{ paperIds: [] }, 'paperIds'],
    [{ paperIds: ['a b'] }, 'paperIds.0']
  ],
  'library:ris': [
    [{ paperIds: [] }, 'paperIds'],
    [{ collectionId: 7 }, 'collectionId']
  ],
  'library:references': [
    [{ paperIds: ['1706.03762'] }, 'style'],
    [{ paperIds: ['1706.03762'], style: 'mla' }, 'style'],
    [{ paperIds: ['1706.03762'], style: 'apa', uiLanguage: 'xx' }, 'uiLanguage']
  ],
  'library:pickFiles': [[{ path: '/etc' }, 'path']],
  'library:addPaths': [
    [{}, 'paths'],
    [{ paths: [] }, 'paths'],
    [{ paths: [42] }, 'paths.0'],
    [{ paths: ['a'.repeat(5000)] }, 'paths.0']
  ],
  'library:addFile': [
    [{ name: 'a.pdf' }, 'data'],
    [{ name: '', data: new Uint8Array([37]) }, 'name'],
    [{ name: 'a.pdf', data: 5 }, 'data'],
    [{ name: 'a.pdf', data: 'JVBERi0=' }, 'data']
  ],
  'library:addArxiv': [
    [{}, 'id'],
    [{ id: '   ' }, 'id'],
    [{ id: big }, 'id']
  ],
  'library:addDefaults': [[{ force: 1 }, 'force']],
  'library:remove': [
    [{}, 'paperId'],
    [{ paperId: '../../etc/passwd' }, 'paperId'],
    [{ paperId: 7 }, 'paperId']
  ],
  'library:retry': [
    [{ paperId: '' }, 'paperId'],
    [{ paperId: 'a b' }, 'paperId']
  ],
  'library:cancel': [[{ paperId: 12 }, 'paperId']],
  'library:pdf': [
    [{}, 'paperId'],
    [{ paperId: 'x/../../y' }, 'paperId']
  ],
  'library:edit': [
    [{ paperId: '1706.03762', edit: { title: '  ' } }, 'edit.title'],
    [{ paperId: '1706.03762', edit: { year: 'soon' } }, 'edit.year'],
    [{ paperId: '1706.03762', edit: { doi: 'not a doi' } }, 'edit.doi'],
    [{ paperId: '1706.03762', edit: { status: 'indexed' } }, 'edit']
  ],
  'library:collections': [[{ all: 1 }, 'all']],
  'library:createCollection': [
    [{}, 'name'],
    [{ name: '   ' }, 'name']
  ],
  'library:renameCollection': [[{ collectionId: 'c1', name: big }, 'name']],
  'library:deleteCollection': [[{}, 'collectionId']],
  'library:setCollection': [
    [{ collectionId: 'c1', paperIds: [], member: true }, 'paperIds'],
    [{ collectionId: 'c1', paperIds: ['a'], member: 'yes' }, 'member']
  ],
  'library:saveBibtex': [[{ collectionId: 5 }, 'collectionId']],
  'library:refreshMetadata': [[{ paperIds: ['a b'] }, 'paperIds.0']],
  'library:addDoi': [
    [{ doi: 'not-a-doi' }, 'doi'],
    [{}, 'doi']
  ],
  'library:attachPdf': [
    [{ paperId: 'ref-1', name: 'a.pdf' }, 'data'],
    [{ paperId: 'ref-1', name: 'a.pdf', data: new Uint8Array() }, 'data']
  ],
  'library:fetchPdf': [[{}, 'paperId']],
  'library:searchArxiv': [[{ title: 'x' }, 'title']],
  'library:pickImport': [[{ kind: 'endnote' }, 'kind']],
  'library:zoteroCollections': [[{ folder: '' }, 'folder']],
  'library:importBibliography': [
    [{}, 'file'],
    [{ file: 'a.bib', collection: '  ' }, 'collection']
  ],
  'library:cancelBibliographyImport': [[{ x: 1 }, 'x']],
  'library:importZotero': [[{ folder: '/z', collections: 'all' }, 'collections']],
  'library:related': [[{}, 'paperId']],
  'library:missingRefs': [[{ paperId: '../x' }, 'paperId']],
  'graph:get': [[{ collectionId: 5 }, 'collectionId']],
  'library:ocrWords': [
    [{ paperId: 'p1' }, 'page'],
    [{ paperId: 'p1', page: 0 }, 'page']
  ],
  'library:regionImage': [
    [{ paperId: 'p1', page: 1, width: 200 }, 'region'],
    [{ paperId: 'p1', page: 1, width: 200, region: { x: 0, y: 0, width: 2, height: 1 } }, 'region']
  ],
  'search:query': [
    [{}, 'query'],
    [{ query: '   ' }, 'query'],
    [{ query: big }, 'query'],
    [{ query: 'attention', limit: 0 }, 'limit'],
    [{ query: 'attention', limit: 1e9 }, 'limit'],
    [{ query: 'attention', paperIds: 'bert' }, 'paperIds']
  ],
  'search:passage': [
    [{}, 'chunkId'],
    [{ chunkId: 'hello' }, 'chunkId']
  ],
  'search:section': [
    [{ paperId: '1706.03762' }, 'section'],
    [{ paperId: '1706.03762', section: '' }, 'section']
  ],
  'chat:ask': [
    [{ requestId: 'r1' }, 'question'],
    [{ question: big, requestId: 'r1' }, 'question'],
    [{ question: 'why?' }, 'requestId'],
    [{ question: 'why?', requestId: 'r1', threadId: '../etc' }, 'threadId'],
    [{ question: 'why?', requestId: 'r1', paperIds: [] }, 'paperIds']
  ],
  'chat:cancel': [[{}, 'requestId']],
  'compare:list': [
    [{ x: 1 }, 'x'],
    [{ threadId: '../etc' }, 'threadId']
  ],
  'compare:get': [
    [{}, 'comparisonId'],
    [{ comparisonId: '../etc/passwd' }, 'comparisonId']
  ],
  'compare:create': [
    [{ paperIds: [], questions: ['Which datasets?'] }, 'paperIds'],
    [{ paperIds: ['1706.03762'] }, 'questions'],
    [{ paperIds: ['1706.03762'], questions: ['  '] }, 'questions.0'],
    [{ paperIds: ['bad id!'], questions: ['q'] }, 'paperIds.0'],
    [{ paperIds: ['1706.03762'], questions: Array(21).fill('q') }, 'questions'],
    [{ questions: ['Which datasets?'] }, 'paperIds'],
    [{ paperIds: ['1706.03762'], collectionId: 'c1', questions: ['q'] }, 'collectionId'],
    [{ threadId: 'not a thread', questions: ['q'] }, 'threadId'],
    [{ collectionId: '', questions: ['q'] }, 'collectionId']
  ],
  'compare:update': [
    [{ addQuestions: ['q'] }, 'comparisonId'],
    [{ comparisonId: 'cmp-1', addQuestions: [big] }, 'addQuestions.0']
  ],
  'compare:run': [
    [{}, 'comparisonId'],
    [{ comparisonId: 'cmp-1', uiLanguage: 'fr' }, 'uiLanguage']
  ],
  'compare:cancel': [[{}, 'comparisonId']],
  'compare:delete': [[{ comparisonId: '' }, 'comparisonId']],
  'compare:export': [[{ comparisonId: 'cmp-1', format: 'pdf' }, 'format']],
  'threads:list': [[{ query: big }, 'query']],
  'threads:get': [
    [{}, 'threadId'],
    [{ threadId: '../../x' }, 'threadId']
  ],
  'threads:create': [
    [{ scope: [] }, 'scope'],
    [{ scope: ['../x'] }, 'scope.0'],
    [{ title: '   ' }, 'title']
  ],
  'threads:rename': [
    [{ threadId: 't-1a' }, 'title'],
    [{ threadId: 't-1a', title: big }, 'title']
  ],
  'threads:setScope': [
    [{ threadId: 't-1a' }, 'scope'],
    [{ threadId: 't-1a', scope: 'all' }, 'scope']
  ],
  'threads:delete': [[{ threadId: 7 }, 'threadId']],
  'threads:restore': [[{ threadId: 'nothread' }, 'threadId']],
  'threads:export': [
    [{ threadId: 't-1a', format: 'pdf' }, 'format'],
    [{ threadId: 't-1a' }, 'format']
  ]
}

function handlersThatMustNotRun(): Handlers {
  const h = {} as Record<Channel, () => never>
  for (const c of CHANNELS) {
    h[c] = () => {
      throw new Error(`${c} handler ran on bad input`)
    }
  }
  return h as unknown as Handlers
}

describe('router input validation', () => {
  const router = createRouter(handlersThatMustNotRun(), { log: () => {} })

  it('covers every channel of the contract', () => {
    expect(Object.keys(badInputs).sort()).toEqual([...CHANNELS].sort())
  })

  for (const channel of CHANNELS) {
    it(`${channel} refuses malformed input with INVALID_INPUT naming the field`, async () => {
      for (const [input, field] of badInputs[channel]) {
        const r = await router.invoke(channel, input)
        expect(r.ok, `${channel} accepted ${JSON.stringify(input).slice(0, 80)}`).toBe(false)
        if (r.ok) continue
        expect(r.error.code).toBe('INVALID_INPUT')
        expect(r.error.message).toContain(channel)
        expect(r.error.message).toContain(field)
        expect(r.error.message.length).toBeLessThan(1000)
      }
    })
  }

  it('refuses an unknown channel by name', async () => {
    const r = await router.invoke('fs:readFile', { path: '/etc/passwd' })
    expect(r).toEqual({
      ok: false,
      error: { code: 'INVALID_INPUT', message: "Unknown channel 'fs:readFile'." }
    })
    const proto = await router.invoke('__proto__', {})
    expect(proto.ok).toBe(false)
  })
})

describe('router dispatch', () => {
  it('passes validated input to the handler and wraps the value', async () => {
    const handlers = handlersThatMustNotRun()
    handlers['search:query'] = async (input) => ({
      query: input.query,
      embedder: null,
      results: []
    })
    const router = createRouter(handlers)
    expect(await router.invoke('search:query', { query: 'attention' })).toEqual({
      ok: true,
      value: { query: 'attention', embedder: null, results: [] }
    })
  })

  it('keeps a user-facing error code and message', async () => {
    const handlers = handlersThatMustNotRun()
    handlers['library:remove'] = async ({ paperId }) => {
      throw new UserFacingError('NOT_FOUND', `No paper ${paperId} in the library.`)
    }
    const r = await createRouter(handlers).invoke('library:remove', { paperId: '1706.03762' })
    expect(r).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'No paper 1706.03762 in the library.' }
    })
  })

  it('turns an unexpected exception into INTERNAL with a useful message, and keeps serving', async () => {
    const log = vi.fn()
    const handlers = handlersThatMustNotRun()
    handlers['library:list'] = () => {
      throw new TypeError("Cannot read properties of undefined (reading 'papers')")
    }
    handlers['app:info'] = () => ({
      version: '1.0.0',
      dataDir: '/tmp/x',
      embedder: { state: 'missing', id: null, modelDir: null, message: 'missing' }
    })
    const router = createRouter(handlers, { log })
    const r = await router.invoke('library:list', {})
    expect(r.ok).toBe(false)
    if (!r.ok) {
      expect(r.error.code).toBe('INTERNAL')
      expect(r.error.message).toContain('library:list')
      expect(r.error.message).toContain("reading 'papers'")
    }
    expect(log).toHaveBeenCalledOnce()
    expect((await router.invoke('app:info', {})).ok).toBe(true)
  })

  it('treats a missing input as an empty object for channels without fields', async () => {
    const handlers = handlersThatMustNotRun()
    handlers['library:list'] = () => ({ papers: [] })
    expect(await createRouter(handlers).invoke('library:list', undefined)).toEqual({
      ok: true,
      value: { papers: [] }
    })
  })

  it('declares an input and an output schema for every channel', () => {
    for (const c of CHANNELS) {
      expect(channels[c].input).toBeDefined()
      expect(channels[c].output).toBeDefined()
    }
  })
})
