import type { labEn } from '../en/rendererLab'
import type { Catalog } from '../en/renderer'

/** The renderer catalog's lab library section in Brazilian Portuguese (the keys of ../en/rendererLab.ts). */
export const labPtBR: Pick<Catalog, keyof typeof labEn> = {
  lab: {
    heading: 'Biblioteca do laboratório',
    help: 'Uma biblioteca que seu grupo compartilha num servidor PostgreSQL com pgvector: os artigos dela são buscados junto com os seus, e um curador compartilha artigos com ela. A string de conexão fica no cofre de segredos deste computador e nunca é mostrada de novo.',
    url: 'String de conexão',
    urlPlaceholder: 'postgres://usuario:senha@servidor:5432/banco',
    init: 'Configurar ou atualizar o banco do laboratório (só curadores)',
    connect: 'Conectar',
    connecting: 'Conectando…',
    disconnect: 'Desconectar',
    checking: 'Verificando o laboratório…',
    notConnected: 'Nenhuma biblioteca de laboratório conectada.',
    connected:
      'Conectado a {{host}} como {{user}} · artigos: {{papers, number}} · modelo de embeddings: {{model}}',
    noModel: 'nenhum ainda',
    curator: 'Curador: você pode compartilhar artigos com o laboratório.',
    reader:
      'Leitor: você pode buscar no laboratório, mas não compartilhar artigos com ele (curadores: {{curators}}).',
    failing: 'O laboratório em {{host}} (como {{user}}) não pode ser usado agora:',
    fromEnv:
      'Esta conexão vem da variável de ambiente RESEARCHPAL_LAB_URL; altere-a ou remova-a lá.',
    share: 'Compartilhar com o laboratório',
    readerCannot:
      'Seu papel no laboratório, {{user}}, só pode buscar; peça a um curador que compartilhe os artigos.',
    sharing: 'Compartilhando {{done, number}} / {{total, number}}: {{title}}',
    starting: 'Compartilhando com o laboratório…',
    eta: 'faltam cerca de {{seconds, number}} s',
    report:
      'Compartilhados com o laboratório: {{published, number}} · já estavam lá: {{already, number}} · falharam: {{failed, number}}',
    filedUnder: 'Guardados como “{{name}}” no laboratório.',
    shareFailed: 'O compartilhamento com o laboratório parou:',
    dismiss: 'Fechar'
  }
}
