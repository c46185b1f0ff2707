import type { CliCatalog } from '../en/cli'

/** The CLI's usage errors (a command typed wrongly, and how to type it). */
export const cliUsageErrorsPtBR: CliCatalog['usageErrors'] = {
  unknownOption: 'Opção desconhecida {{option}}',
  needsValue: '{{option}} precisa de um valor',
  needsValueDash:
    '{{option}} precisa de um valor (escreva {{option}}=VALOR para um valor que começa com hífen)',
  wholeNumber: "--{{name}} deve ser um número inteiro de {{min}} a {{max}}, não '{{value}}'",
  port: "{{option}} deve ser um número de porta de 0 a 65535, não '{{value}}'",
  oneOf: "--{{name}} deve ser {{allowed}}, não '{{value}}'",
  wait: "--wait deve ser um número de segundos de 0 a 86400, não '{{value}}'",
  modelNeedsProvider:
    '--model precisa de --provider (gemini ou local) para dizer de quem é o modelo',
  needs: '{{command}} precisa de $t(cli.usageErrors.what.{{what}})',
  what: {
    inputs: 'pelo menos um PDF, uma pasta ou um id do arXiv',
    paperId: 'um id de artigo',
    paperIdSeePapers: 'um id de artigo (veja: papers)',
    query: 'uma consulta entre aspas',
    paperAndSection: 'um id de artigo e o nome de uma seção',
    question: 'uma pergunta entre aspas',
    threadVerb: '"show <id>" ou "export <id> --format md|bib"',
    folder: 'uma pasta de PDFs',
    bibFile: 'um arquivo BibTeX ou RIS',
    zoteroFolder: 'a pasta de dados do Zotero (normalmente ~/Zotero)',
    doi: 'um DOI como 10.18653/v1/N19-1423',
    title: 'um título entre aspas',
    paperEdit: 'edit <paperId> [--title T] [--authors "A; B"] ...',
    paperEditField:
      'pelo menos uma destas opções: --title --authors --year --venue --doi --language --tags',
    collectionVerb: 'create|rename|delete|add|remove NOME ...',
    renameNames: 'o nome antigo e o novo',
    paperIds: 'ids de artigos',
    watchVerb: 'add|remove|list|pause|resume [<pasta>]',
    zoteroVerb: 'link <pasta do Zotero> [--collection NOME]... ou unlink',
    exportFormat: '--format md ou --format bib',
    labUrl: 'uma string de conexão como postgres://usuario:senha@servidor:5432/banco',
    labId: 'um id de artigo ou trecho do laboratório (lab-…, vindo da busca)'
  },
  threadBoth: 'Use --thread ou --new-thread, não os dois',
  paperNeedsNewThread: '--paper com ask limita uma conversa nova: acrescente --new-thread',
  compareBoth: 'compare aceita --papers ou --collection, não os dois',
  comparePapers: 'compare precisa de --papers <id,id,...>, --collection NOME ou --thread <id>',
  compareQuestion: 'compare precisa de pelo menos uma --question "..." ou --claim "..."',
  year: "--year deve ser um ano como 2019, não '{{value}}'",
  unknownThreadCommand: "thread não conhece o comando '{{verb}}' (use show ou export)",
  unknownCollectionCommand: "collection não conhece o comando '{{verb}}'",
  labPublishCollection:
    'lab publish aceita --collection NOME sozinho: sem ids de artigos nem --all',
  unknownLabCommand:
    "Comando lab desconhecido '{{verb}}' (connect, status, publish, search, open ou disconnect)",
  unknownWatchCommand: "Comando watch desconhecido '{{verb}}' (add, remove, list, pause ou resume)",
  unknownZoteroCommand: "Comando zotero desconhecido '{{verb}}' (link ou unlink)",
  unknownCommand: "Comando desconhecido '{{command}}'",
  noCommand: 'Nenhum comando informado'
}
