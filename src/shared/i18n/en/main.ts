import type { Strings } from '../shape'
import { cliEn } from './cli'
import { exportsEn } from './exports'
import { labCliEn } from './lab'
import { mainErrorsEn } from './mainErrors'

/**
 * The texts main writes for people (inside answers, errors, notices, and the CLI's human
 * output), in English; Brazilian Portuguese is in ../pt-BR/main.ts. Plain data, shared so the
 * catalog test can compare the languages; main reads it through i18next in src/main/i18n.ts.
 */
export const mainEn = {
  answer: {
    fallback:
      'I could not write a reliable answer to this question from the papers in the library. The sources below are the closest passages I found; read them directly or rephrase the question.',
    evidenceLabel:
      'Not a generated answer ({{reason}}). These are the passages from the papers most relevant to the question, without summary or interpretation:',
    reasons: {
      NO_API_KEY: 'no Gemini API key is set',
      NO_LOCAL_MODEL: 'no local model is chosen',
      KEY_REJECTED: 'Gemini rejected the API key',
      OFFLINE: 'no internet connection: Gemini cannot be reached'
    },
    noPassages: 'No relevant passage was found in the papers in the library.',
    passage: '[{{number}}] {{title}}, p. {{page}}:',
    figureNotRead:
      'Figures and tables appear here by their captions and the text around them: the figure itself was not read.',
    kinds: { ocr: 'OCR', figure: 'Figure', table: 'Table' },
    greeting:
      'Hello! Ask me anything about the papers in your library; I answer with citations that open the cited page.',
    thanks: "You're welcome! Ask another question about the papers whenever you like.",
    farewell: 'See you! This conversation stays in the conversation list.',
    appHelp:
      'I am ResearchPal: I answer questions about the papers in your library, with numbered citations. Add PDFs or arXiv ids in the library on the left; click a citation to open the page with the passage highlighted; limit a conversation to some papers with "Ask about these"; export a conversation as Markdown and BibTeX. The Gemini key goes in Settings; without it, answers are the most relevant passages.',
    offTopicNoModel:
      'This question does not seem to be about the papers in your library, and with no model available I can only answer from them. Ask something about the papers.',
    offTopicLabel: 'This is not from the papers in your library:'
  },
  cli: cliEn,
  exports: exportsEn,
  tray: {
    tooltip: 'ResearchPal',
    running: 'Importing {{folder}}: {{settled}} of {{total}} papers',
    pausing: 'Pausing the import of {{folder}}: {{settled}} of {{total}} papers',
    paused: 'Import of {{folder}} paused: {{settled}} of {{total}} papers',
    finished:
      'Import of {{folder}} finished: {{indexed}} added, {{duplicates}} already in the library, {{failed}} could not be read',
    cancelled: 'Import of {{folder}} cancelled: {{indexed}} added',
    show: 'Show window',
    quit: 'Quit ResearchPal'
  },
  quitDuringImport: {
    title: 'An import is running',
    message:
      'ResearchPal is still importing {{folder}} ({{settled}} of {{total}} papers). Quit anyway?',
    detail:
      'Nothing is lost: the import continues where it stopped the next time you open ResearchPal. To let it finish now, keep ResearchPal running; closing the window is enough.',
    quit: 'Quit',
    keep: 'Keep importing'
  },
  updates: {
    restartTitle: 'Update ready',
    restartMessage: 'ResearchPal {{version}} has been downloaded. Restart now to use it?',
    restartDetail:
      'Your library and conversations are kept. If you choose Later, it is installed when you quit.',
    restartNow: 'Restart now',
    later: 'Later'
  },
  lab: labCliEn,
  errors: mainErrorsEn
}

/**
 * A message of the `errors` section, as code names it: a plural's base key (`noText`, given a
 * `count`), not its `_one` / `_other` forms.
 */
export type MainErrorKey = Exclude<
  keyof typeof mainEn.errors extends infer K
    ? K extends `${infer Base}_${'one' | 'other'}`
      ? Base
      : K
    : never,
  | 'downloadReasons'
  | 'duplicateWhich'
  | 'holderWhere'
  | 'catalogKept'
  | 'searchIndexKinds'
  | 'journalKept'
  | 'fileKinds'
  | 'catalogQueued'
  | 'recordKinds'
  | 'labWhyNot'
>

/** A main catalog's shape: the English one's keys, any string values. */
export type MainCatalog = Strings<typeof mainEn>
