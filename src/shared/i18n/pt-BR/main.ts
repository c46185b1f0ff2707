import type { MainCatalog } from '../en/main'
import { cliPtBR } from './cli'
import { exportsPtBR } from './exports'
import { labCliPtBR } from './lab'
import { mainErrorsPtBR } from './mainErrors'

/**
 * The Brazilian Portuguese main catalog: the same keys (its type enforces it).
 * @remarks `{{detail}}` (an upstream's or a library's own English words: pdf.js, Gemini, a
 * local server) is left out here, so a Portuguese screen never quotes English.
 */
export const mainPtBR: MainCatalog = {
  answer: {
    fallback:
      'Não consegui escrever uma resposta confiável a esta pergunta com base nos artigos da biblioteca. As fontes abaixo são os trechos mais próximos que encontrei; consulte-as diretamente ou reformule a pergunta.',
    evidenceLabel:
      'Resposta não gerada ({{reason}}). Abaixo estão os trechos dos artigos mais relevantes para a pergunta, sem resumo nem interpretação:',
    reasons: {
      NO_API_KEY: 'nenhuma chave da API Gemini configurada',
      NO_LOCAL_MODEL: 'nenhum modelo local escolhido',
      KEY_REJECTED: 'o Gemini recusou a chave da API',
      OFFLINE: 'sem conexão com a internet: o Gemini não pode ser alcançado'
    },
    noPassages: 'Nenhum trecho relevante foi encontrado nos artigos da biblioteca.',
    passage: '[{{number}}] {{title}}, p. {{page}}:',
    figureNotRead:
      'Figuras e tabelas aparecem aqui pela legenda e pelo texto ao redor: a figura em si não foi lida.',
    kinds: { ocr: 'OCR', figure: 'Figura', table: 'Tabela' },
    greeting:
      'Olá! Pergunte o que quiser sobre os artigos da sua biblioteca; eu respondo com citações que abrem a página citada.',
    thanks: 'De nada! Se quiser, faça outra pergunta sobre os artigos.',
    farewell: 'Até mais! Esta conversa fica salva na lista de conversas.',
    appHelp:
      'Sou o ResearchPal: respondo perguntas sobre os artigos da sua biblioteca, com citações numeradas. Adicione PDFs ou ids do arXiv na biblioteca à esquerda; clique numa citação para abrir a página com o trecho destacado; limite uma conversa a alguns artigos com "Perguntar sobre estes"; exporte a conversa em Markdown e BibTeX. A chave do Gemini fica em Configurações; sem ela, as respostas são os trechos mais relevantes.',
    offTopicNoModel:
      'Esta pergunta não parece ser sobre os artigos da sua biblioteca, e sem um modelo disponível eu só consigo responder a partir deles. Pergunte algo sobre os artigos.',
    offTopicLabel: 'Isto não vem dos artigos da sua biblioteca:'
  },
  cli: cliPtBR,
  exports: exportsPtBR,
  tray: {
    tooltip: 'ResearchPal',
    running: 'Importando {{folder}}: {{settled}} de {{total}} artigos',
    pausing: 'Pausando a importação de {{folder}}: {{settled}} de {{total}} artigos',
    paused: 'Importação de {{folder}} pausada: {{settled}} de {{total}} artigos',
    finished:
      'Importação de {{folder}} concluída: {{indexed}} adicionados, {{duplicates}} já na biblioteca, {{failed}} não puderam ser lidos',
    cancelled: 'Importação de {{folder}} cancelada: {{indexed}} adicionados',
    show: 'Mostrar janela',
    quit: 'Sair do ResearchPal'
  },
  quitDuringImport: {
    title: 'Uma importação está em andamento',
    message:
      'O ResearchPal ainda está importando {{folder}} ({{settled}} de {{total}} artigos). Sair mesmo assim?',
    detail:
      'Nada se perde: a importação continua de onde parou na próxima vez que você abrir o ResearchPal. Para deixá-la terminar agora, mantenha o ResearchPal aberto; basta fechar a janela.',
    quit: 'Sair',
    keep: 'Continuar importando'
  },
  updates: {
    restartTitle: 'Atualização pronta',
    restartMessage: 'O ResearchPal {{version}} foi baixado. Reiniciar agora para usá-lo?',
    restartDetail:
      'Sua biblioteca e suas conversas são mantidas. Se escolher Depois, ela é instalada quando você sair.',
    restartNow: 'Reiniciar agora',
    later: 'Depois'
  },
  lab: labCliPtBR,
  errors: mainErrorsPtBR
}
