/** The settings dialog's sections, its one Save and the MCP status line, in English. */
export const settingsFormEn = {
  sections: {
    answers: 'Answers',
    localModel: 'Local model',
    general: 'General',
    connections: 'Connections',
    sync: 'Folders & Zotero',
    lab: 'Lab library'
  },
  form: {
    sections: 'Settings sections',
    unsaved_one: '1 unsaved change',
    unsaved_other: '{{count}} unsaved changes',
    saved: 'Saved.',
    discard: 'Discard',
    askClose_one: 'You have 1 unsaved change.',
    askClose_other: 'You have {{count}} unsaved changes.',
    saveClose: 'Save and close',
    discardClose: 'Discard and close',
    keepEditing: 'Keep editing',
    themeNow: 'Applies at once, on this computer (the top bar’s button switches it too).',
    saveToTest: 'Save first: the test uses the saved model.'
  },
  mcpStatus: {
    ready:
      'Ready: an MCP client given the JSON below starts its own server on this library when it needs one.',
    http: 'Also served by the app over HTTP at <code>{{url}}</code> (Streamable HTTP, with the local API’s token).',
    httpOff:
      'The app itself serves MCP over HTTP only while the local API below runs (at its /mcp). A client’s own server runs outside the app, which cannot see it.'
  }
}
