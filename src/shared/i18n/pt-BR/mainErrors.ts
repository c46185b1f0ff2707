import type { MainCatalog } from '../en/main'
import { labErrorsPtBR } from './lab'

/** The `errors` section of main's catalog in Brazilian Portuguese (the same keys). */
export const mainErrorsPtBR: MainCatalog['errors'] = {
  ...labErrorsPtBR,
  linkInvalid:
    'Este link não pode ser aberto: {{link}} não é um link de trecho do ResearchPal (researchpal://paper/<id>?page=N).',
  linkPaperMissing:
    'O link aponta para o artigo {{paperId}}, que não está nesta biblioteca. Adicione o artigo e abra o link de novo.',
  openFileFailed: 'Não foi possível adicionar o arquivo à biblioteca.',
  internal:
    'Algo deu errado (um erro interno). O app continua funcionando; tente de novo e, se continuar falhando, informe o problema junto com o registro (log).',
  both: '$t(errors.{{firstKey}}) $t(errors.{{secondKey}})',
  cancelled: 'A operação foi cancelada.',
  cancelledAnswer: 'A resposta foi cancelada.',
  cancelledDownload: 'O download do arXiv {{id}} foi cancelado.',
  cancelledIndexing: 'A indexação de {{file}} foi cancelada.',
  cancelledReading: 'A leitura de {{file}} foi cancelada.',
  cancelledEmbedding: 'O cálculo dos vetores foi cancelado.',
  cancelledSearch: 'A busca foi cancelada.',
  cancelledComparison: 'A comparação foi cancelada.',
  indexingCancelled: 'A indexação de {{file}} foi cancelada. Tente de novo para indexá-lo.',
  pdfEmpty: '{{file}} está vazio (0 bytes). Adicione o PDF de novo.',
  notPdf: '{{file}} não é um PDF (não começa com %PDF). Adicione o arquivo PDF do artigo.',
  pdfPageUnreadable:
    '{{file}}: a página {{page}} não pôde ser lida. O PDF pode estar danificado; tente baixá-lo de novo.',
  pdfEncrypted:
    '{{file}} está protegido por senha. Salve uma cópia sem proteção do PDF e adicione essa cópia.',
  pdfDamaged: '{{file}} está danificado e não pôde ser aberto. Tente baixar o PDF de novo.',
  pdfReaderStopped:
    '{{file}} não pôde ser lido: o leitor de PDF parou durante a leitura. O PDF pode estar danificado ou ser grande demais; tente outra cópia.',
  noText_one:
    '{{file}} não tem texto extraível ({{count}} página): provavelmente é uma digitalização ou está em branco. Passe um OCR nele e adicione o PDF pesquisável.',
  noText_other:
    '{{file}} não tem texto extraível ({{count}} páginas): provavelmente é uma digitalização ou está em branco. Passe um OCR nele e adicione o PDF pesquisável.',
  almostNoText_one:
    '{{file}} quase não tem texto extraível ({{chars}} caracteres em {{count}} página): provavelmente é uma digitalização. Passe um OCR nele e adicione o PDF pesquisável.',
  almostNoText_other:
    '{{file}} quase não tem texto extraível ({{chars}} caracteres em {{count}} páginas): provavelmente é uma digitalização. Passe um OCR nele e adicione o PDF pesquisável.',
  notArxivDoi:
    '{{doi}} não é um DOI do arXiv (10.48550/arXiv.…); o ResearchPal só baixa artigos do arXiv. Baixe o PDF do artigo e adicione o arquivo.',
  notArxivId:
    '"{{input}}" não é um identificador do arXiv. Use um identificador como 1706.03762 ou um link como https://arxiv.org/abs/1706.03762.',
  arxivNoVersion:
    'O arXiv não tem a versão {{version}} de {{id}} (404). Confira a versão, ou adicione {{id}} sem versão para obter a mais recente.',
  arxivNoPaper: 'O arXiv não tem o artigo {{id}} (404). Confira o identificador.',
  arxivFailed_one:
    'Não foi possível baixar o arXiv {{id}} após {{count}} tentativa ($t(errors.downloadReasons.{{reason}})). Verifique a conexão com a internet e tente de novo.',
  arxivFailed_other:
    'Não foi possível baixar o arXiv {{id}} após {{count}} tentativas ($t(errors.downloadReasons.{{reason}})). Verifique a conexão com a internet e tente de novo.',
  downloadReasons: {
    offline: 'sem conexão com a internet, ou o arxiv.org está inacessível',
    timeout: 'o tempo de espera acabou',
    notPdf: 'o servidor não enviou um PDF',
    http: 'HTTP {{status}}'
  },
  arxivDuplicate:
    'O arXiv {{id}} já está na biblioteca ($t(errors.duplicateWhich.{{which}})), e a biblioteca guarda uma versão de cada artigo. Para usar {{id}}{{version}}, remova {{existing}} primeiro e adicione-o de novo.',
  duplicateWhich: {
    version: 'versão {{held}}',
    latest: 'a versão mais recente quando foi adicionado',
    file: 'a cópia adicionada do arquivo "{{fileName}}"'
  },
  samePdfAsTwin:
    'O arXiv {{id}} é o mesmo PDF que "{{title}}" ({{twinId}}), que já está na biblioteca. Remova esta entrada.',
  pathsNotFound: 'Não encontrado ou sem permissão de leitura: {{paths}}. Confira o caminho.',
  pdfMissing:
    'O PDF de "{{title}}" ({{id}}) não está na pasta da biblioteca. Adicione o arquivo de novo para restaurá-lo.',
  noPdfYet:
    '"{{title}}" ainda não tem PDF (uma referência guardada sem ele), por isso não entra nas buscas. Busque o PDF ou anexe um nos detalhes.',
  alreadyHasPdf: '"{{title}}" já tem PDF.',
  nothingToFetchBy:
    '"{{title}}" não tem id do arXiv nem DOI para buscar o PDF. Anexe o PDF: solte-o sobre o artigo ou escolha-o nos detalhes.',
  attachSamePdf:
    'Este PDF já está na biblioteca como "{{title}}" ({{twinId}}). Remova um deles ou anexe outro PDF.',
  pdfNotInFolderYet: 'O PDF de "{{title}}" ainda não está na pasta da biblioteca.',
  noSuchPaper: 'Não há artigo {{id}} na biblioteca.',
  noSuchPapers:
    'Nenhum artigo com id {{ids}} está na biblioteca. Liste os artigos para ver os ids.',
  noSuchCollection: 'Não há coleção {{id}}; talvez tenha sido apagada. Recarregue a biblioteca.',
  collectionNeedsName: 'Uma coleção precisa de um nome.',
  collectionNameTaken: 'Já existe uma coleção chamada "{{name}}". Escolha outro nome.',
  noCollectionNamed: 'Não há coleção "{{name}}". Veja as coleções com: collections',
  storedTextDamagedReadOnly:
    'O texto guardado de "{{title}}" ({{id}}) está danificado ({{reason}}). Abra o ResearchPal, ou rode o comando repair, para reconstruí-lo a partir do PDF.',
  storedTextDamaged:
    'O texto guardado de "{{title}}" ({{id}}) está danificado ({{reason}}). Ele está sendo reindexado; tente de novo quando terminar.',
  textNotExtracted: 'O texto de "{{title}}" ainda não foi extraído.',
  libraryReadOnly:
    'Esta biblioteca foi aberta só para leitura (outro processo pode estar gravando nela); não é possível alterá-la aqui.',
  doiNeedsOnline: 'Adicionar por DOI precisa dos serviços online, que estão desligados aqui.',
  noOpenAccessPdf:
    'O Unpaywall não conhece um PDF de acesso aberto para {{doi}}. Baixe o PDF da editora (ou da sua biblioteca) e adicione o arquivo.',
  openAccessNotPdf:
    'O link de acesso aberto de {{doi}} ({{url}}) não entregou um PDF. Abra-o num navegador e adicione o PDF manualmente.',
  serviceTimeout: '{{service}} não respondeu a tempo. Tente de novo mais tarde.',
  serviceOffline:
    '{{service}} não pode ser alcançado: sem conexão com a internet. Será tentado de novo quando você estiver online.',
  serviceRateLimitedWait:
    '{{service}} pede que as requisições diminuam (muitas requisições). Nova tentativa em {{seconds}} s.',
  serviceRateLimited:
    '{{service}} pede que as requisições diminuam (muitas requisições). Tente de novo em um minuto.',
  serviceDown:
    '{{service}} não está funcionando agora (HTTP {{status}}). Tente de novo mais tarde.',
  serviceRefused: '{{service}} recusou a requisição (HTTP {{status}}).',
  newerLibrary:
    '{{file}} foi gravado por um ResearchPal mais novo (formato da biblioteca {{version}}; esta versão lê até {{supported}}). Atualize o ResearchPal para abrir esta biblioteca; nada foi alterado.',
  newerSettings:
    '{{file}} foi gravado por um ResearchPal mais novo (formato de configurações {{version}}). Atualize o ResearchPal; nada foi alterado.',
  newerVectors:
    '{{file}} foi gravado por um ResearchPal mais novo (formato {{version}}). Atualize o ResearchPal para abrir esta biblioteca; nada foi alterado.',
  dataFolderBusy:
    '$t(errors.holderWhere.{{where}}) está gravando nesta pasta de dados. Tente de novo quando terminar, ou feche-o. Se nenhum processo assim estiver rodando, apague {{lockFile}}.',
  dataFolderBusyWaited:
    '$t(errors.holderWhere.{{where}}) está gravando nesta pasta de dados (esperei {{seconds}} s). Tente de novo quando terminar, ou feche-o. Se nenhum processo assim estiver rodando, apague {{lockFile}}.',
  holderWhere: {
    here: '{{holder}} (pid {{pid}}, desde {{since}})',
    elsewhere: '{{holder}} (pid {{pid}} em {{host}}, desde {{since}})'
  },
  waitingForWriter:
    'Esperando $t(errors.holderWhere.{{where}}) terminar de gravar na pasta de dados…',
  lockCreateFailed:
    'Não foi possível criar {{file}} ({{reason}}). Verifique se a pasta de dados existe e permite gravação.',
  diskFullReserveUsed:
    'O disco de {{folder}} está cheio ({{free}} livres). O ResearchPal usou os {{size}} que guarda de reserva ali para abrir a biblioteca: remova artigos de que não precisa mais (remove) ou libere espaço nesse disco; a reserva volta a ser guardada quando houver espaço.',
  diskFull:
    'O disco de {{folder}} está cheio ({{free}} livres): salvar {{file}} precisa de cerca de {{needed}}. Libere pelo menos isso lá (remova artigos de que não precisa mais com remove, ou apague outros arquivos desse disco) e tente de novo.',
  saveFailed:
    'Não foi possível salvar {{file}} ({{reason}}). Verifique se há espaço livre no disco e se a pasta permite gravação, e tente de novo.',
  deleteFilesFailed:
    'Não foi possível apagar os arquivos do artigo {{id}}. Verifique se a pasta de dados permite gravação.',
  vectorsSaveFailed:
    'Não foi possível salvar os vetores do artigo {{id}}. Verifique se há espaço livre no disco e reindexe o artigo.',
  geminiTimeout:
    'O Gemini ({{model}}) não respondeu em {{seconds}} s. Tente de novo, ou aumente o tempo limite das requisições em Configurações.',
  geminiStopped: 'O Gemini ({{model}}) parou de responder. Tente de novo daqui a pouco.',
  geminiOffline:
    'Sem conexão com a internet: o Gemini não pode ser alcançado (este computador parece estar offline, ou um proxy ou firewall bloqueia a conexão). A busca e a leitura continuam funcionando; tente de novo quando estiver online.',
  geminiKeyRejected:
    'O Gemini recusou a chave da API. Configure uma chave válida em Configurações.',
  geminiRateLimitedWait:
    'O limite de uso ou a cota desta chave do Gemini foi atingido. Tente de novo em {{seconds}} s, ou confira a cota da chave no Google AI Studio.',
  geminiRateLimited:
    'O limite de uso ou a cota desta chave do Gemini foi atingido. Tente de novo em um minuto, ou confira a cota da chave no Google AI Studio.',
  geminiUnavailable:
    'O Gemini está indisponível ou sobrecarregado agora (HTTP {{status}}). Tente de novo em um minuto.',
  geminiUnknownModel:
    'O Gemini não conhece o modelo "{{model}}". Escolha outro modelo em Configurações.',
  localTimeout:
    'O modelo local "{{model}}" não enviou nada em {{seconds}} s. Um modelo grande num computador lento pode precisar de mais tempo: aumente o tempo limite das requisições em Configurações, ou escolha um modelo menor.',
  localModelMissing:
    'O modelo "{{model}}" não está instalado no servidor local em {{baseUrl}}. Instale-o com `{{command}}`, ou escolha um modelo instalado em Configurações.',
  localNoEndpoint:
    'O servidor em {{baseUrl}} não tem um endpoint de chat compatível com OpenAI (HTTP 404). Inicie o Ollama, ou confira o endereço em Configurações: ele costuma terminar em /v1 (Ollama: http://127.0.0.1:11434/v1).',
  localNeedsKey:
    'O servidor local em {{baseUrl}} recusou a requisição (HTTP {{status}}): ele pede uma chave de API, que o ResearchPal não envia a servidores locais. Desligue a autenticação dele, ou confira o endereço em Configurações.',
  localServerFailed:
    'O servidor local em {{baseUrl}} não conseguiu rodar "{{model}}" (HTTP {{status}}). Verifique se o computador tem memória livre suficiente para o modelo e tente de novo.',
  localUnreachable:
    'Nada responde em {{baseUrl}}. Inicie o Ollama, ou confira o endereço em Configurações.',
  localAlsoFailed: 'O modelo local também não conseguiu responder: $t(errors.{{innerKey}})',
  embedderFilesMissing:
    'Faltam {{files}} na pasta do modelo de embeddings {{dir}}. Rode `npm run fetch-model` ou copie os arquivos do modelo para lá; a busca por palavras-chave funciona enquanto isso.',
  embedderUnloadable:
    'O modelo de embeddings em {{dir}} não pôde ser carregado. Os arquivos podem estar danificados ou incompletos: rode `npm run fetch-model` de novo ou substitua-os; a busca por palavras-chave funciona enquanto isso.',
  contextTooSmall:
    'A janela de contexto de "{{model}}" é pequena demais para a pergunta e até para um só trecho. Dê ao modelo um contexto maior (Ollama: OLLAMA_CONTEXT_LENGTH=8192; LM Studio e llama.cpp: o tamanho de contexto ao carregá-lo) e defina a mesma "Janela de contexto" em Configurações.',
  contextTooSmallSized:
    'A janela de contexto de "{{model}}" ({{tokens, number}} tokens) é pequena demais para a pergunta e até para um só trecho. Dê ao modelo um contexto maior (Ollama: OLLAMA_CONTEXT_LENGTH=8192; LM Studio e llama.cpp: o tamanho de contexto ao carregá-lo) e defina a mesma "Janela de contexto" em Configurações.',
  notAFile: '"{{name}}" não é um arquivo.',
  specialFile:
    '"{{name}}" é $t(errors.fileKinds.{{kind}}), não um arquivo: o ResearchPal só lê arquivos comuns, então nada foi lido dele. Indique o caminho do próprio arquivo.',
  fileKinds: {
    device: 'um dispositivo',
    fifo: 'um pipe nomeado (FIFO)',
    socket: 'um socket',
    other: 'um arquivo especial'
  },
  noPdfInFolder:
    'Não há nenhum PDF na pasta {{dir}} nem em suas subpastas (o ResearchPal adiciona os arquivos terminados em .pdf). Confira a pasta.',
  pdfTooLarge:
    '"{{name}}" tem {{size}}, mais que os {{limit}} que o ResearchPal lê. Adicione um PDF menor (por exemplo, sem digitalizações embutidas).',
  fileEmpty: '"{{name}}" está vazio (0 bytes). Adicione o arquivo PDF do artigo.',
  pdfCutOff:
    '"{{name}}" ({{size}}) começa como um PDF mas não termina como um (sem o final %%EOF): está danificado, cortado ou não é um PDF de verdade. Baixe ou exporte o PDF de novo.',
  linkLoop:
    '"{{name}}" é um atalho que aponta para si mesmo (um ciclo de atalhos). Aponte-o para o PDF ou remova-o.',
  linkBroken:
    '"{{name}}" é um atalho para {{target}}, que não existe. Aponte-o para o PDF ou remova-o.',
  fileUnreadable:
    '"{{name}}" não pôde ser lido ({{reason}}). Verifique se o arquivo está lá e se pode ser lido.',
  strayPdfsAdopted_one:
    'Um PDF na pasta da biblioteca não pertencia a nenhum artigo ({{ids}}): a adição foi interrompida antes de ser registrada. Ele foi adicionado à biblioteca agora e está sendo indexado; remova-o se não queria adicioná-lo.',
  strayPdfsAdopted_other:
    '{{count}} PDFs na pasta da biblioteca não pertenciam a nenhum artigo ({{ids}}): a adição foi interrompida antes de serem registrados. Eles foram adicionados à biblioteca agora e estão sendo indexados; remova os que não queria adicionar.',
  strayPdfsRemoved:
    'Foram removidas {{count}} cópia(s) de PDF deixadas na pasta da biblioteca por uma adição interrompida ({{ids}}): a biblioteca já tem o mesmo PDF.',
  comparisonSetAside:
    'O arquivo de comparação {{file}} não pôde ser lido ({{reason}}): foi guardado como {{movedTo}} e não é mostrado.',
  comparisonRecovered:
    'O arquivo de comparação {{file}} estava danificado ({{reason}}): "{{title}}" voltou com {{kept}} célula(s) lidas inteiras; as {{lost}} célula(s) perdidas no dano estão marcadas, compare de novo para preenchê-las. O arquivo danificado foi guardado como {{movedTo}}.',
  comparisonCellLost:
    'Esta célula se perdeu quando o arquivo da comparação foi danificado. Compare de novo para preenchê-la.',
  settingsUnreadable:
    'O settings.json não pôde ser lido ({{reason}}): foi guardado como {{aside}} e as configurações padrão estão valendo. Escolha de novo suas opções em Configurações (sua chave de API fica à parte e não foi afetada).',
  recoveredWithoutPdf:
    'O artigo {{id}} foi recuperado da pasta da biblioteca sem o PDF. Adicione o PDF de novo para restaurá-lo, ou remova o artigo.',
  interruptedTurn: 'O app foi fechado enquanto esta pergunta era respondida. Pergunte de novo.',
  evidenceNoApiKey:
    'Nenhuma chave da API Gemini configurada, então estes são os trechos mais relevantes, não uma resposta gerada. Adicione uma chave em Configurações para obter respostas.',
  evidenceNoLocalModel:
    'Nenhum modelo local escolhido, então estes são os trechos mais relevantes, não uma resposta gerada. Escolha um em Configurações para obter respostas.',
  cellNoApiKey:
    'Nenhuma chave da API Gemini configurada, então esta célula mostra os trechos, não uma resposta.',
  contextTrimmed:
    'A janela de contexto do modelo local ({{tokens, number}} tokens) comporta só {{shown}} dos {{total}} trechos encontrados, então esta resposta se baseia neles. Dê ao modelo um contexto maior (Ollama: OLLAMA_CONTEXT_LENGTH) e aumente a "Janela de contexto" em Configurações para respostas mais completas.',
  noIndexedPaper:
    'Ainda não há artigo indexado para responder. Adicione artigos (ou espere a indexação terminar) e pergunte de novo.',
  scopeHasNoPdf:
    'Os artigos a que esta pergunta se limita ainda não têm PDF (referências guardadas sem ele), então não há texto para buscar neles. Busque ou anexe os PDFs antes, ou escolha outros artigos.',
  noIndexedPaperInScope:
    'Nenhum dos artigos a que esta pergunta se limita está indexado ainda. Espere a indexação, ou escolha outros artigos.',
  noLocalModelChosen: 'Nenhum modelo local escolhido. Atualize a lista e escolha um primeiro.',
  apiServerPortInUse:
    'A porta {{port}} está sendo usada por outro programa, então a API local não pôde iniciar. Escolha outra porta nas Configurações e ligue-a de novo.',
  apiServerWindowOnly: 'A API local só é ligada e desligada nas Configurações do aplicativo.',
  noSuchConversation:
    'Não há conversa {{id}}. Liste as conversas com "threads" (ou escolha uma na lista).',
  noSuchTurn: 'A conversa {{id}} não tem o turno {{turn}}.',
  noDeletedConversation: 'Não há conversa apagada {{id}} para restaurar.',
  comparisonNeedsPaperAndQuestion:
    'Uma comparação precisa de pelo menos um artigo e uma pergunta. Apague a comparação em vez disso.',
  comparisonNeedsQuestion: 'Uma comparação precisa de pelo menos uma pergunta ou afirmação.',
  importNotAFolder:
    '{{dir}} não é uma pasta que possa ser lida. Escolha a pasta que contém os PDFs.',
  importUnfinished:
    'A importação de {{folder}} não terminou ({{settled}} de {{total}} arquivos prontos). Retome-a ou cancele-a antes de importar outra pasta.',
  newerImport:
    '{{file}} foi gravado por um ResearchPal mais novo (formato {{version}}). Atualize o ResearchPal; nada foi alterado.',
  importManifestDamaged:
    'O arquivo de progresso da importação de pasta não pôde ser lido; ele foi guardado como {{aside}}. Os artigos já importados continuam na biblioteca; importe a pasta de novo para terminar (os arquivos que já estão na biblioteca são pulados como duplicados).',
  syncRan: 'Novos das pastas observadas e do Zotero: {{added}} artigo(s), já na biblioteca.',
  syncUpdated:
    'Atualizados das pastas observadas e do Zotero: {{updated}} artigo(s) (movidos, renomeados, de volta ou editados no Zotero).',
  syncMissing:
    '{{missing}} artigo(s) sincronizado(s) perderam a origem: o arquivo sumiu ou o item está na lixeira do Zotero. Eles foram mantidos na biblioteca, marcados; devolva o arquivo, restaure o item ou remova o artigo.',
  syncFailed:
    'Não foi possível sincronizar as pastas observadas e o Zotero. Os artigos que já estão na biblioteca continuam como estão. Confira se a pasta ou a pasta de dados do Zotero está lá e pode ser lida (um disco conectado, uma pasta na nuvem com login feito) e clique em Sincronizar agora em Configurações → Pastas observadas e Zotero.',
  syncFilesFailed:
    '{{count}} PDF(s) de pastas observadas ou do Zotero não puderam ser lidos: {{files}}. Eles estão na biblioteca com o motivo; troque cada um por uma cópia legível e a próxima sincronização tenta de novo.',
  syncUnavailable:
    'As pastas observadas e o Zotero não podem ser alterados aqui: esta janela abriu a biblioteca só para leitura, ou o arquivo de sincronização é de um ResearchPal mais novo. Atualize o ResearchPal ou feche a outra janela que está com a biblioteca aberta.',
  syncStateDamaged:
    'O arquivo de estado da sincronização não pôde ser lido; ele foi guardado como {{aside}}. As pastas observadas e o vínculo com o Zotero precisam ser adicionados de novo; nenhum artigo foi alterado.',
  importRemoved: '{{file}} foi removido da biblioteca enquanto era importado.',
  importNotIndexed: 'Não foi possível indexar {{file}}.',
  importUnreadable:
    'Não foi possível ler "{{file}}" (ele foi movido, apagado ou não tem permissão de leitura). Coloque-o de volta e importe a pasta de novo.',
  importDuplicateInFolder:
    '"{{file}}" é o mesmo PDF que "{{other}}", desta pasta, que já está na biblioteca.',
  importDuplicateOf: '"{{file}}" é o mesmo PDF que "{{title}}", que já está na biblioteca.',
  noSuchComparison: 'Não há comparação com id {{id}}. Liste as comparações para ver os ids.',
  catalogRebuilt:
    'O library.json não pôde ser lido. $t(errors.catalogKept.{{kept}}) {{count}} artigo(s) recuperado(s) da pasta da biblioteca; $t(errors.catalogQueued.{{mode}}) (os vetores ainda no disco são reaproveitados, não calculados de novo).',
  catalogKept: {
    aside: 'Ele foi guardado como {{aside}}.',
    asideWithJournal:
      'Ele foi guardado como {{aside}}, e suas alterações recentes como {{journalAside}}.',
    readOnly:
      'Ele foi deixado como está (só leitura); abra o ResearchPal, ou rode o comando repair, para reconstruí-lo.'
  },
  catalogQueued: {
    writer: '{{queued}} estão sendo reindexados a partir dos PDFs',
    readOnly: '{{queued}} precisam ser reindexados a partir dos PDFs'
  },
  catalogSalvaged:
    'Da última cópia boa do library.json, da parte do arquivo danificado que ainda pôde ser lida e do seu diário: {{collections}} coleção(ões) restaurada(s), edições manuais em {{edited}} artigo(s), etiquetas em {{tagged}} artigo(s), {{filed}} artigo(s) de volta às suas coleções, {{catalogOnly}} artigo(s) sem arquivos restaurado(s) como estavam.',
  catalogNothingSalvaged:
    'Nenhuma cópia boa anterior do library.json foi encontrada e nada do arquivo danificado pôde ser lido, então coleções, etiquetas e campos editados à mão não puderam ser recuperados: os artigos voltam com o que os PDFs dizem.',
  catalogSalvageOlder:
    'Alguns artigos não estavam mais no arquivo danificado e foram restaurados da última cópia boa (gravada em {{savedAt}}); mudanças que tenham sido feitas neles depois disso não puderam ser recuperadas.',
  catalogSalvageNoFiles:
    '{{count}} artigo(s) conhecido(s) só pela última cópia boa não têm mais arquivos (removidos depois?) e não foram trazidos de volta: {{ids}}.',
  catalogSalvageUnnamed:
    '{{count}} coleção(ões) cujo nome não pôde ser recuperado mantêm seus artigos sob seus ids ({{ids}}): renomeie-as nas coleções da biblioteca.',
  recoveredWithoutPdfs:
    '{{count}} artigo(s) têm arquivos de texto ou de índice, mas não o PDF ({{ids}}): adicione os PDFs de novo para restaurá-los.',
  searchPackUnusable: 'O pacote de busca $t(errors.searchIndexKinds.{{kind}}) não pôde ser usado.',
  searchPackUnusableKept:
    'O pacote de busca $t(errors.searchIndexKinds.{{kind}}) não pôde ser usado. Ele foi guardado como {{aside}} e é reconstruído a partir dos arquivos de cada artigo.',
  searchIndexKinds: { keyword: 'por palavras-chave', vector: 'vetorial' },
  vectorManifestUnreadable: 'O store.json do índice vetorial não pôde ser lido.',
  vectorManifestUnreadableKept:
    'O store.json do índice vetorial não pôde ser lido. Ele foi guardado como {{aside}} e reconstruído a partir dos arquivos de vetores de cada artigo.',
  journalGap_one:
    'Uma alteração da biblioteca falta no library.journal e não pôde ser aplicada; as {{applied}} alteração(ões) seguintes foram aplicadas. Um artigo a que a alteração faltante se referia mostra o estado que tinha antes dela (um inacabado é indexado de novo): confira suas edições recentes. $t(errors.journalKept.{{kept}})',
  journalGap_other:
    '{{count}} alterações da biblioteca faltam no library.journal e não puderam ser aplicadas; as {{applied}} alteração(ões) seguintes foram aplicadas. Um artigo a que uma alteração faltante se referia mostra o estado que tinha antes dela (um inacabado é indexado de novo): confira suas edições recentes. $t(errors.journalKept.{{kept}})',
  journalUnreadable:
    'Parte do library.journal, onde ficam as alterações recentes da biblioteca, não pôde ser lida. Todas as alterações legíveis foram aplicadas; uma alteração na parte ilegível, se havia, se perdeu: um artigo a que ela se referia mostra o estado que tinha antes dela (um inacabado é indexado de novo). $t(errors.journalKept.{{kept}})',
  journalKept: {
    aside: 'O journal foi guardado como {{aside}}.',
    none: 'O journal foi deixado como está.'
  },
  unreadableRecord:
    'Um registro do library.json não pode ser lido por esta versão do ResearchPal; talvez venha de uma versão mais nova. Ele é mantido sem alteração, mas não aparece. Atualize o ResearchPal para vê-lo.',
  unreadableRecordOf:
    'Um registro do library.json ($t(errors.recordKinds.{{kind}}) {{id}}) não pode ser lido por esta versão do ResearchPal; talvez venha de uma versão mais nova. Ele é mantido sem alteração, mas não aparece. Atualize o ResearchPal para vê-lo.',
  recordKinds: { paper: 'artigo', collection: 'coleção' },
  reindexingFromPdf:
    '{{paper}}: o texto guardado ou o índice de palavras-chave está faltando ou danificado. Reindexando o artigo a partir do PDF.',
  damagedWithoutPdf:
    '{{paper}}: o texto guardado ou o índice de palavras-chave está faltando ou danificado, e o PDF não está na pasta da biblioteca.',
  damagedCannotSearch:
    '{{paper}} não pode ser buscado: o texto guardado ou o índice está faltando ou danificado, e o PDF não está na pasta da biblioteca. Adicione o PDF de novo para restaurá-lo, ou remova o artigo.',
  recomputingVectors: '{{paper}}: os vetores guardados estão danificados. Recalculando os vetores.',
  pdfMissingOne:
    'O PDF de {{named}} não está na pasta da biblioteca: a busca continua funcionando, mas o visualizador não pode mostrá-lo. Adicione o arquivo de novo para restaurá-lo.',
  pdfMissingMany:
    'O PDF de {{count, number}} artigos, {{named}}, não está na pasta da biblioteca: a busca continua funcionando, mas o visualizador não pode mostrá-los. Adicione os arquivos de novo para restaurá-los.',
  pdfMissingManyMore:
    'O PDF de {{count, number}} artigos, {{named}} e mais {{more, number}}, não está na pasta da biblioteca: a busca continua funcionando, mas o visualizador não pode mostrá-los. Adicione os arquivos de novo para restaurá-los.',
  keywordSearchUnavailable:
    '{{paper}}: o índice de palavras-chave está danificado. A busca por palavras-chave deste artigo está indisponível aqui; abra o ResearchPal, ou rode o comando repair, para reconstruí-lo a partir do PDF.',
  vectorSearchUnavailable:
    '{{paper}}: os vetores guardados estão danificados. A busca semântica deste artigo está indisponível aqui; abra o ResearchPal, ou rode o comando repair, para reconstruí-lo a partir do PDF.',
  damagedInUseReadOnly:
    '{{paper}}: o texto guardado ou o índice está danificado. O artigo fica fora da busca aqui; abra o ResearchPal, ou rode o comando repair, para reconstruí-lo a partir do PDF.',
  damagedInUse: '{{paper}}: o texto guardado ou o índice está danificado. Reindexando o artigo.',
  notZoteroFolder:
    '{{dir}} não é uma pasta de dados do Zotero: não tem o zotero.sqlite. Escolha a pasta que o Zotero mostra em Configurações → Avançado → Arquivos e pastas (normalmente ~/Zotero).',
  zoteroUnreadable:
    '{{file}} não pôde ser lido como um banco de dados do Zotero. Feche o Zotero e tente de novo, ou exporte a biblioteca como BibTeX com os arquivos e importe esse arquivo.',
  zoteroTooOld:
    '{{file}} não tem as tabelas do Zotero 5, 6 ou 7; talvez venha de um Zotero mais antigo. Abra-o uma vez num Zotero atual para atualizá-lo, ou exporte a biblioteca como BibTeX com os arquivos e importe esse arquivo.',
  noSuchFile: 'Não há arquivo {{file}}. Confira o caminho e tente de novo.',
  noZoteroCollection:
    'Esta biblioteca do Zotero não tem a coleção {{wanted}}. As coleções dela: {{names}}.',
  noZoteroCollections:
    'Esta biblioteca do Zotero não tem a coleção {{wanted}}. Ela não tem nenhuma coleção: importe-a sem --collection.',
  bibUnreadable:
    '{{name}} não pôde ser lido como BibTeX ou RIS. Exporte-o de novo do seu gerenciador de referências.',
  bibCancelled: 'A leitura de {{file}} foi cancelada; nada dele foi adicionado.',
  bibEmpty:
    '{{name}} não tem entradas BibTeX (@article{...}) nem registros RIS (TY  - ...). Exporte sua biblioteca como BibTeX ou RIS e importe esse arquivo.',
  embedderNotFound:
    'Modelo de embeddings não encontrado — só busca por palavras-chave. Rode `npm run fetch-model` ou coloque os arquivos ({{files}}) em {{target}}.',
  embedderReady: 'Modelo de embeddings pronto ({{id}}).',
  embedderFound: 'Modelo de embeddings encontrado em {{dir}}; ele é carregado no primeiro uso.',
  noneOfIndexed:
    'Nenhum dos artigos {{ids}} está indexado ainda. Espere a indexação terminar ou adicione-os de novo.',
  nothingIndexed:
    'Nenhum artigo da biblioteca está indexado ainda. Adicione um artigo (ou espere a indexação terminar) e busque de novo.',
  noSearchableWords:
    'A consulta "{{query}}" não tem palavras pesquisáveis (só palavras muito comuns ou símbolos). Use palavras que apareceriam no artigo.',
  noSuchPassage:
    'O artigo {{paperId}} não tem o trecho {{chunkId}}. Busque de novo para obter os ids atuais dos trechos.',
  noPassageNoPaper:
    'Não há trecho {{chunkId}}: nenhum artigo {{paperId}} está na biblioteca. Liste os artigos para ver os ids.',
  paperTextUnavailable:
    'O texto do artigo {{id}} ("{{title}}") não está disponível; talvez ainda esteja sendo indexado. Tente de novo quando estiver indexado, ou adicione-o de novo.',
  invalidSearch: 'Pedido de busca inválido.',
  invalidSection: 'Pedido de seção inválido.',
  noSuchSection:
    'O artigo {{id}} não tem a seção "{{requested}}". As seções dele são: {{sections}}.',
  noSections:
    'Nenhuma seção foi detectada no artigo {{id}}, então "{{requested}}" não pode ser extraída. Use a busca.',
  sectionNoText: 'A seção "{{requested}}" do artigo {{id}} não tem texto extraível. Use a busca.',
  invalidPaperFilter: 'Filtro de artigos inválido.',
  noCollectionsHere:
    'Não há coleção "{{name}}": esta biblioteca não tem coleções. Liste os artigos sem indicar uma coleção.',
  invalidPageRange: 'Intervalo de páginas inválido.',
  noSuchPage: 'O artigo {{id}} ("{{title}}") tem {{count}} páginas; não há página {{page}}.',
  paperOutOfScope:
    'O artigo {{id}} não está entre os artigos a que esta pergunta se limita ({{ids}}).',
  cursorForeign:
    'O cursor não pertence a esta chamada de {{tool}}. Repita a chamada com os mesmos argumentos e o cursor que ela devolveu, ou deixe o cursor de fora para começar de novo.',
  cursorPastEnd:
    'O cursor aponta além do fim deste resultado de {{tool}}; a biblioteca pode ter mudado. Repita a chamada sem cursor.',
  conversationPapersMissing:
    'Nenhum artigo com id {{ids}} está na biblioteca; uma conversa só pode ser limitada a artigos que estão nela.',
  askOutsideConversation:
    'Os artigos {{ids}} estão fora dos artigos desta conversa ({{scope}}). Mude os artigos da conversa, ou pergunte numa conversa nova.',
  conversationsReadOnly:
    'Esta biblioteca está aberta só para leitura (o servidor MCP); as conversas são alteradas no app ou na linha de comando.',
  compareNeedsPapers:
    'Uma comparação precisa de artigos: escolha alguns, uma coleção ou uma conversa.',
  compareOutsideConversation:
    'Os artigos {{ids}} estão fora dos artigos desta conversa ({{scope}}). Compare-os fora da conversa, ou mude os artigos dela.',
  compareCollectionEmpty:
    'A coleção "{{name}}" não tem artigos indexados. Adicione ou indexe artigos primeiro.',
  compareNoPapersChosen: 'Nenhum artigo foi escolhido. Adicione ou indexe artigos primeiro.',
  compareConversationEmpty:
    'Esta conversa não tem artigos indexados. Adicione ou indexe artigos primeiro.',
  compareTooMany:
    'São {{count}} artigos; uma comparação comporta no máximo {{max}}. Escolha menos artigos ou uma coleção menor.',
  replyNotJson: 'A resposta do modelo não pôde ser lida (não é JSON).',
  replyMissingFields: 'A resposta do modelo não tinha os campos esperados.',
  scanUnreadable_one:
    '{{file}} não tem camada de texto, e o OCR também não conseguiu lê-lo: {{chars}} letras em {{count}} página digitalizada. A digitalização pode estar em branco, fraca demais ou em baixa resolução, girada, ou num idioma fora dos idiomas de OCR definidos em Configurações ({{languages}}). Adicione uma digitalização mais nítida, ou um PDF com camada de texto.',
  scanUnreadable_other:
    '{{file}} não tem camada de texto, e o OCR também não conseguiu lê-lo: {{chars}} letras em {{count}} páginas digitalizadas. A digitalização pode estar em branco, fraca demais ou em baixa resolução, girada, ou num idioma fora dos idiomas de OCR definidos em Configurações ({{languages}}). Adicione uma digitalização mais nítida, ou um PDF com camada de texto.',
  scanUnreadableScored_one:
    '{{file}} não tem camada de texto, e o OCR também não conseguiu lê-lo: {{chars}} letras em {{count}} página digitalizada (confiança média por palavra de {{confidence}}%). A digitalização pode estar em branco, fraca demais ou em baixa resolução, girada, ou num idioma fora dos idiomas de OCR definidos em Configurações ({{languages}}). Adicione uma digitalização mais nítida, ou um PDF com camada de texto.',
  scanUnreadableScored_other:
    '{{file}} não tem camada de texto, e o OCR também não conseguiu lê-lo: {{chars}} letras em {{count}} páginas digitalizadas (confiança média por palavra de {{confidence}}%). A digitalização pode estar em branco, fraca demais ou em baixa resolução, girada, ou num idioma fora dos idiomas de OCR definidos em Configurações ({{languages}}). Adicione uma digitalização mais nítida, ou um PDF com camada de texto.',
  envAddressRefused:
    '{{name}} "{{value}}" deve ser um endereço https://, ou um endereço http:// deste computador (localhost, 127.x.x.x ou [::1]): a chave da API seria enviada para lá. Corrija ou remova {{name}}.',
  settingNotUsable: '{{name}} não pode ser usado.',
  addressNotInForce:
    'O endereço da API do Gemini "{{address}}" não é mais o das configurações; abra as Configurações de novo para ver o endereço a confirmar.',
  keyAddressIgnored:
    'O settings.json indica {{address}} como endereço da API do Gemini, mas sua chave não foi digitada nem confirmada para ele, então a chave só é enviada para {{keyAddress}}. Se foi você quem definiu esse endereço, confirme-o nas Configurações.',
  keyAddressIgnoredGoogle:
    'O settings.json indica {{address}} como endereço da API do Gemini, mas sua chave não foi digitada nem confirmada para ele, então a chave só é enviada para o endpoint do próprio Google. Se foi você quem definiu esse endereço, confirme-o nas Configurações.',
  keyAddressIgnoredEnv:
    'O settings.json indica {{address}} como endereço da API do Gemini; a chave de {{source}} só é enviada para o endpoint do próprio Google. Para usar esse endereço, defina GEMINI_BASE_URL no mesmo ambiente da chave.',
  noSecureStorage:
    'Este sistema não oferece armazenamento seguro para a chave da API (nem chaveiro, nem serviço de segredos). Defina GEMINI_API_KEY no ambiente em vez disso.',
  nothingToMeasure:
    'Não há modelo de embeddings para medir; a indexação usa só palavras-chave até que um seja adicionado.',
  noTextToMeasure:
    'Nenhum dos primeiros PDFs tem texto para medir a indexação; as configurações padrão continuam valendo.',
  pdfNoSuchPage: '{{file}} tem {{count}} páginas; não há página {{page}}.',
  libraryFolderUnreadable:
    'Não foi possível abrir a pasta da biblioteca {{dir}} ({{reason}}). Escolha outra pasta (--data-dir, ou RESEARCHPAL_DATA_DIR).',
  libraryFolderUncreatable:
    'Não foi possível criar a pasta da biblioteca {{dir}} ({{reason}}). Escolha outra pasta (--data-dir, ou RESEARCHPAL_DATA_DIR).',
  onlineOff: 'Os metadados online estão desligados nesta sessão.'
}
