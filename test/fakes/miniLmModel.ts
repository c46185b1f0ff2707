import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { buildMiniLmGraph, type MiniLmShape } from './onnxMiniLmGraph'

/** Options for {@link writeTestModel}; the defaults give a small, fast model. */
export interface TestModelOptions extends Partial<Omit<MiniLmShape, 'vocabSize'>> {
  /** The folder name created inside `dir`. */
  name?: string
  /** A WordPiece vocabulary (token -> id) to use instead of the small {@link testVocab}. */
  vocab?: Record<string, number>
}

/** The cost of all-MiniLM-L6-v2 (q8): use for throughput figures, not in unit tests. */
export const MINILM_COST: TestModelOptions = { layers: 6, ffn: 1536, quantized: true }

const SPECIALS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]']
const CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789.,;:!?()[]{}-_+=*/\\\'"%&#@<>|~^$'
const WORDS = `the of and to in is for on that with as by are this we be from at an or it which
  model models attention transformer transformers layer layers network networks neural language
  training train trained data dataset datasets task tasks result results table figure section
  encoder decoder input output sequence sequences token tokens embedding embeddings vector
  retrieval retriever generation generative question questions answer answers knowledge document
  documents passage passages bert pre fine tuning tune learning learn deep self head heads multi
  translation english german french score scores bleu accuracy performance state art new use
  used using our can has have not all each two one three these their than also more such based
  paper work approach method methods experiment experiments show shows shown evaluation test
  large small base size time number position positional word words sentence sentences text`
  .split(/\s+/)
  .filter(Boolean)
const SUFFIXES = ['s', 'ing', 'ed', 'er', 'ers', 'ly', 'tion', 'al', 'ation', 'ize', 'ized', 'ment']

/** The WordPiece vocabulary of the test tokenizer: specials, words, suffixes and every char. */
export function testVocab(): Record<string, number> {
  const tokens = [
    ...SPECIALS,
    ...new Set(WORDS),
    ...[...CHARS],
    ...[...CHARS].map((c) => `##${c}`),
    ...SUFFIXES.map((s) => `##${s}`)
  ]
  const vocab: Record<string, number> = {}
  for (const t of tokens) if (!(t in vocab)) vocab[t] = Object.keys(vocab).length
  return vocab
}

function tokenizerJson(vocab: Record<string, number>): object {
  const special = (content: string): object => ({
    id: vocab[content],
    content,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true
  })
  const piece = (id: string): object => ({ SpecialToken: { id, type_id: 0 } })
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIALS.map(special),
    normalizer: {
      type: 'BertNormalizer',
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: null,
      lowercase: true
    },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [piece('[CLS]'), { Sequence: { id: 'A', type_id: 0 } }, piece('[SEP]')],
      pair: [
        piece('[CLS]'),
        { Sequence: { id: 'A', type_id: 0 } },
        piece('[SEP]'),
        { Sequence: { id: 'B', type_id: 1 } },
        { SpecialToken: { id: '[SEP]', type_id: 1 } }
      ],
      special_tokens: Object.fromEntries(
        ['[CLS]', '[SEP]'].map((t) => [t, { id: t, ids: [vocab[t]], tokens: [t] }])
      )
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab
    }
  }
}

/**
 * Writes a MiniLM-shaped model folder (ONNX encoder + BERT WordPiece tokenizer) into `dir`.
 * @remarks The layout is the one transformers.js and the app expect:
 * `config.json`, `tokenizer.json`, `tokenizer_config.json`, `onnx/model_quantized.onnx`.
 * The encoder has random weights (see {@link buildMiniLmGraph}); pass {@link MINILM_COST} for
 * MiniLM-L6's cost per token. Returns the model folder.
 */
export async function writeTestModel(dir: string, options: TestModelOptions = {}): Promise<string> {
  const vocab = options.vocab ?? testVocab()
  const shape: MiniLmShape = {
    vocabSize: Math.max(...Object.values(vocab)) + 1,
    hidden: options.hidden ?? 384,
    layers: options.layers ?? 1,
    ffn: options.ffn ?? 384,
    quantized: options.quantized ?? false,
    seed: options.seed ?? 1
  }
  const folder = join(dir, options.name ?? 'all-MiniLM-L6-v2')
  await mkdir(join(folder, 'onnx'), { recursive: true })
  const config = {
    model_type: 'bert',
    architectures: ['BertModel'],
    hidden_size: shape.hidden,
    num_hidden_layers: shape.layers,
    num_attention_heads: 12,
    intermediate_size: shape.ffn,
    max_position_embeddings: 512,
    type_vocab_size: 2,
    vocab_size: shape.vocabSize,
    pad_token_id: 0,
    layer_norm_eps: 1e-12
  }
  const tokenizerConfig = {
    tokenizer_class: 'BertTokenizer',
    do_lower_case: true,
    model_max_length: 512,
    clean_up_tokenization_spaces: true,
    cls_token: '[CLS]',
    sep_token: '[SEP]',
    pad_token: '[PAD]',
    unk_token: '[UNK]',
    mask_token: '[MASK]'
  }
  await writeFile(join(folder, 'config.json'), JSON.stringify(config, null, 2))
  await writeFile(join(folder, 'tokenizer.json'), JSON.stringify(tokenizerJson(vocab)))
  await writeFile(join(folder, 'tokenizer_config.json'), JSON.stringify(tokenizerConfig, null, 2))
  await writeFile(join(folder, 'onnx', 'model_quantized.onnx'), buildMiniLmGraph(shape))
  return folder
}
