// The main thread's half of `--cache`: the store.
//
// Layout: `<location>/results-<runKey:16>[-<partition>].ndjson`, one file per configuration (tool
// version + result-affecting options + target) and per shard, so alternating two configurations or
// running shards side by side on one machine never evicts the other's entries.
//
//   {"type":"mcpdesc-validate-cache","format":2,"runKey":"…","tool":"0.1.0","target":null}
//   "registry/a.json"<TAB>entryKey<TAB>[stored DocumentResult…]
//   …
//   {"type":"end","entries":N,"sha256":"<sha256 of every preceding byte>"}
//
// Why one file and not a directory of small files: at 100k inputs a directory costs 100k inodes
// (~400 MB of 4 KiB blocks for ~30 MB of data) and 100k create+rename pairs on every cold run, and
// pruning deleted inputs needs a directory walk. One file loads at readline speed (a 100k-entry store in
// about a second), is rewritten once
// at the end (temp + rename, streamed while the run goes, so results are not held twice in memory)
// and keeps exactly this run's files.
// Entries are looked up by path (CacheHint) and the content key of the file's current bytes is
// verified before replaying (cache-key.ts), so a stale entry is a miss, not a lie. The results column
// stays an unparsed string in memory until it is replayed.
//
// Trust: the header must match this run's key and the trailer's checksum must match the bytes, or the
// whole store is ignored with a warning (a corrupt or foreign cache is never trusted). No error from
// the cache ever fails a run: every problem becomes a warning string for the caller to print.
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { type AtomicFile, openAtomicFile, removeStaleTemps } from '../atomic-file.js';
import type { DocumentResult } from '../types.js';
import type { CachedDocumentResult, CacheHint, RunKeyParts } from './cache-key.js';
import { CACHE_FORMAT, keyOfBytes, replay, runKey, storedDocuments } from './cache-key.js';

/** Where `--cache` keeps its store in a Node project (relative to cwd), as ESLint and Babel do. */
export const DEFAULT_CACHE_LOCATION = 'node_modules/.cache/mcpdesc-validate/';
/** Where it keeps it elsewhere: a dot-folder in the working directory (ESLint's `.eslintcache` habit). */
export const DOT_CACHE_LOCATION = '.mcpdesc-validate-cache/';

/**
 * The store's default location for a run in `cwd`: node_modules/.cache in a Node project (a
 * package.json in `cwd` or above), else a dot-folder, so a run outside one creates no node_modules.
 */
export function defaultCacheLocation(cwd: string): string {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return DEFAULT_CACHE_LOCATION;
    if (dirname(dir) === dir) return DOT_CACHE_LOCATION;
  }
}

const HEADER_TYPE = 'mcpdesc-validate-cache';

export interface CacheSettings extends RunKeyParts {
  /** A directory (created on save). */
  location: string;
  /** Keeps stores of different shards apart, e.g. `shard-2-of-4`. */
  partition?: string;
}

export interface CacheStats {
  /** Entries read from the store. */
  loaded: number;
  /** Hints handed out (files that had an entry). */
  hinted: number;
  /** Files recorded this run. */
  recorded: number;
}

export interface ResultCache {
  readonly runKey: string;
  /** The store file. */
  readonly path: string;
  readonly stats: CacheStats;
  /** The entry recorded for `file` last time, to send with its job (undefined: none). */
  hint(file: string): CacheHint | undefined;
  /**
   * Record `file`'s results under `key` (the key the worker computed from its bytes). Results with a
   * document of status `error` (unreadable file, crashed worker) are not recorded: those are not a
   * property of the content and must be retried next time.
   */
  record(file: string, key: string, documents: readonly DocumentResult[]): void;
  /**
   * Record a hit as it was stored: the content and so the results are unchanged, and re-serializing
   * them is needless work on every warm run.
   */
  keep(file: string, hint: CacheHint): void;
  /**
   * Write the store: what was recorded this run, plus, when `keepUnseen` (an interrupted run), the
   * old entries of files this run did not reach. Returns warnings instead of throwing.
   */
  save(options?: { keepUnseen?: boolean }): Promise<string[]>;
}

/** The store file for these settings. */
export function cachePath(settings: CacheSettings): string {
  const key = runKey(settings).slice(0, 16);
  const partition = settings.partition ? `-${settings.partition.replace(/[^A-Za-z0-9_.-]/g, '_')}` : '';
  return join(settings.location, `results-${key}${partition}.ndjson`);
}

interface Entry {
  key: string;
  documents: string;
}

/** Parse one entry line: `"path"<TAB>key<TAB>json`. The path is JSON-encoded, so it holds no raw tab. */
function parseEntry(line: string): { file: string; entry: Entry } | null {
  const first = line.indexOf('\t');
  const second = first < 0 ? -1 : line.indexOf('\t', first + 1);
  if (second < 0) return null;
  let file: unknown;
  try {
    file = JSON.parse(line.slice(0, first));
  } catch {
    return null;
  }
  const key = line.slice(first + 1, second);
  if (typeof file !== 'string' || !/^[0-9a-f]{64}$/.test(key)) return null;
  return { file, entry: { key, documents: line.slice(second + 1) } };
}

async function loadStore(
  path: string,
  expectedRunKey: string,
): Promise<{ entries: Map<string, Entry>; warning: string | null }> {
  const empty = new Map<string, Entry>();
  try {
    const info = await stat(path);
    if (!info.isFile()) return { entries: empty, warning: `cache ${path} is not a file; ignored` };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // No store yet is the normal cold start, not worth a warning.
    if (code === 'ENOENT') return { entries: empty, warning: null };
    if (code === 'ENOTDIR')
      return { entries: empty, warning: `cache location is not a directory (${path}); cache not used` };
    return { entries: empty, warning: `cannot read cache ${path} (${code}); cache not used` };
  }
  const entries = new Map<string, Entry>();
  const hash = createHash('sha256');
  const corrupt = (why: string) => ({
    entries: empty,
    warning: `ignoring corrupt cache ${path} (${why}); it will be rewritten`,
  });
  let lineNo = 0;
  let trailer: Record<string, unknown> | null = null;
  try {
    const lines = createInterface({ input: createReadStream(path), crlfDelay: Number.POSITIVE_INFINITY });
    for await (const line of lines) {
      lineNo++;
      if (trailer !== null) return corrupt(`data after the end record, line ${lineNo}`);
      if (lineNo === 1) {
        let header: Record<string, unknown>;
        try {
          header = JSON.parse(line) as Record<string, unknown>;
        } catch {
          return corrupt('unreadable header');
        }
        if (header === null || typeof header !== 'object' || header.type !== HEADER_TYPE) {
          return { entries: empty, warning: `ignoring ${path}: not an mcpdesc-validate cache` };
        }
        if (header.format !== CACHE_FORMAT || header.runKey !== expectedRunKey) {
          return {
            entries: empty,
            warning: `ignoring foreign cache ${path} (format ${String(header.format)}, tool ${String(header.tool)}: written by another version or with other options); it will be rewritten`,
          };
        }
        hash.update(`${line}\n`);
        continue;
      }
      if (line.startsWith('{')) {
        try {
          trailer = JSON.parse(line) as Record<string, unknown>;
        } catch {
          return corrupt(`damaged line ${lineNo}`);
        }
        continue;
      }
      const parsed = parseEntry(line);
      if (parsed === null) return corrupt(`damaged line ${lineNo}`);
      hash.update(`${line}\n`);
      entries.set(parsed.file, parsed.entry);
    }
  } catch (error) {
    return {
      entries: empty,
      warning: `cannot read cache ${path} (${(error as Error).message}); cache not used`,
    };
  }
  if (lineNo === 0) return corrupt('empty file');
  if (trailer === null || trailer.type !== 'end') return corrupt('no end record: cut short');
  if (trailer.entries !== entries.size || trailer.sha256 !== hash.digest('hex')) {
    return corrupt('checksum mismatch');
  }
  return { entries, warning: null };
}

/**
 * Open the cache for this configuration. Never throws for the cache's own state: a missing store is a
 * cold start, an unreadable, corrupt or foreign one is ignored and reported in `warnings`.
 */
export async function openCache(
  settings: CacheSettings,
): Promise<{ cache: ResultCache; warnings: string[] }> {
  const key = runKey(settings);
  const path = cachePath(settings);
  const warnings: string[] = [];
  // The temporary stores of runs killed while saving (any configuration's: the directory is the cache's).
  await removeStaleTemps(settings.location, null);
  const loaded = await loadStore(path, key);
  if (loaded.warning) warnings.push(loaded.warning);
  const old = loaded.entries;
  const stats: CacheStats = { loaded: old.size, hinted: 0, recorded: 0 };

  // This run's store is streamed to a temporary file as results arrive, so the main thread never
  // holds a second copy of every result. Writes are chained; a failure turns into a save warning.
  let writer: AtomicFile | null = null;
  let failure: string | null = null;
  let chain: Promise<void> = Promise.resolve();
  let buffer = '';
  const checksum = createHash('sha256');
  const recorded = new Set<string>();
  let count = 0;
  let saved = false;
  // A fully warm run keeps every loaded entry, in load order (both are the sorted input order): the
  // new store would be byte-identical, so it is not written at all (which saves re-hashing and
  // re-writing the whole store). Kept entries are only
  // counted while that holds; at the first difference they are written out and the run goes on as usual.
  const loadOrder = [...old.entries()];
  let unchangedPrefix = 0;
  let diverged = loadOrder.length === 0;

  const enqueue = (text: string) => {
    checksum.update(text);
    buffer += text;
    if (buffer.length < 1_048_576) return;
    const chunk = buffer;
    buffer = '';
    chain = chain.then(() => writeChunk(chunk));
  };
  const writeChunk = async (chunk: string) => {
    if (failure !== null) return;
    try {
      writer ??= await openAtomicFile(path, { createDirectory: true });
      await writer.write(chunk);
    } catch (error) {
      failure = `cannot write cache ${path}: ${(error as Error).message}`;
    }
  };
  const diverge = () => {
    if (diverged) return;
    diverged = true;
    for (let i = 0; i < unchangedPrefix; i++) {
      const [file, entry] = loadOrder[i]!;
      enqueue(`${JSON.stringify(file)}\t${entry.key}\t${entry.documents}\n`);
    }
  };
  enqueue(
    `${JSON.stringify({ type: HEADER_TYPE, format: CACHE_FORMAT, runKey: key, tool: settings.toolVersion, target: settings.target })}\n`,
  );

  const cache: ResultCache = {
    runKey: key,
    path,
    stats,
    hint(file) {
      const entry = old.get(file);
      if (entry === undefined) return undefined;
      stats.hinted++;
      return { key: entry.key, documents: entry.documents };
    },
    record(file, entryKey, documents) {
      if (saved) return;
      if (documents.length === 0 || documents.some((d) => d.status === 'error')) return;
      if (recorded.has(file)) return;
      recorded.add(file);
      old.delete(file);
      count++;
      stats.recorded++;
      diverge();
      enqueue(`${JSON.stringify(file)}\t${entryKey}\t${storedDocuments(documents)}\n`);
    },
    keep(file, hint) {
      if (saved || recorded.has(file)) return;
      recorded.add(file);
      old.delete(file);
      count++;
      stats.recorded++;
      const expected = diverged ? undefined : loadOrder[unchangedPrefix];
      if (
        expected?.[0] === file &&
        expected[1].key === hint.key &&
        expected[1].documents === hint.documents
      ) {
        unchangedPrefix++;
        return;
      }
      diverge();
      enqueue(`${JSON.stringify(file)}\t${hint.key}\t${hint.documents}\n`);
    },
    async save(options = {}) {
      if (saved) return ['cache already saved'];
      saved = true;
      if (!diverged && unchangedPrefix === loadOrder.length) return [];
      diverge();
      if (options.keepUnseen) {
        for (const [file, entry] of old) {
          count++;
          enqueue(`${JSON.stringify(file)}\t${entry.key}\t${entry.documents}\n`);
        }
      }
      old.clear();
      const trailer = `${JSON.stringify({ type: 'end', entries: count, sha256: checksum.digest('hex') })}\n`;
      const chunk = buffer + trailer;
      buffer = '';
      chain = chain.then(() => writeChunk(chunk));
      await chain;
      const out: string[] = [];
      if (failure === null && writer !== null) {
        try {
          await (writer as AtomicFile).commit();
        } catch (error) {
          failure = `cannot write cache ${path}: ${(error as Error).message}`;
        }
      }
      if (failure !== null) {
        await (writer as AtomicFile | null)?.abort();
        out.push(failure);
      }
      return out;
    },
  };
  return { cache, warnings };
}

/**
 * Replay a file's results in the calling thread, without the pool: read, hash, compare with the
 * hint. For nightly runs where nearly every file is unchanged, checking hits this way before
 * dispatching only the misses means a fully warm run never starts a worker (pool start-up and
 * validator loading were a large share of a warm run's wall time in the prototype measurements).
 * Returns null on a miss or when the file cannot be read (the worker then handles it as usual);
 * the key is returned with the hit so the caller can record it.
 */
export async function replayFile(
  cache: ResultCache,
  job: { index: number; path: string; file: string },
): Promise<{ key: string; documents: CachedDocumentResult[] } | null> {
  const hint = cache.hint(job.file);
  if (hint === undefined) return null;
  const started = performance.now();
  let bytes: Buffer;
  try {
    bytes = await readFile(job.path);
  } catch {
    return null;
  }
  const key = keyOfBytes(cache.runKey, job.file, bytes);
  const documents = replay(hint, key, job, performance.now() - started);
  return documents ? { key, documents } : null;
}
