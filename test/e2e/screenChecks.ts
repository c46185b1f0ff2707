import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { en } from '../../src/shared/i18n/en/renderer'
import { ptBR } from '../../src/shared/i18n/pt-BR/renderer'
import { mainEn } from '../../src/shared/i18n/en/main'
import { mainPtBR } from '../../src/shared/i18n/pt-BR/main'
import type { UiLanguage } from '../../src/shared/types'

/** The renderer's catalog of a language, to find controls by the label a user reads. */
export const UI = { en, 'pt-BR': ptBR } as const

type Tree = { [key: string]: string | Tree }
function values(tree: Tree): string[] {
  return Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : values(v)))
}

function catalogTexts(language: UiLanguage): string[] {
  return language === 'en'
    ? [...values(en as Tree), ...values(mainEn.errors as unknown as Tree)]
    : [...values(ptBR as Tree), ...values(mainPtBR.errors as unknown as Tree)]
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Whether `text` holds `piece` as whole words ("Cancel" is not in "Cancelar"). */
function holds(text: string, piece: string): boolean {
  return new RegExp(`(^|[^\\p{L}])${escape(piece)}($|[^\\p{L}])`, 'u').test(text)
}

/**
 * The other language's UI words: every text of the other language's catalogs (the renderer's
 * and main's error messages) that `language` says differently, cut at its `{{variables}}` and
 * `<tags>` into pieces of at least four characters. A piece that `language`'s own catalog
 * also says as whole words ("Zotero", "BibTeX", "Markdown") is a name, not a tell.
 */
export function foreignPieces(language: UiLanguage): string[] {
  const known = PIECES.get(language)
  if (known) return known
  const own = catalogTexts(language)
  const ownSet = new Set(own)
  const ownText = own.join('\n')
  const other = catalogTexts(language === 'en' ? 'pt-BR' : 'en')
  const pieces = other
    .filter((v) => !ownSet.has(v))
    .flatMap((v) => v.split(/\{\{[^}]*\}\}|<\/?\w+>|\n/))
    .map((s) => s.trim().replace(/^[\s.,:;—–·()“”"']+|[\s.,:;—–·()“”"'…]+$/gu, ''))
    .filter((s) => /\p{L}{3}/u.test(s) && s.length >= 4)
  const result = [...new Set(pieces)].filter((p) => !holds(ownText, p))
  PIECES.set(language, result)
  return result
}
const PIECES = new Map<UiLanguage, string[]>()

/**
 * What is not the app's own words on a screen, so the language check leaves it alone: the
 * papers' text (pages, titles, outline, passages, a generated answer, table cells and quotes),
 * the user's questions, and file names.
 */
const CONTENT = [
  '.textLayer',
  '.pdf-page',
  '.paper-title',
  '.viewer-title',
  '.question',
  '.answer-body',
  '.source-title',
  '.source-meta',
  '.evidence-best',
  '.evidence-rest p',
  '.hover-card-title',
  '.hover-card-snippet',
  '.outline li',
  '.compare-title',
  '.compare-answer',
  '.compare-quote',
  '.compare-paper-title',
  '.compare-paper-option > span',
  '.found-title',
  '.import-entries li > strong',
  'textarea',
  'input'
].join(', ')

/**
 * Every piece of the other language's UI that the screen shows: visible text, the labels,
 * placeholders and titles of visible elements, and the options of visible menus. Left out:
 * content ({@link CONTENT}), `names` (paper titles, authors) wherever they appear, and text
 * marked as another language with `lang` (upstream details folded under "Details (in
 * English)", language names in their own language).
 */
export async function otherLanguageOnScreen(
  page: Page,
  language: UiLanguage,
  names: string[] = []
): Promise<string[]> {
  const texts = await page.evaluate(
    ({ content }) => {
      const out: string[] = []
      // Marked as another language than the page's (`<html lang>`, the UI language).
      const foreign = (el: Element): boolean => {
        const marked = el.closest('[lang]')
        return !!marked && marked.getAttribute('lang') !== document.documentElement.lang
      }
      const shown = (el: Element): boolean =>
        el.checkVisibility({ visibilityProperty: true }) &&
        !el.closest('details:not([open]) > :not(summary)') &&
        !el.closest(content) &&
        !foreign(el)
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement
        const text = n.textContent?.trim()
        if (!el || !text || el.closest('option, script, style')) continue
        if (shown(el)) out.push(text)
      }
      for (const select of document.querySelectorAll('select')) {
        if (!shown(select)) continue
        for (const o of select.options) if (!foreign(o)) out.push(o.text)
      }
      for (const el of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
        if (!el.checkVisibility({ visibilityProperty: true }) || foreign(el)) continue
        if (el.closest('details:not([open]) > :not(summary)')) continue
        for (const a of ['aria-label', 'placeholder', 'title']) {
          const v = el.getAttribute(a)
          // A control's label may name content ("Details of <title>"): names are removed below.
          if (v) out.push(v)
        }
      }
      return out
    },
    { content: CONTENT }
  )
  const cleaned = texts.map((t) =>
    names.filter((n) => n.length > 3).reduce((s, n) => s.split(n).join(' '), t)
  )
  const all = cleaned.join('\n')
  const found: string[] = []
  for (const piece of foreignPieces(language)) {
    if (!holds(all, piece)) continue
    const where = cleaned.find((t) => holds(t, piece)) ?? ''
    found.push(`"${piece}" in "${where.slice(0, 120)}"`)
  }
  return found
}

/**
 * Controls whose label is cut: a one-line label wider than its box (canvas `measureText`
 * against the box minus padding; a select's arrow takes about 20 px beside its options), a
 * placeholder wider than its field or taller than its text box, or a wrapping label with a
 * word wider than its box. Only
 * the app's controls: content rows (papers, conversations, chips, sources) cut their titles on
 * purpose.
 */
export async function cutLabels(page: Page, scope = 'body'): Promise<string[]> {
  return page.evaluate((scope) => {
    const ctx = document.createElement('canvas').getContext('2d')!
    const problems: string[] = []
    const CONTENT =
      '.paper-main, .thread-main, .chip, .source-open, .viewer-title, .found, .textLayer'
    const shown = (el: HTMLElement): boolean =>
      el.checkVisibility({ visibilityProperty: true }) &&
      el.clientWidth > 0 &&
      !el.closest(CONTENT) &&
      !el.closest('details:not([open]) > :not(summary)')
    const measure = (el: HTMLElement, text: string, reserve = 0): void => {
      if (!text.trim()) return
      const cs = getComputedStyle(el)
      ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`
      const room =
        el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - reserve
      if (ctx.measureText(text.trim()).width > room + 0.5)
        problems.push(`${text.trim()} (${Math.round(room)} px)`)
    }
    for (const root of document.querySelectorAll<HTMLElement>(scope)) {
      for (const el of root.querySelectorAll<HTMLInputElement>('input[placeholder]'))
        if (shown(el)) measure(el, el.placeholder)
      // An empty question box must be tall enough for its hint (a hidden copy says how tall).
      for (const el of root.querySelectorAll<HTMLTextAreaElement>('textarea[placeholder]')) {
        if (!shown(el) || el.value) continue
        const probe = el.cloneNode() as HTMLTextAreaElement
        probe.style.cssText = `position: absolute; visibility: hidden; field-sizing: fixed; height: 0; min-height: 0; width: ${el.getBoundingClientRect().width}px`
        probe.value = el.placeholder
        el.parentElement!.append(probe)
        const needed = probe.scrollHeight
        probe.remove()
        if (needed > el.clientHeight + 1)
          problems.push(`${el.placeholder} (${el.clientHeight} px high, needs ${needed})`)
      }
      for (const el of root.querySelectorAll<HTMLSelectElement>('select'))
        if (shown(el)) for (const o of el.options) measure(el, o.text, 20)
      for (const el of root.querySelectorAll<HTMLElement>('button, [role="tab"], summary')) {
        if (!shown(el)) continue
        const cs = getComputedStyle(el)
        if (cs.whiteSpace === 'nowrap' || cs.whiteSpace === 'pre') measure(el, el.innerText)
        else if (el.scrollWidth > el.clientWidth + 1)
          problems.push(`${el.innerText.trim()} (${el.clientWidth} px, needs ${el.scrollWidth})`)
      }
    }
    return problems
  }, scope)
}

/**
 * Whether the main layout fits: no horizontal scroll of the page, no pane wider than its box
 * (a pane that hides its overflow would cut its content silently), the viewer's toolbar on one
 * line with its Close button on screen.
 */
export async function fits(page: Page): Promise<{
  overflow: number
  panes: string[]
  toolbar: number
  closeVisible: boolean
}> {
  return page.evaluate(() => {
    const doc = document.scrollingElement!
    const toolbar = document.querySelector('.viewer-toolbar')?.getBoundingClientRect()
    // Close is the toolbar's last button, whatever the UI language calls it.
    const close = document.querySelector('.viewer-toolbar > button:last-child')
    const box = close?.getBoundingClientRect()
    const panes = [
      ...document.querySelectorAll<HTMLElement>(
        '.topbar, .library, .chat, .compare, .viewer, .viewer-toolbar'
      )
    ]
      .filter((el) => el.checkVisibility())
      .filter((el) => {
        const r = el.getBoundingClientRect()
        return el.scrollWidth > el.clientWidth + 1 || r.right > window.innerWidth + 0.5
      })
      .map((el) => `${el.className} (${el.clientWidth} px, content ${el.scrollWidth})`)
    return {
      overflow: doc.scrollWidth - window.innerWidth,
      panes,
      toolbar: toolbar?.height ?? 0,
      closeVisible: !!box && box.right <= window.innerWidth && box.width > 0
    }
  })
}

/** Opens Settings at one of its sections, as a user does, in the screen's language. */
export async function openSettingsAt(
  page: Page,
  section: keyof typeof en.settings.sections
): Promise<void> {
  const current = (await page.evaluate(() => document.documentElement.lang)) as UiLanguage
  const said = UI[current] ?? UI.en
  await page.getByRole('button', { name: said.app.settings, exact: true }).click()
  await page.getByRole('tab', { name: said.settings.sections[section], exact: true }).click()
}

/** Switches the UI language in Settings (General, then Save), as a user does, and closes it. */
export async function chooseLanguage(page: Page, language: UiLanguage): Promise<void> {
  const current = (await page.evaluate(() => document.documentElement.lang)) as UiLanguage
  if (current === language) return
  const said = UI[current] ?? UI.en
  await openSettingsAt(page, 'general')
  await page
    .getByRole('combobox', { name: said.settings.uiLanguage, exact: true })
    .selectOption(language)
  await page.getByRole('button', { name: said.settings.save, exact: true }).click()
  await page.waitForFunction((l) => document.documentElement.lang === l, language)
  await page.getByRole('button', { name: UI[language].settings.close, exact: true }).click()
}

/** Sets the colour theme in Settings, as a user does, and closes Settings. */
export async function chooseTheme(page: Page, theme: 'system' | 'light' | 'dark'): Promise<void> {
  const language = (await page.evaluate(() => document.documentElement.lang)) as UiLanguage
  const said = UI[language] ?? UI.en
  await openSettingsAt(page, 'general')
  await page.getByRole('combobox', { name: said.app.theme, exact: true }).selectOption(theme)
  await page.getByRole('button', { name: said.settings.close, exact: true }).click()
  await page.locator('.topbar button[data-theme-setting="' + theme + '"]').waitFor()
}

/**
 * Whether the library's select-all checkbox sits on the first line of its hint ("Selecione
 * artigos para perguntar, organizar ou citar"), not on a line of its own above it.
 */
export async function selectionHintBesideCheckbox(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const box = document.querySelector('.selection-bar input[type="checkbox"]')
    const hint = document.querySelector('.selection-bar .selection-hint')
    if (!box || !hint) return false
    const b = box.getBoundingClientRect()
    const h = hint.getBoundingClientRect()
    const center = b.top + b.height / 2
    return h.left >= b.right && center >= h.top && center <= h.top + 20
  })
}

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

/**
 * Every axe-core violation on the page (WCAG 2 A/AA and best practice, any impact), as
 * "rule (impact): target" lines.
 * @remarks Moderate and minor ones count too: a screen reader user meets them all the same.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(readFileSync(AXE, 'utf8'))
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (o: unknown) => Promise<unknown> } }).axe
    return (await axe.run({ runOnly: ['wcag2a', 'wcag2aa', 'best-practice'] })) as {
      violations: { id: string; impact: string; nodes: { target: string[] }[] }[]
    }
  })
  return result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`
  )
}
