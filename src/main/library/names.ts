const PARTICLE = /^(?:van|von|de|der|den|da|del|della|di|du|le|la|dos|das)$/

/**
 * "Given Family" split for citations: the family name is the last word, with any particles
 * before it ("Anna van der Berg" -> van der Berg); "Family, Given" is read as written.
 */
export function splitName(name: string): { given: string; family: string } {
  const comma = name.indexOf(',')
  if (comma > 0) return { family: name.slice(0, comma).trim(), given: name.slice(comma + 1).trim() }
  const words = name.trim().split(/\s+/)
  if (words.length === 1) return { given: '', family: words[0]! }
  let i = words.length - 1
  while (i > 1 && PARTICLE.test(words[i - 1]!)) i--
  return { given: words.slice(0, i).join(' '), family: words.slice(i).join(' ') }
}
