/**
 * The words of exported documents (a conversation's Markdown, a comparison's Markdown table),
 * in each UI language: the `exports` section of main's catalog.
 */
export const exportsEn = {
  conversation: 'Conversation',
  exported: '_Exported from ResearchPal on {{date, datetime(dateStyle: long)}}; {{scope}}._',
  limitedTo: 'limited to {{titles}}',
  allPapers: 'all papers in the library',
  notes: {
    evidence: '_Evidence only: passages quoted from the papers, not a generated answer._',
    offtopic: '_Not from the papers in the library._',
    unverified: '_Unverified answer: the check could not confirm it._'
  },
  unfinished: {
    running: '_(still being answered when exported)_',
    stopped: '_(stopped before it was answered)_',
    failed: '_(no answer: it failed)_',
    interrupted: '_(no answer: the app stopped while answering)_'
  },
  references: 'References',
  removed: '(removed from the library)',
  paper: 'Paper',
  claim: 'Claim: {{text}}',
  pending: '(not filled yet)',
  failed: '(could not be filled: {{reason}})',
  error: 'error',
  evidence: 'Evidence only (no generated answer): {{quotes}}',
  noPassage: 'no passage found',
  notStated: 'The paper does not say',
  unverified: '[unverified]',
  verdicts: {
    supports: 'Supports',
    contradicts: 'Contradicts',
    'does-not-address': 'Does not address'
  }
}

/** The exported documents' words in Brazilian Portuguese: the same keys. */
export const exportsPtBR: Strings<typeof exportsEn> = {
  conversation: 'Conversa',
  exported: '_Exportado do ResearchPal em {{date, datetime(dateStyle: long)}}; {{scope}}._',
  limitedTo: 'limitado a {{titles}}',
  allPapers: 'todos os artigos da biblioteca',
  notes: {
    evidence: '_Só trechos: passagens citadas dos artigos, não uma resposta gerada._',
    offtopic: '_Não vem dos artigos da biblioteca._',
    unverified: '_Resposta não verificada: a verificação não conseguiu confirmá-la._'
  },
  unfinished: {
    running: '_(ainda sendo respondida quando foi exportada)_',
    stopped: '_(interrompida antes de ser respondida)_',
    failed: '_(sem resposta: falhou)_',
    interrupted: '_(sem resposta: o app foi fechado durante a resposta)_'
  },
  references: 'Referências',
  removed: '(removido da biblioteca)',
  paper: 'Artigo',
  claim: 'Afirmação: {{text}}',
  pending: '(ainda não preenchida)',
  failed: '(não pôde ser preenchida: {{reason}})',
  error: 'erro',
  evidence: 'Só trechos (nenhuma resposta gerada): {{quotes}}',
  noPassage: 'nenhum trecho encontrado',
  notStated: 'O artigo não diz',
  unverified: '[não verificada]',
  verdicts: {
    supports: 'Apoia',
    contradicts: 'Contradiz',
    'does-not-address': 'Não trata disso'
  }
}

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> }
