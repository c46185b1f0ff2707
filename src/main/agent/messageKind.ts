import type { Embedder } from '../search/types'
import { NaiveBayes } from './kindModel'
import { KIND_TRAINING } from './messageKindTraining'

/**
 * What a message is: a question for the papers, small talk (greeting, thanks, goodbye), a
 * question about the app itself, or a question unrelated to the library.
 */
export type MessageKind = 'papers' | 'smalltalk' | 'app' | 'offtopic'

/** Lowercase, accents removed, punctuation to spaces, single-spaced. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

const SMALL_TALK_PHRASE = new RegExp(
  [
    'hi+',
    'hello+',
    'hey+',
    'hiya',
    'howdy',
    'greetings',
    'good (morning|afternoon|evening|night)',
    'how are you( doing)?( today)?',
    "how's it going",
    'what s up',
    'whats up',
    'thanks?( you)?( (so|very) much)?( a lot)?',
    'thx',
    'ty',
    'cheers',
    'great',
    'perfect',
    'nice',
    'cool',
    'awesome',
    'ok(ay)?',
    'got it',
    'understood',
    'bye',
    'goodbye',
    'see you( later| soon)?',
    'that s (all|great|helpful|perfect)',
    'this is (great|helpful)',
    'oi+',
    'ola+',
    'opa',
    'e ai',
    'bom dia',
    'boa (tarde|noite)',
    'tudo (bem|bom)',
    'como vai( voce)?',
    'obrigad[oa]( mesmo)?',
    'muito obrigad[oa]',
    'valeu',
    'brigad[oa]',
    'otimo',
    'perfeito',
    'legal',
    'beleza',
    'show',
    'entendi',
    'certo',
    'tchau',
    'ate (logo|mais|amanha)',
    'foi (muito )?util',
    'isso ajudou'
  ].join('|'),
  'g'
)

/** Words that may pad small talk without making it a question ("hi there", "thanks again!"). */
const FILLER = new Set(
  'there again all everyone friend buddy so much very lot a for the help your answer answers that this it is was really mate pal voce vc pela ajuda resposta a o de mesmo muito sua isso foi e'.split(
    ' '
  )
)

const APP_PATTERNS = [
  /\b(what|which) (can|could|do) (you|this app|researchpal) (do|help)/,
  /\bwho (are|made|built) you\b/,
  /\bwhat are you\b/,
  /\bwhat is researchpal\b/,
  /\bhow (do|can|should) i (add|import|upload|remove|delete|export|rename|open|search|set|change|use|ask)\b/,
  /\bhow does (this|the) app\b/,
  /\b(api key|gemini key|settings|dark mode|keyboard shortcut)\b/,
  /\bresearchpal\b/,
  /\bo que (voce|vc|o app|o aplicativo) (faz|pode fazer|sabe fazer)\b/,
  /\bquem (e|fez|criou) (voce|vc)\b/,
  /\bcomo (eu )?(adiciono|importo|coloco|carrego|removo|apago|excluo|exporto|renomeio|abro|busco|configuro|uso|mudo)\b/,
  /\bcomo (funciona|usar|uso) (o app|o aplicativo|este app|esse app|isso aqui)\b/,
  /\b(chave da api|chave do gemini|configuracoes|modo escuro|atalho)\b/,
  /\bvoce (consegue|pode) (ler|abrir|adicionar|exportar)\b/
]

const OFF_TOPIC_PATTERNS = [
  /\b(weather|forecast|temperature (tomorrow|today|outside))\b/,
  /\b(recipe|cook|bake|ingredients?)\b/,
  /\b(football|soccer|nba|world cup|who won the|match score|super bowl)\b/,
  /\b(capital of|population of|president of|prime minister of)\b/,
  /\b(stock price|bitcoin|exchange rate|dollar to)\b/,
  /\b(tell me a joke|a joke|write (me )?a (poem|song|story|haiku)|sing)\b/,
  /\b(movie|netflix|tv show|series to watch|song|lyrics)\b/,
  /\bwhat time is it\b|\bwhat day is (it|today)\b/,
  /\b(restaurant|hotel|flight|vacation|holiday|trip to)\b/,
  /\b(horoscope|zodiac|lottery)\b/,
  /\b(previsao do tempo|tempo (amanha|hoje)|vai chover|temperatura (amanha|hoje))\b/,
  /\b(receita|cozinhar|assar|ingredientes?)\b/,
  /\b(futebol|jogo do|quem ganhou|copa do mundo|placar|campeonato)\b/,
  /\b(capital d[aoe]|populacao d[aoe]|presidente d[aoe])\b/,
  /\b(cotacao|preco d[aoe] (dolar|bitcoin|acao)|bolsa de valores)\b/,
  /\b(piada|poema|poesia|musica|cancao|letra da)\b/,
  /\b(filme|novela|serie para assistir)\b/,
  /\bque horas sao\b|\bque dia e hoje\b/,
  /\b(restaurante|viagem|passagem aerea|ferias)\b/,
  /\b(horoscopo|signo|loteria|mega sena)\b/
]

/** Words that mark a question as about research, even when an off-topic word appears. */
const RESEARCH =
  /\b(paper|papers|artigo|artigos|model|modelo|attention|atencao|transformer|bert|rag|dataset|benchmark|layer|camada|encoder|decoder|training|treinamento|retrieval|token|embedding|bleu|accuracy|acuracia|loss|fine tun|pre train|architecture|arquitetura|experiment|experimento|result|resultado|author|autor|cite|citation|section|secao|table|tabela|figure|figura|method|metodo|corpus|language model|neural|network|rede)/

/**
 * Decides cheaply, with rules, what a message is; `papers` whenever unsure.
 * @remarks Small talk must be the whole message (a greeting and nothing else but filler), so
 * "hi, what is BERT?" still searches. Off-topic needs an off-topic marker and no research word.
 * Searching when unsure costs a search; answering a real question with small talk costs the
 * answer, so every rule errs towards `papers`.
 */
export function classifyByRules(message: string): MessageKind {
  const text = fold(message)
  if (!text) return 'papers'
  const rest = text.replace(SMALL_TALK_PHRASE, ' ').split(' ').filter(Boolean)
  const matchedSmallTalk = rest.length < text.split(' ').length
  if (matchedSmallTalk && rest.every((w) => FILLER.has(w))) return 'smalltalk'
  const research = RESEARCH.test(text)
  if (APP_PATTERNS.some((p) => p.test(text)) && !/\b(paper|artigo)s? (say|diz|dizem)\b/.test(text))
    return 'app'
  if (!research && OFF_TOPIC_PATTERNS.some((p) => p.test(text))) return 'offtopic'
  return 'papers'
}

const KINDS: readonly MessageKind[] = ['papers', 'smalltalk', 'app', 'offtopic']

/**
 * How much likelier per feature (mean log-likelihood) another kind must be than `papers`, and
 * than the runner-up kind, before it is chosen; below either the message is a paper question.
 * The first was chosen by 10-fold cross-validation on the training set, as the smallest that
 * loses none of its ~200 paper questions (0.83 accuracy; 0.1 loses 5). The second keeps a
 * message the model is torn over between two casual kinds ("Delete everything": small talk or
 * app?) a paper question; it leaves the cross-validated and held-out accuracy as they were.
 */
export const MIN_KIND_MARGIN = 0.2
export const MIN_RUNNER_UP_MARGIN = 0.08

let trained: NaiveBayes<MessageKind> | null = null

/** The naive Bayes model, trained on first use (a few milliseconds). */
function kindModel(): NaiveBayes<MessageKind> {
  if (trained) return trained
  const model = new NaiveBayes<MessageKind>(KINDS)
  for (const kind of KINDS) for (const text of KIND_TRAINING[kind]) model.add(kind, text)
  return (trained = model)
}

/**
 * What a message is, without a model: the classifier trained on the labelled set, and `papers`
 * unless another kind wins by a clear margin (a casual message costs a search, never a lost
 * paper question).
 */
export function classifyOffline(message: string): MessageKind {
  if (!fold(message)) return 'papers'
  const { best, perFeature } = kindModel().score(message)
  if (best === 'papers') return 'papers'
  const runnerUp = Math.max(...KINDS.filter((k) => k !== best).map((k) => perFeature[k]))
  return perFeature[best] - perFeature.papers >= MIN_KIND_MARGIN &&
    perFeature[best] - runnerUp >= MIN_RUNNER_UP_MARGIN
    ? best
    : 'papers'
}

/** A few example sentences per class, in both languages, for the embedding similarity. */
export const KIND_EXAMPLES: Record<MessageKind, string[]> = {
  papers: [
    'What does the paper propose?',
    'How many layers does the encoder have?',
    'Which datasets were used in the experiments?',
    'Qual é a contribuição principal do artigo?',
    'Como o modelo é treinado?',
    'Compare the results of the two methods.'
  ],
  smalltalk: [
    'Hello, how are you?',
    'Thank you, that was helpful!',
    'Goodbye, see you tomorrow.',
    'Oi, tudo bem?',
    'Muito obrigado pela ajuda!',
    'Tchau, até mais.'
  ],
  app: [
    'What can you do?',
    'How do I add a PDF to my library?',
    'Where do I put my API key?',
    'O que você sabe fazer?',
    'Como eu adiciono um artigo?',
    'Como exporto a conversa?'
  ],
  offtopic: [
    'What is the weather tomorrow?',
    'Give me a recipe for chocolate cake.',
    'Who won the football match yesterday?',
    'Qual é a capital da Austrália?',
    'Me conta uma piada.',
    'Que filme devo assistir hoje?'
  ]
}

/** How sure the embedding must be before it overrules the rules' `papers`. */
const MIN_SIMILARITY = 0.8
const MIN_MARGIN = 0.1

/**
 * The offline classifier first; when it says `papers` and an embedder is there, a message very close to the
 * examples of another class (and clearly closer than to the paper questions) takes that class.
 */
export class MessageClassifier {
  private examples: { embedderId: string; vectors: Map<MessageKind, Float32Array[]> } | null = null

  constructor(private readonly embedder: () => Promise<Embedder | null> = async () => null) {}

  async classify(message: string, signal?: AbortSignal): Promise<MessageKind> {
    const byRules = classifyOffline(message)
    if (byRules !== 'papers') return byRules
    let embedder: Embedder | null
    try {
      embedder = await this.embedder()
    } catch {
      return byRules
    }
    if (!embedder) return byRules
    const examples = await this.exampleVectors(embedder, signal)
    const [query] = await embedder.embed([message], signal)
    const best = new Map<MessageKind, number>()
    for (const [kind, vectors] of examples) {
      best.set(kind, Math.max(...vectors.map((v) => dot(v, query!))))
    }
    const papers = best.get('papers') ?? 0
    let winner: MessageKind = 'papers'
    let top = 0
    for (const [kind, score] of best) {
      if (kind !== 'papers' && score > top) [winner, top] = [kind, score]
    }
    return top >= MIN_SIMILARITY && top - papers >= MIN_MARGIN ? winner : 'papers'
  }

  private async exampleVectors(
    embedder: Embedder,
    signal?: AbortSignal
  ): Promise<Map<MessageKind, Float32Array[]>> {
    if (this.examples?.embedderId === embedder.id) return this.examples.vectors
    const vectors = new Map<MessageKind, Float32Array[]>()
    for (const [kind, texts] of Object.entries(KIND_EXAMPLES) as [MessageKind, string[]][]) {
      vectors.set(kind, await embedder.embed(texts, signal))
    }
    this.examples = { embedderId: embedder.id, vectors }
    return vectors
  }
}

function dot(a: Float32Array, b: Float32Array): number {
  let s = 0
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!
  return s
}
