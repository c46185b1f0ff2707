/**
 * The lab library's texts (issue 36): its error messages (spread into `errors` of main's
 * catalogs) and the `lab` command's output (the `lab` section), in English (Brazilian
 * Portuguese: ../pt-BR/lab.ts). Kept in one file of their own so the hub catalogs change by a line each.
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
  labCannotPublish:
    'Role {{user}} may search the lab at {{host}} but not publish to it: publishing needs the {{role}} role. Ask a curator ({{curators}}) to publish these papers, or to grant you the role (GRANT {{role}} TO {{user}}).',
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
    'The lab connection file {{file}} could not be read ({{reason}}); it is left as it was. Connect again with: lab connect <postgres-url>'
}

export const labCliEn = {
  paperCount_one: '{{count, number}} paper',
  paperCount_other: '{{count, number}} papers',
  chunkCount_one: '{{count, number}} chunk',
  chunkCount_other: '{{count, number}} chunks',
  connected:
    'Connected to the lab at {{host}} as {{user}}: schema v{{version}}, pgvector {{pgvector}}, model {{model}}, {{papers}}, {{chunks}} ({{server}}).',
  accessCurator: 'Role {{user}} is a curator of this lab: it may search and publish.',
  accessReader:
    'Role {{user}} is a reader of this lab: it may search but not publish (publishing needs {{role}}; curators: {{curators}}).',
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
  emptyCollection: 'The collection "{{name}}" has no papers, so nothing was published.',
  localHit: '{{rank}}. {{title}}, p. {{page}} ({{section}}) {{score}}',
  labHit: '{{rank}}. [lab] {{title}}, p. {{page}} ({{section}}) {{score}}',
  noHits: 'The lab found nothing for this query.',
  opened: '{{title}}: {{file}} (page {{page}})',
  localOnly:
    '! The lab could not be searched, so these results are from this library only: {{message}}',
  help: `lab connect <postgres-url> [--init]   connect this library to a lab (--init: a curator sets up or upgrades its schema)
lab status                            the lab's server, schema, model and size
lab publish [paperId...] [--all]      share papers with the lab (idempotent; run again to resume)
lab publish --collection NAME         share a collection's papers, filed under NAME in the lab too
lab search "<query>" [-k N]           search the lab only
lab open <lab paper or chunk id>      fetch a lab paper's PDF once into this library's cache
lab disconnect                        forget the connection (nothing is deleted)`
}
