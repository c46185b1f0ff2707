import type { settingsFormEn } from '../en/rendererSettings'
import type { Strings } from '../shape'

/** As seções das Configurações, o seu único Salvar e a linha de estado do MCP, em português. */
export const settingsFormPtBR: Strings<typeof settingsFormEn> = {
  sections: {
    answers: 'Respostas',
    localModel: 'Modelo local',
    general: 'Geral',
    connections: 'Conexões',
    sync: 'Pastas e Zotero',
    lab: 'Biblioteca do laboratório'
  },
  form: {
    sections: 'Seções das configurações',
    unsaved_one: '1 alteração não salva',
    unsaved_other: '{{count}} alterações não salvas',
    saved: 'Salvo.',
    discard: 'Descartar',
    askClose_one: 'Há 1 alteração não salva.',
    askClose_other: 'Há {{count}} alterações não salvas.',
    saveClose: 'Salvar e fechar',
    discardClose: 'Descartar e fechar',
    keepEditing: 'Continuar editando',
    themeNow: 'Vale na hora, neste computador (o botão da barra superior também o troca).',
    saveToTest: 'Salve antes: o teste usa o modelo salvo.'
  },
  mcpStatus: {
    ready:
      'Pronto: um cliente MCP com o JSON abaixo inicia o seu próprio servidor nesta biblioteca quando precisar.',
    http: 'O app também o serve por HTTP em <code>{{url}}</code> (Streamable HTTP, com o token da API local).',
    httpOff:
      'O próprio app só serve MCP por HTTP enquanto a API local abaixo estiver ligada (no seu /mcp). O servidor de um cliente roda fora do app, que não o vê.'
  }
}
