// `--cache` keys and replay. Pure (node:crypto only), so the worker can import it (for the keys)
// without pulling in the store.
//
// An entry's key is sha256 over: the content hash (sha256 of the bytes as read, compressed bytes for
// `.gz`), the run key (tool version + result-affecting options + spec target), and the format key
// (the extension that picks the parser: the same bytes are a different document as `.yaml`). mtime
// is deliberately not part of it: CI checkouts give every file a new mtime. The file's own name is not
// part of it either: identical content under another name replays the same results with the new name.
//
// Flow: the worker hashes the bytes it reads anyway (sha256 is several times faster than decode +
// JSON.parse, so hashing adds little to a cold run) and returns the key with the results, which the
// main thread records. On the
// next run the main thread reads and hashes each file that has an entry (a CacheHint: the key and
// results recorded for this path last time) and, when the key still matches, replays the hint's
// results itself; only the other files go to the pool. Replaying in the main thread is cheaper than
// replay inside the workers: a fully warm run starts no worker and loads no validator.
import { createHash } from 'node:crypto';
import { canonicalJson } from '../canonical-json.js';
import type { DocumentResult, FileStatus, InputFormat } from '../types.js';

/**
 * Bumped when the stored shape of results changes: older caches are then ignored. 2: diagnostics carry
 * `endLine`/`endColumn` (a format-1 entry would replay findings without their span).
 */
export const CACHE_FORMAT = 2;

/** A store entry handed out for a path: the key it was recorded under and its results. */
export interface CacheHint {
  key: string;
  /** JSON of the stored DocumentResult[] (kept as a string: parsed only on a hit). */
  documents: string;
}

export interface RunKeyParts {
  toolVersion: string;
  /** The result-affecting options (rule levels, limits, …): anything that can change a record. */
  options: unknown;
  /** The spec target (`--target`), null for the documents' own versions. */
  target: string | null;
}

/** A result replayed from the cache: identical to a fresh one except `cached` and `durationMs`. */
export type CachedDocumentResult = DocumentResult & { cached: true };

function sha256(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex');
}

/** sha256 (hex) of a file's bytes. */
export function contentHash(bytes: Uint8Array): string {
  return sha256(bytes);
}

/** The identity of a configuration: results cached under one run key are valid only under it. */
export function runKey(parts: RunKeyParts): string {
  return sha256(
    canonicalJson({
      format: CACHE_FORMAT,
      tool: parts.toolVersion,
      options: parts.options,
      target: parts.target,
    }),
  );
}

/**
 * The extension(s) that choose how bytes are read: `a.JSON` → `.json`, `dump.jsonl.gz` → `.jsonl.gz`,
 * `server.mcpdesc.yaml` → `.yaml`.
 */
export function formatKeyOf(file: string): string {
  const base = file.replace(/\\/g, '/').split('/').pop()!.toLowerCase();
  const parts = base.split('.');
  if (parts.length < 2) return '';
  const last = parts.at(-1)!;
  if (last === 'gz' && parts.length >= 3) return `.${parts.at(-2)}.gz`;
  return `.${last}`;
}

/** The key of one file's results under a run key. */
export function entryKey(run: string, content: string, formatKey: string): string {
  return sha256(`${run}\n${content}\n${formatKey}`);
}

/** Convenience for the worker: the key of `bytes` read from `file`. */
export function keyOfBytes(run: string, file: string, bytes: Uint8Array): string {
  return entryKey(run, contentHash(bytes), formatKeyOf(file));
}

const STATUSES: ReadonlySet<FileStatus> = new Set(['valid', 'invalid', 'error', 'skipped']);
const FORMATS: ReadonlySet<InputFormat> = new Set(['json', 'yaml', 'jsonl', 'unknown']);

const SEVERITIES: ReadonlySet<string> = new Set(['error', 'warning', 'info']);
const isCount = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** The reporters count by severity and print rule ids and messages: each must be what a check writes. */
function isStoredDiagnostic(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const d = value as Record<string, unknown>;
  return (
    SEVERITIES.has(d.severity as string) &&
    typeof d.ruleId === 'string' &&
    typeof d.message === 'string' &&
    typeof d.pointer === 'string'
  );
}

/** A stored result must look like one before it is replayed: a damaged entry is a miss, never trusted. */
function isStoredDocument(value: unknown): value is DocumentResult {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const d = value as Record<string, unknown>;
  return (
    STATUSES.has(d.status as FileStatus) &&
    FORMATS.has(d.format as InputFormat) &&
    typeof d.bytes === 'number' &&
    typeof d.errors === 'number' &&
    typeof d.warnings === 'number' &&
    typeof d.infos === 'number' &&
    typeof d.tools === 'number' &&
    typeof d.truncated === 'boolean' &&
    d.byRule !== null &&
    typeof d.byRule === 'object' &&
    !Array.isArray(d.byRule) &&
    Object.values(d.byRule).every(isCount) &&
    Array.isArray(d.diagnostics) &&
    d.diagnostics.every(isStoredDiagnostic)
  );
}

/**
 * The hint's results for the file being checked when `key` (computed from its bytes) matches, else
 * null (the worker then validates as usual). `file` and `index` are the current job's.
 */
export function replay(
  hint: CacheHint | undefined,
  key: string,
  job: { index: number; file: string },
  durationMs: number,
): CachedDocumentResult[] | null {
  if (hint === undefined || hint.key !== key) return null;
  let stored: unknown;
  try {
    stored = JSON.parse(hint.documents);
  } catch {
    return null;
  }
  if (!Array.isArray(stored) || stored.length === 0 || !stored.every(isStoredDocument)) return null;
  return stored.map((doc: DocumentResult) => {
    // Assigning existing keys keeps their order, so a replayed record serializes like a fresh one.
    doc.index = job.index;
    doc.file = job.file;
    doc.durationMs = durationMs;
    return Object.assign(doc, { cached: true as const });
  });
}

/**
 * The JSON the store keeps for one file's results: everything but the per-run fields (`cached`,
 * duration zeroed, baseline `suppressed` marks dropped: a baseline is applied after the cache).
 */
export function storedDocuments(documents: readonly DocumentResult[]): string {
  return JSON.stringify(
    documents.map((doc) => {
      const copy: Record<string, unknown> = { ...doc, durationMs: 0 };
      delete copy.cached;
      // --stats timings are this run's work: a replay did none, and must not show them as fresh.
      delete copy.timings;
      copy.diagnostics = doc.diagnostics.map((d) => {
        if (!('suppressed' in d)) return d;
        const clean: Record<string, unknown> = { ...d };
        delete clean.suppressed;
        return clean;
      });
      return copy;
    }),
  );
}
