/** The renderer catalog's lab library section (Settings → Lab library, "Share with the lab"), in English. */
export const labEn = {
  lab: {
    heading: 'Lab library',
    help: 'A library your group shares on a PostgreSQL server with pgvector: its papers are searched beside your own, and a curator shares papers with it. The connection string is kept in this computer’s secret store and never shown again.',
    url: 'Connection string',
    urlPlaceholder: 'postgres://user:password@host:5432/database',
    init: 'Set up or upgrade the lab’s database (curators only)',
    connect: 'Connect',
    connecting: 'Connecting…',
    disconnect: 'Disconnect',
    checking: 'Checking the lab…',
    notConnected: 'Not connected to a lab library.',
    connected:
      'Connected to {{host}} as {{user}} · papers: {{papers, number}} · embedding model: {{model}}',
    noModel: 'none yet',
    curator: 'Curator: you may share papers with the lab.',
    reader: 'Reader: you may search the lab but not share papers with it (curators: {{curators}}).',
    failing: 'The lab at {{host}} (as {{user}}) cannot be used now:',
    fromEnv:
      'This connection comes from the RESEARCHPAL_LAB_URL environment variable; change or remove it there.',
    share: 'Share with the lab',
    readerCannot: 'Your lab role {{user}} may only search the lab; ask a curator to share papers.',
    sharing: 'Sharing {{done, number}} / {{total, number}}: {{title}}',
    starting: 'Sharing with the lab…',
    eta: 'about {{seconds, number}} s left',
    report:
      'Shared with the lab: {{published, number}} · already there: {{already, number}} · failed: {{failed, number}}',
    filedUnder: 'Filed under “{{name}}” in the lab.',
    shareFailed: 'Sharing with the lab stopped:',
    dismiss: 'Dismiss'
  }
}
