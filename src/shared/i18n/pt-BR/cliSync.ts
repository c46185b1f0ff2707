import type { CliCatalog } from '../en/cli'

/** The CLI's texts for `sync` (a synced folder's scans, conflicts and repairs). */
export const cliSyncPtBR: CliCatalog['sync'] = {
  watching: 'Observando {{folder}}{{how}}. Rode "sync --once" para trazer o que já está lá.',
  polling: ' (por varredura periódica: uma pasta de rede ou sincronizada na nuvem)',
  notWatched: '{{folder}} não é uma pasta observada.',
  unwatched: 'Não observando mais {{folder}}; seus artigos continuam na biblioteca.',
  noFolders: 'Nenhuma pasta observada. Adicione uma com: watch add <pasta>',
  folderRow: '{{folder}}{{how}}: {{files, number}} PDF(s), última sincronização {{when}}',
  zoteroRow:
    'Zotero {{dir}} ({{scope}}): {{items, number}} item(ns), última sincronização {{when}}',
  never: 'nunca',
  paused: 'A sincronização está pausada: "watch resume" a retoma.',
  pausedNow: 'Sincronização pausada: nada é adicionado nem marcado até "watch resume".',
  resumedNow: 'Sincronização retomada.',
  linked:
    'Vinculado à biblioteca do Zotero em {{dir}} ({{scope}}), só leitura: o Zotero pode ficar aberto. Rode "sync --once" para trazê-la.',
  wholeLibrary: 'a biblioteca inteira',
  noLink: 'Não havia vínculo com o Zotero.',
  unlinked: 'Desvinculado do Zotero; seus artigos continuam na biblioteca.',
  nothing:
    'Nada a sincronizar: adicione uma pasta com "watch add <pasta>" ou vincule o Zotero com "zotero link <pasta>".',
  summary: 'Sincronizado em {{when, datetime(dateStyle: short; timeStyle: short)}}: {{summary}}.',
  noChanges: 'nenhuma mudança',
  count: {
    new_one: '{{count, number}} novo',
    new_other: '{{count, number}} novos',
    updated_one: '{{count, number}} atualizado',
    updated_other: '{{count, number}} atualizados',
    moved_one: '{{count, number}} movido',
    moved_other: '{{count, number}} movidos',
    restored_one: '{{count, number}} de volta',
    restored_other: '{{count, number}} de volta',
    missing_one: '{{count, number}} arquivo ausente',
    missing_other: '{{count, number}} arquivos ausentes',
    trashed_one: '{{count, number}} na lixeira do Zotero',
    trashed_other: '{{count, number}} na lixeira do Zotero',
    duplicate_one: '{{count, number}} duplicado',
    duplicate_other: '{{count, number}} duplicados',
    failed_one: '{{count, number}} com falha',
    failed_other: '{{count, number}} com falha',
    noPdf_one: '{{count, number}} sem PDF',
    noPdf_other: '{{count, number}} sem PDF',
    settling_one: '{{count, number}} ainda sendo gravado',
    settling_other: '{{count, number}} ainda sendo gravados'
  },
  change: {
    new: '+ {{file}}: novo, “{{title}}”',
    updated: '~ {{file}}: atualizado, “{{title}}”',
    moved: '→ {{file}}: movido ou renomeado, continua “{{title}}”',
    restored: '↺ {{file}}: de volta, “{{title}}”',
    missing:
      '! {{file}} sumiu. “{{title}}” foi mantido, marcado como "arquivo ausente": devolva o arquivo, ou remova o artigo com: remove {{paperId}}',
    trashed:
      '! “{{title}}” está na lixeira do Zotero (ou foi apagado lá). Ele foi mantido aqui, marcado; remova-o com: remove {{paperId}}',
    duplicate: '= {{file}}: já está na biblioteca como “{{title}}”',
    failed: '✗ {{file}}: não pôde ser adicionado (veja: papers)',
    noPdf:
      '· “{{title}}”: sem PDF no Zotero; guardado só com os dados (anexe ou busque o PDF na biblioteca)',
    settling: '… {{file}}: ainda sendo gravado; entra quando parar de crescer'
  },
  watchingNow: 'Observando {{folders, number}} pasta(s){{zotero}}; Ctrl-C encerra.',
  andZotero: ' e o Zotero',
  stopping: 'Encerrando…'
}
