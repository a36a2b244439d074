// File sizes, stat'ed on demand. A directory or glob listing skips per-file stat calls (fast-glob with
// `stats: true` would stat every file serially on the main thread before any
// work starts); instead sizes are fetched here, a chunk at a time and only as the pool pulls inputs,
// so planning never runs ahead of the work.
//
// The calls are synchronous: a stat of a local file is a short system call, where the promise API adds
// a thread-pool round trip and a promise per file (several times the CPU, and the pool's threads
// compete with the workers for the cores). A chunk then holds the main thread
// for well under a millisecond, and the pipeline pulls the next one only when it has room for work.
import { statSync } from 'node:fs';
import type { DiscoveredFile } from './discover.js';

/** Entries stat'ed together. */
export const STAT_CHUNK = 256;

/** Fill in the sizes of `files` in place (for runs small enough to plan exactly up front). */
export async function fillSizes(files: DiscoveredFile[]): Promise<void> {
  for (const file of files) sizeOne(file);
}

/** Yields `files` in order, each with its size known (or an error when it vanished since listing). */
export async function* withSizes(
  files: readonly DiscoveredFile[],
  chunk = STAT_CHUNK,
): AsyncGenerator<DiscoveredFile> {
  for (let start = 0; start < files.length; start += chunk) {
    const slice = files.slice(start, start + chunk);
    for (const file of slice) sizeOne(file);
    yield* slice;
  }
}

function sizeOne(file: DiscoveredFile): void {
  if (file.size >= 0 || file.error || file.stdin) return;
  try {
    file.size = statSync(file.path).size;
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    file.size = 0;
    file.error = { code: e.code ?? 'EIO', message: e.message };
  }
}
