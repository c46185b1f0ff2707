import { mkdtempSync, readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ThreadStore } from '../../../src/main/chat/ThreadStore'
import { parseThreadFile, THREAD_FORMAT, toThread } from '../../../src/main/chat/threadFile'
import { evidenceFromText } from '../../../src/main/chat/threadMigrations'
import { mainPtBR } from '../../../src/shared/i18n/pt-BR/main'
import { answer, citation } from '../../fixtures/chatRecords'

const QUESTION = 'What is scaled dot-product attention?'

/** A turn as format 1 wrote it: an evidence answer kept as its text only. */
function v1EvidenceTurn(language: 'en' | 'pt-BR') {
  const en = language === 'en'
  return {
    id: 'u-1',
    question: QUESTION,
    status: 'done',
    answer: [
      en
        ? 'Not a generated answer (no Gemini API key is set). These are the passages from the papers most relevant to the question, without summary or interpretation:'
        : 'Não é uma resposta gerada (nenhuma chave da API do Gemini está definida). Estes são os trechos:',
      `[1] Attention Is All You Need, p. 4:\n> We call our particular attention "Scaled Dot-Product Attention". The input consists of queries and keys of dimension d_k.`,
      `[2] Attention Is All You Need, p. 3: [${en ? 'Figure' : 'Figura'}]\n> Figure 2: (left) Scaled Dot-Product Attention. (right) Multi-Head Attention.`,
      en
        ? 'Figures and tables appear here by their captions and the text around them: the figure itself was not read.'
        : 'Figuras e tabelas aparecem aqui pela legenda e pelo texto ao redor: a figura em si não foi lida.'
    ].join('\n\n'),
    mode: 'evidence',
    verified: false,
    notice: { code: 'NO_API_KEY', message: 'No key', key: 'noApiKey' },
    citations: [
      citation(1),
      citation(2, { page: 3, snippet: 'Figure 2: (left) Scaled Dot-Product Attention.' })
    ],
    usage: { inputTokens: 0, outputTokens: 0 },
    model: null,
    askedAt: '2026-11-30T10:00:00.000Z',
    finishedAt: '2026-11-30T10:00:01.000Z',
    error: null,
    // A field some other build wrote: kept across the upgrade.
    pinned: true
  }
}

function v1File(turns: unknown[]) {
  return {
    version: 1,
    thread: {
      id: 't-old-1',
      title: 'Attention',
      createdAt: '2026-11-30T10:00:00.000Z',
      updatedAt: '2026-11-30T10:00:01.000Z',
      scope: null,
      turns
    }
  }
}

describe('thread format 1 → 2', () => {
  for (const language of ['en', 'pt-BR'] as const) {
    it(`gives a ${language} evidence turn its passage cards back, with the figure marked`, () => {
      const { file, migratedFrom } = parseThreadFile(
        JSON.stringify(v1File([v1EvidenceTurn(language)]))
      )
      expect(migratedFrom).toBe(1)
      const turn = file.thread.turns[0]!
      expect(turn.excerpts?.map((x) => x.number)).toEqual([1, 2])
      // The card shows the sentence that answers the question, the rest folded: never the label.
      const whole = turn.excerpts!.map((x) => `${x.before} ${x.best} ${x.after}`).join(' ')
      expect(whole).toContain('Scaled Dot-Product Attention')
      expect(whole).not.toMatch(/generated|gerada|Figures and tables|Figuras e tabelas/)
      expect(turn.excerpts![0]!.best).toContain('We call our particular attention')
      expect(turn.citations.map((c) => c.kind)).toEqual([undefined, 'figure'])
      expect(turn.check).toBe('unchecked')
      // Nothing of the older turn is dropped: its text and unknown fields stay.
      expect(turn.answer).toBe(v1EvidenceTurn(language).answer)
      expect((turn as Record<string, unknown>).pinned).toBe(true)
    })
  }

  it('leaves generated turns and an evidence answer with no passage as they were', () => {
    const generated = {
      ...v1EvidenceTurn('en'),
      id: 'u-2',
      mode: 'generated',
      answer: 'It scales [1].'
    }
    const none = { ...v1EvidenceTurn('en'), id: 'u-3', answer: 'No relevant passage was found.' }
    const { file } = parseThreadFile(JSON.stringify(v1File([generated, none])))
    expect(file.thread.turns[0]!.excerpts).toBeUndefined()
    expect(file.thread.turns[0]!.answer).toBe('It scales [1].')
    expect(file.thread.turns[1]!.excerpts).toEqual([])
  })

  it('reads the passages of an evidence text in either language', () => {
    const { excerpts, kinds } = evidenceFromText(
      '[1] T, p. 2: [Tabela]\n> Table 1: BLEU scores.\n\n[3] T, p. 9:\n> Plain text here.',
      'bleu'
    )
    expect(excerpts.map((x) => [x.number, x.best])).toEqual([
      [1, 'Table 1: BLEU scores.'],
      [3, 'Plain text here.']
    ])
    expect([...kinds]).toEqual([[1, 'table']])
  })

  it('upgrades a format-1 file at open, keeping the old one beside it', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'rp-threads-')), 'threads')
    mkdirSync(dir, { recursive: true })
    const path = join(dir, 't-old-1.json')
    writeFileSync(path, JSON.stringify(v1File([v1EvidenceTurn('pt-BR')])))
    const store = new ThreadStore(dir)
    await store.open()
    await store.flush()
    expect(JSON.parse(readFileSync(path, 'utf8')).version).toBe(THREAD_FORMAT.version)
    expect(existsSync(`${path}.v1.bak`)).toBe(true)
    const turn = toThread(store.get('t-old-1'), () => true).turns[0]!
    expect(turn.excerpts).toHaveLength(2)
    expect(turn.citations[1]!.kind).toBe('figure')
  })
})

describe('a turn stored in format 2', () => {
  it('keeps what was shown: evidence cards, figure regions, kinds, the check and the model', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'rp-threads-')), 'threads')
    const store = new ThreadStore(dir)
    await store.open()
    const t = await store.create()
    const turn = await store.beginTurn(t.id, QUESTION)
    const region = { x: 0.1, y: 0.2, width: 0.5, height: 0.3 }
    const shown = answer({
      check: 'rejected',
      answeredBy: { provider: 'local', model: 'qwen', fallback: true },
      excerpts: [{ number: 1, before: 'A.', best: 'B.', after: 'C.' }],
      citations: [citation(1), citation(2, { kind: 'figure', region })]
    })
    await store.finishTurn(t.id, turn.id, { status: 'done', answer: shown, model: 'qwen' })
    const again = new ThreadStore(dir)
    await again.open()
    const back = toThread(again.get(t.id), () => true).turns[0]!
    expect(back.check).toBe('rejected')
    expect(back.answeredBy).toEqual({ provider: 'local', model: 'qwen', fallback: true })
    expect(back.excerpts).toEqual(shown.excerpts)
    expect(back.citations[1]).toMatchObject({ kind: 'figure', region })
  })

  it('reads a kind or a check a later build wrote as absent, not as an error', () => {
    const turn = {
      ...v1EvidenceTurn('en'),
      excerpts: [],
      check: 'reviewed-by-human',
      citations: [citation(1, { kind: 'equation' as never })]
    }
    const { file } = parseThreadFile(JSON.stringify({ ...v1File([turn]), version: 2 }))
    const back = toThread(file.thread, () => true).turns[0]!
    expect(back.check).toBeUndefined()
    expect(back.citations[0]!.kind).toBeUndefined()
  })
})

describe('thread format 2 → 3: fixed replies by key', () => {
  function v2Reply(answerText: string, mode: 'smalltalk' | 'offtopic') {
    return {
      ...v1EvidenceTurn('en'),
      id: `u-${mode}-${answerText.length}`,
      question: 'oi',
      answer: answerText,
      mode,
      notice: null,
      citations: []
    }
  }

  it('gives a stored catalog reply its key, and leaves any other text as it was', () => {
    const greetingPt = mainPtBR.answer.greeting
    const offTopic = `${mainPtBR.answer.offTopicLabel}\n\nParis é a capital da França.`
    const older = 'Olá! Um texto de uma versão antiga.'
    const doc = {
      ...v1File([
        v2Reply(greetingPt, 'smalltalk'),
        v2Reply(offTopic, 'offtopic'),
        v2Reply(older, 'smalltalk')
      ]),
      version: 2
    }
    const { file, migratedFrom } = parseThreadFile(JSON.stringify(doc))
    expect(migratedFrom).toBe(2)
    const [greeting, off, old] = toThread(file.thread, () => true).turns
    expect(greeting!.reply).toEqual({ key: 'greeting' })
    expect(off!.reply).toEqual({ key: 'offTopicLabel', text: 'Paris é a capital da França.' })
    // Not a catalog text: no key, shown as stored.
    expect(old!.reply).toBeUndefined()
    expect(old!.answer).toBe(older)
    expect(greeting!.answer).toBe(greetingPt)
  })

  it('a reply key this build does not know is read without it (its text is shown)', () => {
    const doc = {
      ...v1File([{ ...v2Reply('Hi!', 'smalltalk'), reply: { key: 'someLaterKey' } }]),
      version: 3
    }
    const [turn] = toThread(parseThreadFile(JSON.stringify(doc)).file.thread, () => true).turns
    expect(turn!.reply).toBeUndefined()
    expect(turn!.answer).toBe('Hi!')
  })
})
