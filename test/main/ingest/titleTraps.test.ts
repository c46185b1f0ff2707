import { describe, expect, it } from 'vitest'
import { extractPaper } from '../../../src/main/ingest/extractPaper'
import { PdfjsReader } from '../../../src/main/ingest/PdfjsReader'
import { makePdf, type FixtureLine } from '../../fixtures/makePdf'

const body = (n: number): FixtureLine[] =>
  Array.from({ length: n }, (_, i) => ({
    text: 'the model reads every page of the paper and finds what a person would find there.',
    size: 10,
    y: 400 - i * 14
  }))

const read = (spec: Parameters<typeof makePdf>[0]) => extractPaper(new PdfjsReader(), makePdf(spec))

describe('title traps on generated PDFs', () => {
  it('keeps the subtitle set smaller, in lower case, under the title the info names', async () => {
    const x = await read({
      pages: [
        [
          { text: 'Introdução à acessibilidade urbana', size: 20, y: 700 },
          { text: 'um guia prático em R', size: 12, y: 676 },
          { text: 'Rafael Pereira, Daniel Souza', size: 14, y: 640 },
          ...body(20)
        ],
        body(25)
      ],
      info: { Title: 'Introdução à acessibilidade urbana' }
    })
    expect(x.metadata.title).toBe('Introdução à acessibilidade urbana: um guia prático em R')
    expect(x.metadata.authors).toEqual(['Rafael Pereira', 'Daniel Souza'])
  })

  it('ends the title at a byline word set on its own line', async () => {
    const x = await read({
      pages: [
        [
          { text: 'Tesis de maestría', size: 17, y: 700 },
          { text: 'Generación de resúmenes de texto en español', size: 14, y: 560 },
          { text: 'por', size: 14, y: 545 },
          { text: 'Leonardo Ignacio Córdoba', size: 12, y: 530 },
          ...body(20)
        ],
        body(25)
      ]
    })
    expect(x.metadata.title).toBe('Generación de resúmenes de texto en español')
  })

  it('drops a genre label the info title adds after a dash', async () => {
    const x = await read({
      pages: [
        [
          { text: 'MÉTODOS PARA LER ARTIGOS', size: 15, y: 700 },
          { text: 'COMO PESSOAS', size: 15, y: 684 },
          { text: 'DEFESA DE DISSERTAÇÃO DE MESTRADO', size: 9, y: 660 },
          ...body(20)
        ],
        body(25)
      ],
      info: { Title: 'MÉTODOS PARA LER ARTIGOS COMO PESSOAS - DEFESA DE DISSERTAÇÃO DE MESTRADO' }
    })
    expect(x.metadata.title?.toLowerCase()).toBe('métodos para ler artigos como pessoas')
  })
})
