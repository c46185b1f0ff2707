import { copyFile, readFile, rename } from 'node:fs/promises'
import type { z } from 'zod'
import { writeFileAtomic } from '../atomicWrite'

/** A JSON document as stored, before its schema is applied. */
export type StoredDocument = Record<string, unknown>

/**
 * A stored JSON file's format: the version this build writes, the schema of that version, and
 * the numbered migrations that bring an older file up to it.
 * @remarks The file is `{ "version": N, ...body }`. `migrations[n]` turns a version-n document
 * into a version n+1 document; they run in order at open, before anything reads the data.
 * Storage schemas live beside their file's code (never an IPC schema), and should keep unknown
 * fields (`z.looseObject`), so fields another version or branch added survive a save.
 */
export interface FileFormat<T> {
  /** The file's name, for messages (`library.json`). */
  name: string
  /** The version this build reads and writes. */
  version: number
  /** The document of the current version, `version` included. */
  schema: z.ZodType<T>
  /** Keyed by the version they upgrade from. */
  migrations: Readonly<Record<number, (doc: StoredDocument) => StoredDocument>>
  /** The version of a document without a `version` field (a file from before versions). */
  unversioned?: number
}

/** What reading a versioned file found. */
export type ReadOutcome<T> =
  | { state: 'missing' }
  /** `migratedFrom`: the version on disk when it was older (the caller may save it back). */
  | { state: 'ok'; data: T; migratedFrom: number | null }
  /** Not JSON, or not this format: the caller keeps it aside and recovers. */
  | { state: 'unreadable'; reason: string }
  /** Written by a newer ResearchPal: left untouched. */
  | { state: 'newer'; version: number }

/** Parses a document's text: version check, migrations, then the schema. */
export function parseVersioned<T>(text: string, format: FileFormat<T>): ReadOutcome<T> {
  let doc: unknown
  try {
    doc = JSON.parse(text)
  } catch (e) {
    return { state: 'unreadable', reason: `not valid JSON (${(e as Error).message})` }
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    return { state: 'unreadable', reason: 'not a JSON object' }
  }
  let current = doc as StoredDocument
  const raw = current.version ?? format.unversioned
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 0) {
    return { state: 'unreadable', reason: `no format version (found ${JSON.stringify(raw)})` }
  }
  if (raw > format.version) return { state: 'newer', version: raw }
  for (let v = raw; v < format.version; v++) {
    const step = format.migrations[v]
    if (!step) return { state: 'unreadable', reason: `no migration from version ${v}` }
    try {
      current = { ...step(current), version: v + 1 }
    } catch (e) {
      return {
        state: 'unreadable',
        reason: `migration from version ${v} failed (${(e as Error).message})`
      }
    }
  }
  const parsed = format.schema.safeParse(current)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return {
      state: 'unreadable',
      reason: `${issue?.path.join('.') || '(document)'}: ${issue?.message ?? 'invalid'}`
    }
  }
  return { state: 'ok', data: parsed.data, migratedFrom: raw < format.version ? raw : null }
}

/** Reads and parses a versioned file; a missing file is `missing`, never an error. */
export async function readVersioned<T>(
  path: string,
  format: FileFormat<T>
): Promise<ReadOutcome<T>> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'missing' }
    return { state: 'unreadable', reason: `cannot be read (${(e as NodeJS.ErrnoException).code})` }
  }
  return parseVersioned(text, format)
}

/** Writes a document atomically, stamped with the format's version. */
export async function writeVersioned<T extends object>(
  path: string,
  format: FileFormat<T>,
  data: Omit<T, 'version'>,
  indent?: number
): Promise<void> {
  await writeFileAtomic(path, JSON.stringify({ version: format.version, ...data }, null, indent))
}

/**
 * Moves a file that cannot be read out of the way, keeping it: `<path>.unreadable-<time>`.
 * @returns the new path.
 */
export async function moveAside(path: string, now = new Date()): Promise<string> {
  const aside = `${path}.unreadable-${now.toISOString().replace(/[:.]/g, '-')}`
  await rename(path, aside)
  return aside
}

/**
 * Keeps a copy of a file about to be migrated: `<path>.v<version>.bak` (overwritten by a later
 * migration from the same version), so a user can go back to the older ResearchPal.
 */
export async function keepBeforeMigration(path: string, version: number): Promise<string> {
  const copy = `${path}.v${version}.bak`
  await copyFile(path, copy)
  return copy
}
