import type { labCliEn, labErrorsEn } from '../en/lab'

/** The lab library's texts in Brazilian Portuguese: the same keys (their types enforce it). */
export const labErrorsPtBR: typeof labErrorsEn = {
  labUnreachable:
    'Não foi possível alcançar a biblioteca do laboratório em {{host}} ({{reason}}). Sua própria biblioteca não foi afetada; verifique o endereço e a rede, ou se o servidor está no ar.',
  labAuth:
    'O servidor do laboratório em {{host}} recusou o login do papel {{user}} ({{reason}}). Verifique o usuário e a senha na string de conexão.',
  labNoDatabase:
    'O servidor do laboratório em {{host}} não tem esse banco de dados ({{reason}}). Verifique o nome do banco no fim da string de conexão.',
  labNoPermission:
    'O papel {{user}} não tem permissão para isso no laboratório em {{host}} ({{reason}}). Publicar e configurar o laboratório exigem o papel de curador; fale com o curador do laboratório.',
  labCannotPublish:
    'O papel {{user}} pode buscar no laboratório em {{host}}, mas não publicar nele: publicar exige o papel {{role}}. Peça a um curador ({{curators}}) que publique estes artigos ou que lhe conceda o papel (GRANT {{role}} TO {{user}}).',
  labTimeout:
    'O laboratório em {{host}} não respondeu a tempo ({{reason}}). Tente mais tarde; sua própria biblioteca não foi afetada.',
  labServerError: 'O laboratório em {{host}} respondeu com um erro: {{reason}}',
  labBadUrl:
    '{{url}} não é uma string de conexão PostgreSQL. Escreva-a como postgres://usuario:senha@servidor:5432/banco.',
  labNoSchema:
    'O banco de dados em {{host}} ainda não é uma biblioteca de laboratório. Um curador a configura com: lab connect <url> --init',
  labOlderSchema:
    'O laboratório em {{host}} tem o esquema na versão {{found}}; este ResearchPal precisa da versão {{needed}}. Um curador o atualiza com: lab connect <url> --init',
  labNewerSchema:
    'O laboratório em {{host}} foi configurado por um ResearchPal mais novo (esquema versão {{found}}; este conhece até a {{known}}). Atualize o ResearchPal para usá-lo; nada foi alterado lá nem aqui.',
  labNoExtension:
    'O banco de dados em {{host}} não tem a extensão pgvector. Peça ao administrador que instale o pgvector e execute: CREATE EXTENSION vector',
  labWrongModel:
    'O laboratório em {{host}} guarda vetores do modelo de embeddings {{labModel}}; esta biblioteca usa {{localModel}}. Artigos só são compartilhados entre bibliotecas com o mesmo modelo.',
  labNotConnected:
    'Nenhuma biblioteca de laboratório está conectada. Conecte uma com: lab connect postgres://usuario:senha@servidor:5432/banco',
  labLost:
    'A conexão com o laboratório caiu durante a publicação de {{title}} ({{reason}}). {{done}} de {{total}} artigos estão no laboratório; execute lab publish de novo para o restante (nada é enviado duas vezes).',
  labNoSuchPaper: 'O laboratório não tem o artigo {{id}}.',
  labPaperNotPublishable: 'O artigo {{id}} não pode ser publicado: $t(errors.labWhyNot.{{why}}).',
  labWhyNot: {
    missing: 'não há esse artigo nesta biblioteca',
    notIndexed: 'ele ainda não foi indexado',
    noPdf: 'ele não tem PDF na pasta da biblioteca',
    noSha: 'o PDF dele não tem soma de verificação (adicione-o de novo)'
  },
  labConnectionUnreadable:
    'O arquivo de conexão do laboratório {{file}} não pôde ser lido ({{reason}}); ele fica como estava. Conecte de novo com: lab connect <url-postgres>'
}

/** The `lab` command's output in Brazilian Portuguese. */
export const labCliPtBR: typeof labCliEn = {
  paperCount_one: '{{count, number}} artigo',
  paperCount_other: '{{count, number}} artigos',
  chunkCount_one: '{{count, number}} trecho',
  chunkCount_other: '{{count, number}} trechos',
  connected:
    'Conectado ao laboratório em {{host}} como {{user}}: esquema v{{version}}, pgvector {{pgvector}}, modelo {{model}}, {{papers}}, {{chunks}} ({{server}}).',
  accessCurator: 'O papel {{user}} é curador deste laboratório: pode buscar e publicar.',
  accessReader:
    'O papel {{user}} é leitor deste laboratório: pode buscar, mas não publicar (publicar exige {{role}}; curadores: {{curators}}).',
  initialized: 'Esquema do laboratório configurado: migração(ões) {{versions}} aplicada(s).',
  disconnected:
    'Desconectado do laboratório em {{host}}. Nada foi removido do laboratório nem desta biblioteca.',
  notConnected: 'Nenhuma biblioteca de laboratório está conectada.',
  noModel: 'nenhum ainda (definido pelo primeiro membro que publicar vetores)',
  fromEnv: '(conexão vinda de RESEARCHPAL_LAB_URL)',
  publishProgress: 'Publicando {{done}}/{{total}}: {{title}}{{eta}}',
  eta: ' (faltam cerca de {{seconds}} s)',
  published:
    '{{published, number}} artigo(s) publicado(s), {{already, number}} já estavam no laboratório, {{failed, number}} falharam.',
  emptyCollection: 'A coleção "{{name}}" não tem artigos; nada foi publicado.',
  failedPaper: '! {{id}}: {{message}}',
  localHit: '{{rank}}. {{title}}, p. {{page}} ({{section}}) {{score}}',
  labHit: '{{rank}}. [lab] {{title}}, p. {{page}} ({{section}}) {{score}}',
  noHits: 'O laboratório não encontrou nada para esta busca.',
  opened: '{{title}}: {{file}} (página {{page}})',
  localOnly:
    '! Não foi possível buscar no laboratório; estes resultados são só desta biblioteca: {{message}}',
  help: `lab connect <url-postgres> [--init]   conecta esta biblioteca a um laboratório (--init: um curador configura ou atualiza o esquema)
lab status                            servidor, esquema, modelo e tamanho do laboratório
lab publish [idDoArtigo...] [--all]   compartilha artigos com o laboratório (idempotente; execute de novo para retomar)
lab publish --collection NOME         compartilha os artigos de uma coleção, guardados também como NOME no laboratório
lab search "<busca>" [-k N]           busca só no laboratório
lab open <id de artigo ou trecho>     baixa uma vez o PDF de um artigo do laboratório para o cache desta biblioteca
lab disconnect                        esquece a conexão (nada é apagado)`
}
