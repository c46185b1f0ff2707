/**
 * The lab library's texts (issue 36): its error messages (spread into `errors` of main's
 * catalogs) and the `lab` command's output (the `lab` section), in English and Brazilian
 * Portuguese. Kept in one file of their own so the hub catalogs change by a line each.
 */
export const labErrorsEn = {
  labUnreachable:
    'The lab library at {{host}} cannot be reached ({{reason}}). Your own library is unaffected; check the address and the network, or whether the server is running.',
  labAuth:
    'The lab server at {{host}} refused the login of role {{user}} ({{reason}}). Check the user name and password in the connection string.',
  labNoDatabase:
    'The lab server at {{host}} has no such database ({{reason}}). Check the database name at the end of the connection string.',
  labNoPermission:
    'Role {{user}} is not allowed to do this in the lab at {{host}} ({{reason}}). Publishing and setting up the lab need the curator role; ask the lab’s curator.',
  labTimeout:
    'The lab at {{host}} did not answer in time ({{reason}}). Try again later; your own library is unaffected.',
  labServerError: 'The lab at {{host}} answered with an error: {{reason}}',
  labBadUrl:
    '{{url}} is not a PostgreSQL connection string. Write it as postgres://user:password@host:5432/database.',
  labNoSchema:
    'The database at {{host}} is not a lab library yet. A curator sets it up with: lab connect <url> --init',
  labOlderSchema:
    'The lab at {{host}} has schema version {{found}}; this ResearchPal needs version {{needed}}. A curator upgrades it with: lab connect <url> --init',
  labNewerSchema:
    'The lab at {{host}} was set up by a newer ResearchPal (schema version {{found}}; this one knows up to {{known}}). Update ResearchPal to use it; nothing was changed there or here.',
  labNoExtension:
    'The database at {{host}} does not have the pgvector extension. Ask its administrator to install pgvector and run: CREATE EXTENSION vector',
  labWrongModel:
    'The lab at {{host}} stores vectors of the embedding model {{labModel}}; this library uses {{localModel}}. Papers are shared only between libraries with the same model.',
  labNotConnected:
    'No lab library is connected. Connect one with: lab connect postgres://user:password@host:5432/database',
  labLost:
    'The connection to the lab was lost while publishing {{title}} ({{reason}}). {{done}} of {{total}} papers are in the lab; run lab publish again for the rest (nothing is sent twice).',
  labNoSuchPaper: 'The lab has no paper {{id}}.',
  labPaperNotPublishable: 'Paper {{id}} cannot be published: $t(errors.labWhyNot.{{why}}).',
  labWhyNot: {
    missing: 'there is no such paper in this library',
    notIndexed: 'it is not indexed yet',
    noPdf: 'it has no PDF in the library folder',
    noSha: 'its PDF has no checksum (add it again)'
  },
  labConnectionUnreadable:
    'The lab connection file {{file}} could not be read ({{reason}}); connect again with lab connect.'
}

export const labErrorsPtBR: typeof labErrorsEn = {
  labUnreachable:
    'Não foi possível alcançar a biblioteca do laboratório em {{host}} ({{reason}}). Sua própria biblioteca não foi afetada; verifique o endereço e a rede, ou se o servidor está no ar.',
  labAuth:
    'O servidor do laboratório em {{host}} recusou o login do papel {{user}} ({{reason}}). Verifique o usuário e a senha na string de conexão.',
  labNoDatabase:
    'O servidor do laboratório em {{host}} não tem esse banco de dados ({{reason}}). Verifique o nome do banco no fim da string de conexão.',
  labNoPermission:
    'O papel {{user}} não tem permissão para isso no laboratório em {{host}} ({{reason}}). Publicar e configurar o laboratório exigem o papel de curador; fale com o curador do laboratório.',
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
    'O arquivo de conexão do laboratório {{file}} não pôde ser lido ({{reason}}); conecte de novo com lab connect.'
}

export const labCliEn = {
  connected:
    'Connected to the lab at {{host}} as {{user}}: schema v{{version}}, pgvector {{pgvector}}, model {{model}}, {{papers, number}} papers, {{chunks, number}} chunks ({{server}}).',
  initialized: 'Lab schema set up: migration(s) {{versions}} applied.',
  disconnected:
    'Disconnected from the lab at {{host}}. Nothing was removed from the lab or from this library.',
  notConnected: 'No lab library is connected.',
  noModel: 'none yet (set by the first member who publishes vectors)',
  fromEnv: '(connection from RESEARCHPAL_LAB_URL)',
  publishProgress: 'Publishing {{done}}/{{total}}: {{title}}{{eta}}',
  eta: ' (about {{seconds}} s left)',
  published:
    'Published {{published, number}} paper(s), {{already, number}} already in the lab, {{failed, number}} failed.',
  failedPaper: '! {{id}}: {{message}}',
  localHit: '{{rank}}. {{title}}, p. {{page}} ({{section}}) {{score}}',
  labHit: '{{rank}}. [lab] {{title}}, p. {{page}} ({{section}}) {{score}}',
  noHits: 'The lab found nothing for this query.',
  opened: '{{title}}: {{file}} (page {{page}})',
  localOnly:
    '! The lab could not be searched, so these results are from this library only: {{message}}',
  help: `lab connect <postgres-url> [--init]   connect this library to a lab (--init: a curator sets up or upgrades its schema)
lab status                            the lab's server, schema, model and size
lab publish [paperId...] [--all]      share papers with the lab (idempotent; run again to resume)
lab search "<query>" [-k N]           search the lab only
lab open <lab paper or chunk id>      fetch a lab paper's PDF once into this library's cache
lab disconnect                        forget the connection (nothing is deleted)`
}

export const labCliPtBR: typeof labCliEn = {
  connected:
    'Conectado ao laboratório em {{host}} como {{user}}: esquema v{{version}}, pgvector {{pgvector}}, modelo {{model}}, {{papers, number}} artigos, {{chunks, number}} trechos ({{server}}).',
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
lab search "<busca>" [-k N]           busca só no laboratório
lab open <id de artigo ou trecho>     baixa uma vez o PDF de um artigo do laboratório para o cache desta biblioteca
lab disconnect                        esquece a conexão (nada é apagado)`
}
