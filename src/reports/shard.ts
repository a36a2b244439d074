// `--shard K/N`: which files one machine of N checks.
//
// A file belongs to shard `1 + (h mod N)` where h is the first 48 bits of sha256 of its normalized
// relative path. Hashing (rather than slicing the sorted list into N contiguous runs, as deno does)
// means a file's shard depends on its own name only: adding or removing a file never moves another
// one, so a nightly shard keeps the same files (and the same warm cache) from one night to the next.
// sha256 of a path costs little next to parsing the file.
// 48 bits keep the arithmetic exact in a double; the modulo bias is below N / 2^48.
import { createHash } from 'node:crypto';

/** One shard of a run: `index` is 1-based, `1 <= index <= count`. */
export interface Shard {
  index: number;
  count: number;
}

/** More shards than this is a typo, not a fleet (and keeps the run record's numbers small). */
export const MAX_SHARDS = 10_000;

/**
 * Parse `K/N` (1-based, Jest/Playwright spelling). Throws an Error whose message names `option`,
 * meant to be shown as a usage error (exit 2).
 */
export function parseShard(value: string, option = '--shard'): Shard {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
  if (!match) {
    throw new Error(`${option} must be K/N with 1 <= K <= N (e.g. 2/4), got "${value}"`);
  }
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1 || count > MAX_SHARDS) {
    throw new Error(`${option}: the shard count N must be between 1 and ${MAX_SHARDS}, got ${match[2]}`);
  }
  if (index < 1 || index > count) {
    throw new Error(
      `${option}: the shard index K must be between 1 and ${count} (shards are 1-based), got ${match[1]}`,
    );
  }
  return { index, count };
}

/**
 * The spelling of a path that is the same on every machine and OS: forward slashes, no leading
 * `./`, no empty or `.` segments. Used for shard assignment and baseline fingerprints, so a shard
 * run on Windows and one on Linux agree. Paths are expected relative to the scan root; an absolute
 * path is kept absolute (and then only agrees between machines that check out to the same place).
 */
export function normalizePath(file: string): string {
  const slashed = file.replace(/\\/g, '/');
  const absolute = slashed.startsWith('/');
  const parts: string[] = [];
  for (const part of slashed.split('/')) {
    if (part === '' || part === '.') continue;
    parts.push(part);
  }
  return (absolute ? '/' : '') + parts.join('/');
}

/** The 1-based shard of `file` among `count` shards. */
export function shardOf(file: string, count: number): number {
  const digest = createHash('sha256').update(normalizePath(file), 'utf8').digest();
  return 1 + (digest.readUIntBE(0, 6) % count);
}

/** Whether `file` is checked by `shard`. Every file is in exactly one shard of a given count. */
export function inShard(file: string, shard: Shard): boolean {
  return shard.count === 1 || shardOf(file, shard.count) === shard.index;
}

/**
 * The order of documents in every report: by file name compared as UTF-16 code units (what
 * `Array.prototype.sort()` does, independent of locale), then by JSON Lines line (absent = 0).
 * Discovery must sort inputs the same way, or `merge` cannot reproduce a single run's order.
 */
export function compareDocumentKeys(
  a: { file: string; line?: number | undefined },
  b: { file: string; line?: number | undefined },
): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return (a.line ?? 0) - (b.line ?? 0);
}
