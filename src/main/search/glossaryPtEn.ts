import { foldAccents } from './foldText'
import { PORTUGUESE_STOP_WORDS, portugueseStem } from './portugueseAnalysis'

/**
 * A compact Portuguese → English glossary of scientific and research vocabulary, so a
 * Portuguese question finds the passage of an English paper without a model.
 * @remarks No maintained pt→en dictionary is on the npm registry in a usable form (the bilingual
 * packages there are translation API clients or whole-language word lists), so the project keeps
 * this one. It covers the vocabulary of methods, statistics, machine learning and NLP, systems,
 * medicine and public health, economics and social science, as papers use it; words that are
 * the same in both languages (modelo/model is handled by stemming, "corpus", "software") need no
 * entry. Entries are `português: english, english` separated by `;`, matched by Portuguese stem,
 * so inflections (camada, camadas) share an entry. Words not listed go through
 * {@link cognates} (identificação → identification). Bump {@link GLOSSARY_VERSION} when entries
 * change; `test/main/search/glossaryPtEn.test.ts` measures the coverage.
 */
export const GLOSSARY_VERSION = 2

const ENTRIES = `
abordagem: approach; acurácia: accuracy; precisão: precision; revocação: recall; adesão: uptake, adherence;
ajuste: tuning, fit; ajuste fino: fine-tuning; algoritmo: algorithm; alvo: target; amostra: sample;
amostragem: sampling; análise: analysis; aprendizado: learning; aprendizagem: learning;
aprendizado de máquina: machine learning; aprendizado profundo: deep learning; arquitetura: architecture;
arquivo: file; arquivos: files; artigo: paper, article; atenção: attention; autor: author; autora: author;
autores: authors; avaliação: evaluation, assessment; avaliar: evaluate; avaliado: evaluated;
banco de dados: database; base de dados: database, dataset; banda larga: broadband; base: base, baseline;
busca: search, retrieval; cabeça: head; cabeças: heads; camada: layer; caminho: path; campo: field;
capacidade: capacity; característica: feature; características: features; carga: load; cartas: letters;
carta: letter; categoria: category; causa: cause; causado: caused; cérebro: brain; cidade: city;
ciência: science; classe: class; classificação: classification; classificador: classifier;
codificador: encoder; decodificador: decoder; codificação: coding, encoding; apagamento: erasure;
coleta: collection; coletados: collected; comentários: comments; comparação: comparison;
comparados: compared; comprimento: length; compressão: compression; computação: computing;
conhecimento: knowledge; conjunto: set; conjunto de dados: dataset; consulta: query, consultation;
consultas: queries, consultations; contas: accounts; conta: account; contexto: context;
controle: control; coorte: cohort; correlação: correlation; corte: cutoff; crescimento: growth;
criança: child; crianças: children; critério: criterion, criteria; critérios: criteria;
custo: cost; dado: data; dados: data; desempenho: performance; desvio padrão: standard deviation;
detecção: detection; diagnóstico: diagnosis; dimensão: dimension; distribuição: distribution;
distribuído: distributed; documento: document; doença: disease; dose: dose; eficiência: efficiency;
eleição: election; eleições: elections; eleitoral: electoral; elegível: eligible; elegíveis: eligible;
empréstimo: loan; ensaio: trial, essay; ensaio clínico: clinical trial; entrada: input; saída: output;
entrevista: interview; época: epoch; épocas: epochs; equação: equation; erro: error; erros: errors;
escala: scale; especial: special; espanhol: spanish; inglês: english; português: portuguese;
estimação: estimation; estimativa: estimate; estudo: study; estudos: studies; etapa: stage, step;
exatidão: accuracy, exact; experimento: experiment; extração: extraction; extrair: extract;
falha: failure, fault; falhas: failures, faults; falso: false; falsa: false; falsas: false;
fatal: fatal; fatais: fatal; filho: child; frase: sentence; frases: sentences; função: function;
função de perda: loss function; gestação: pregnancy, gestation; gestante: pregnant; gestantes: pregnant women;
gravidez: pregnancy; grávida: pregnant; grupo: group; hospital: hospital; idade: age; faixa etária: age range;
identificação: identification; idioma: language; língua: language; imagem: image; incidência: incidence;
inclusão: inclusion; incluídos: included; incluídas: included; índice: index; infraestrutura: infrastructure;
instituição: institution; inteligência artificial: artificial intelligence; ia: ai; pln: nlp;
processamento de linguagem natural: natural language processing; janela: window; jogo: game;
lote: batch; tamanho do lote: batch size; taxa de aprendizado: learning rate; limiar: threshold;
linguagem: language; literatura: literature; mãe: mother; mães: mothers; máquina: machine;
média: mean, average; mediana: median; medida: measure; médico: physician, medical; memória: memory;
mensagem: message; mensagens: messages; método: method; métodos: methods; métrica: metric;
mudança: change; mulher: woman; mulheres: women; nascimento: birth; parto: birth, delivery;
nascido: born; recém-nascido: newborn; recém-nascidos: newborns; neonatal: neonatal; nó: node;
nota: note; notas: notes; notícia: news; notícias: news; número: number; objetivo: objective, goal;
paciente: patient; pacientes: patients; palavra: word; palavras: words; palavra-chave: keyword;
parâmetro: parameter; parâmetros: parameters; participante: participant; participantes: participants;
peso: weight; pesos: weights; pesquisa: research, survey; pesquisador: researcher; pergunta: question;
perguntas: questions; resposta: answer, response; respostas: answers, responses; período: period;
perda: loss; política: policy, politics; população: population; porcentagem: percentage;
percentual: percentage, percent; posição: position; posicionamento: position, positioning;
pontos ideais: ideal points; pré-treinado: pre-trained; pré-treinamento: pre-training;
predição: prediction; previsão: forecast, prediction; previsões: forecasts; probabilidade: probability;
processo: process; processos: processes; programa: program, programme; projeto: project, design;
prontuário: record; prontuário eletrônico: electronic health record; proposto: proposed; qualidade: quality;
questionário: questionnaire; raciocínio: reasoning; razão: ratio; razão de risco: risk ratio;
recuperação: retrieval, recovery; rede: network; rede neural: neural network; rede social: social network;
redes: networks; regressão: regression; regra: rule; relação: relationship, relation; relatório: report;
representação: representation; resultado: result; resultados: results; resumo: summary, abstract;
resumos: summaries; revisão: review; risco: risk; rótulo: label; rótulos: labels; saldo: balance;
saldos: balances; saúde: health; segurança: safety, security; semana: week; semanas: weeks;
sequência: sequence; servidor: server; significa: means, stands; sigla: acronym, abbreviation;
sistema: system; sistemas: systems; sistema de arquivos: file system; sugeriu: suggested;
sugerir: suggest; tabela: table; tamanho: size; tarefa: task; tarefas: tasks; taxa: rate;
técnica: technique; técnicas: techniques; tempo: time; teoria: theory; terceiro: third;
primeiro: first; trimestre: trimester; teste: test; texto: text; textos: texts;
tese: thesis; dissertação: dissertation; token: token; tratamento: handling, treatment;
treinamento: training; treinado: trained; treinados: trained; treino: training; validação: validation;
vacina: vaccine; vacinação: vaccination; vacinadas: vaccinated; vacinado: vaccinated; valor: value;
variável: variable; velocidade: speed; verdadeiro: true; vetor: vector; vocabulário: vocabulary;
votação: vote, voting; votações: votes; ano: year; anos: years; dia: day; dias: days; mês: month;
meses: months; quantidade: amount, number; maior: largest, larger; menor: smallest, smaller;
melhor: best, better; pior: worst; novo: new; nova: new; novos: new; geral: overall, general;
total: total; cada: each; entre: between; sobre: about, on; durante: during;
usado: used; usada: used; usados: used; usadas: used; utilizado: used; obtido: obtained; obteve: achieved, obtained;
alcança: achieves, reaches; alcançou: achieved, reached; atinge: reaches, achieves; comparado: compared;
mostra: shows; propõe: proposes; apresenta: presents; compõem: comprise, make up; contém: contains;
incorreto: incorrect; correto: correct; chama: called; chamado: called; enviada: sent; enviado: sent;
enviar: send; receber: receive; recebeu: received; receberam: received; migrou: migrated;
migração: migration; reunir: collect, gather; pretendia: intended, planned; disponibiliza: releases, provides;
geradas: generated; gerado: generated; gerar: generate; geração: generation; construído: built;
construir: build; hardware: hardware; baseado: based; baseia: based; conta de: account;
seguidores: followers; usuários: users; usuário: user; fonte: source; origem: source, origin;
obtidos: obtained; novos conjuntos: new datasets; conta: account; versão: version; modelo de avaliação: assessment model;
integrado: integrated; energia: energy; renovável: renewable; renováveis: renewable; alternativas: alternatives;
classificar: rank, classify; ranquear: rank; ordenar: rank, sort; emoção: emotion; emoções: emotions;
escrita: writing; cognitivo: cognitive; agentes: agents; agente: agent; bayesiano: bayesian;
unidades: units; unidade: unit; ruído: noise; tráfego: traffic; latência: latency; percentil: percentile;
desempenho de latência: latency; acordo de nível de serviço: sla; armazenamento: storage;
chave: key; valor-chave: key-value; disponibilidade: availability; consistência: consistency;
replicação: replication; réplica: replica; nuvem: cloud; código: code; teste de software: software testing;
clima: climate; carbono: carbon; emissões: emissions; temperatura: temperature; economia: economy, economics;
cidades: cities; urbano: urban; baixo carbono: low carbon; salário: wage; renda: income; pobreza: poverty;
governo: government; partido: party; partidos: parties; coalizão: coalition; coalizões: coalitions;
deputado: deputy, legislator; deputados: deputies, legislators; parlamentar: legislator; parlamentares: legislators;
voto: vote; votos: votes; turismo: tourism; doméstico: domestic; financeiro: financial; financeira: financial;
banco: bank; sarcasmo: sarcasm; sarcástico: sarcastic; sarcásticas: sarcastic; ironia: irony;
retórica: rhetorical; estrutura: structure; acessibilidade: accessibility; transporte: transport;
mapa: map; mapas: maps; bens culturais: cultural goods; cultura: culture; escola: school;
estudante: student; estudantes: students; professor: teacher; ensino: teaching; progressão: progression;
questões: questions; geração de perguntas: question generation; itens: items; padrão-ouro: gold standard;
idosos: elderly; adultos: adults; jovens: young; homens: men; sexo: sex; gênero: gender;
morte: death; mortalidade: mortality; prematuro: preterm; pré-termo: preterm; parto prematuro: preterm birth;
infecção: infection; sintoma: symptom; sintomas: symptoms; tratamento médico: treatment; cirurgia: surgery;
clínica: clinic, clinical; clínicas: clinical, clinic; clínico: clinical; quiropraxia: chiropractic;
enfermagem: nursing; atendimento: care; cuidado: care; internação: hospitalization; exposto: exposed;
expostos: exposed; não expostos: unexposed; cálculo: calculation; compressor: compressor;
erro relativo: relative error; taxa de compressão: compression ratio; precisão numérica: precision;
cientista: scientist; cientistas: scientists; descoberta: discovery; instantâneo: snapshot;
marcador: marker; canal: channel; canais: channels; estado: state; estados: states; global: global;
informação: information; entropia: entropy; comunicação: communication; fonte de informação: information source;
probabilístico: probabilistic; contagem: counting; grafo: graph; grafos: graphs; aresta: edge; vértice: vertex;
um: one; uma: one; dois: two; duas: two; três: three; quatro: four; cinco: five; seis: six; sete: seven;
oito: eight; nove: nine; dez: ten; cem: hundred; mil: thousand; milhão: million; milhões: millions;
bilhão: billion; bilhões: billions; metade: half; dobro: double, twice;
supervisionado: supervised; supervisão: supervision; paramétrico: parametric; coleção: collection;
sentença: sentence; sentenças: sentences; par: pair; pares: pairs; semelhante: similar; parecido: similar;
semelhança: similarity; similaridade: similarity; encontrar: find; encontrado: found; busca semântica: semantic search;
`

/** Parsed entries: a Portuguese word or phrase and its English words. */
const PAIRS: readonly (readonly [string, readonly string[]])[] = ENTRIES.split(';')
  .map((e) => e.trim())
  .filter(Boolean)
  .map((e) => {
    const at = e.indexOf(':')
    const pt = e.slice(0, at).trim().toLowerCase()
    const en = e
      .slice(at + 1)
      .split(',')
      .map((w) => w.trim().toLowerCase())
      .filter(Boolean)
    return [pt, en] as const
  })

const WORD = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu

function stems(text: string): string[] {
  return (text.toLowerCase().match(WORD) ?? []).map((w) => foldAccents(portugueseStem(w)))
}

/** Entries by the stems of their Portuguese words joined by spaces (one- to three-word entries). */
const BY_STEMS = new Map<string, string[]>()
for (const [pt, en] of PAIRS) {
  const key = stems(pt).join(' ')
  BY_STEMS.set(key, [...new Set([...(BY_STEMS.get(key) ?? []), ...en])])
}

/** How many distinct Portuguese entries the glossary has. */
export const GLOSSARY_SIZE = BY_STEMS.size

/**
 * Systematic Portuguese → English word endings of Latin cognates (identificação →
 * identification, catastróficas → catastrophic, elegível → eligible, qualidade → quality).
 * @remarks A word is tried against each rule in order; the first that matches gives one guess.
 */
const COGNATE_RULES: readonly (readonly [RegExp, string])[] = [
  [/ções$|ção$/u, 'tion'],
  [/sões$|são$/u, 'sion'],
  [/dades$|dade$/u, 'ty'],
  [/ências$|ência$/u, 'ence'],
  [/âncias$|ância$/u, 'ance'],
  [/áveis$|ável$/u, 'able'],
  [/íveis$|ível$/u, 'ible'],
  [/camente$/u, 'cally'],
  [/mente$/u, 'ly'],
  [/cionais$|cional$/u, 'tional'],
  [/ísticos?$|ísticas?$/u, 'istic'],
  [/ógicos?$|ógicas?$/u, 'ogical'],
  [/icos?$|icas?$/u, 'ic'],
  [/ivos?$|ivas?$/u, 'ive'],
  [/osos?$|osas?$/u, 'ous'],
  [/ismos?$/u, 'ism'],
  [/istas?$/u, 'ist'],
  [/ários?$|árias?$/u, 'ary'],
  [/ais$/u, 'al'],
  [/ados$|adas$|ado$|ada$/u, 'ated']
]

/** Words shorter than this are not guessed ("são" is no "sion"). */
const COGNATE_MIN = 5

/** An English guess for a Portuguese word by its cognate ending, or null. */
export function cognate(word: string): string | null {
  if (word.length < COGNATE_MIN) return null
  for (const [ending, en] of COGNATE_RULES) {
    if (ending.test(word)) {
      const guess = word.replace(ending, en).normalize('NFD').replace(/\p{M}/gu, '')
      return guess.length >= 4 ? guess : null
    }
  }
  return null
}

/** A guess that may carry Portuguese's prothetic e: "es" and a consonant. */
const PROTHETIC_E = /^es[^aeiouy]/u

/** Portuguese negation before a word: "não supervisionado" is "unsupervised", "non-parametric". */
const NEGATION = new Set(['não', 'nao'])

/**
 * The English words a Portuguese text's words and phrases translate to: glossary entries (the
 * longest phrase first, up to three words) and, for words it lacks, their cognate guess.
 * @remarks A word after "não" also gives its English word with "un" and "non" before it
 * ("não supervisionadas" → unsupervised, "memória não paramétrica" → nonparametric); the form
 * English does not use matches no chunk, so it costs nothing.
 */
export function englishFor(text: string): string[] {
  const words = text.toLowerCase().match(WORD) ?? []
  const keys = words.map((w) => foldAccents(portugueseStem(w)))
  const out: string[] = []
  for (let i = 0; i < words.length;) {
    const [en, used] = englishAt(words, keys, i)
    if (en.length === 0 && NEGATION.has(words[i]!) && i + 1 < words.length) {
      // No entry for the phrase ("não expostos" has one): the negated word's English, prefixed.
      const [negated, next] = englishAt(words, keys, i + 1)
      for (const w of negated) out.push(w, `un${w}`, `non${w}`)
      i += 1 + next
      continue
    }
    out.push(...en)
    i += used
  }
  return out
}

/** The English of the entry (or cognate) starting at word `i`, and how many words it took. */
function englishAt(words: string[], keys: string[], i: number): [string[], number] {
  // A stop word alone is no term ("dos" would meet the stem of "dose"); inside a phrase it is.
  const last = PORTUGUESE_STOP_WORDS.has(words[i]!) ? 2 : 1
  for (let n = Math.min(3, words.length - i); n >= last; n--) {
    const en = BY_STEMS.get(keys.slice(i, i + n).join(' '))
    if (en) return [[...en], n]
  }
  const guess = last === 1 ? cognate(words[i]!) : null
  if (!guess) return [[], 1]
  // Portuguese puts an e before s + consonant where English has none (estatística, estrutura,
  // especial): both forms are searched, the one English lacks matches nothing.
  return [PROTHETIC_E.test(guess) ? [guess, guess.slice(1)] : [guess], 1]
}
