import type { Strings } from '../shape'
import type { exportsEn } from '../en/exports'

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
