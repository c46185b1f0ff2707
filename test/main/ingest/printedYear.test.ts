import { describe, expect, it } from 'vitest'
import { extractPaper } from '../../../src/main/ingest/extractPaper'
import { PdfjsReader } from '../../../src/main/ingest/PdfjsReader'
import { makePdf, type FixtureLine } from '../../fixtures/makePdf'

const body = (n: number): FixtureLine[] =>
  Array.from({ length: n }, () => ({
    text: 'the model reads every page of the paper and finds what a person would find there.'
  }))

/** The year read from a title page with these lines above the body, and two body pages. */
async function yearOf(top: FixtureLine[], bottom: FixtureLine[] = []): Promise<number | null> {
  const pdf = makePdf({
    pages: [
      [...top, { text: 'Reading Dates Like People Do', size: 18 }, ...body(20), ...bottom],
      body(30),
      body(30)
    ],
    info: { CreationDate: 'D:20230101000000Z' }
  })
  return (await extractPaper(new PdfjsReader(), pdf)).metadata.year
}

describe('the year printed on the paper, by kind of line', () => {
  it('takes the journal issue line over an earlier online-first copyright', async () => {
    const top = [
      { text: 'Review of Examples (2025) 92, 299-338 https://doi.org/10.1093/x/1', size: 8 },
      { text: '© The Author(s) 2024. Published by Example Press.', size: 8 },
      { text: 'Advance access publication 30 January 2024', size: 8 }
    ]
    expect(await yearOf(top)).toBe(2025)
    expect(await yearOf(top.slice(1))).toBe(2024)
    expect(await yearOf([{ text: 'Jl. of Examples (2008) 19(2), 185-224', size: 9 }])).toBe(2008)
  })

  it('does not take a reference in the body for the issue line', async () => {
    const top = [{ text: '© 2019 Example Press. All rights reserved.', size: 8 }]
    const reference = { text: 'LeCun Y. Deep learning. Nature 521 (2015) 436-444', size: 10 }
    expect(await yearOf(top, [reference, ...body(3)])).toBe(2019)
  })

  it('reads a template volume line with placeholders', async () => {
    const footer = [
      { text: 'Archives of Examples. Vol.xx: e00000000, 2019 www.example.org', size: 8 }
    ]
    expect(await yearOf([], footer)).toBe(2019)
  })

  it('never dates a paper by when a copy was retrieved, downloaded or uploaded', async () => {
    const cover = [
      { text: 'ARTICLE in JOURNAL OF EXAMPLES · APRIL 2001', size: 9 },
      { text: 'Retrieved on: 18 March 2016', size: 9 },
      {
        text: 'All content following this page was uploaded by A. Person on 14 April 2020.',
        size: 8
      }
    ]
    expect(await yearOf(cover)).toBe(2001)
    expect(await yearOf([cover[1]!, cover[2]!])).toBeNull()
  })

  it('reads conference dates with a range of days', async () => {
    expect(await yearOf([{ text: 'October 6-8, 2014 - Broomfield, CO', size: 10 }])).toBe(2014)
  })

  it('reads numeric dates: ISO, with a time, and day.month.year', async () => {
    expect(await yearOf([{ text: '2019-11-16', size: 10 }])).toBe(2019)
    expect(await yearOf([{ text: '2022-10-17T00:00:00+00:00', size: 10 }])).toBe(2022)
    expect(await yearOf([{ text: 'Abgegeben am: 24.9.2024', size: 10 }])).toBe(2024)
  })

  it("takes the paper's own citation line and ignores a template's Unix-epoch date", async () => {
    const top = [{ text: 'Submitted: 01 January 1970', size: 8 }]
    const cite = [
      {
        text: 'Person et al. (2025). Reading Dates Like People Do. Journal of Examples, 1(1), 1.',
        size: 8
      }
    ]
    expect(await yearOf(top, cite)).toBe(2025)
    expect(await yearOf(top)).toBeNull()
  })

  it('gives null, never the creation date, when no year is printed', async () => {
    expect(await yearOf([{ text: 'Preprint, under review', size: 9 }])).toBeNull()
  })
})
