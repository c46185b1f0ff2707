/**
 * The words of exported documents (a conversation's Markdown, a comparison's Markdown table),
 * in English (Brazilian Portuguese: ../pt-BR/exports.ts): the `exports` section of main's catalog.
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
