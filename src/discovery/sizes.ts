// File sizes, stat'ed on demand. A directory or glob listing skips per-file stat calls (fast-glob with
// `stats: true` costs ~10 µs per file, ~200 ms of serial main-thread time for 20,000 files before any
// work starts); instead sizes are fetched here, a chunk at a time, in parallel and only as the pool
// pulls inputs, so the stat calls overlap with validation.
import { stat } from 'node:fs/promises';
import type { DiscoveredFile } from './discover.js';

/** Entries stat'ed together: enough to keep libuv's 4 threads busy, small enough to stay just ahead. */
export const STAT_CHUNK = 256;

/** Fill in the sizes of `files` in place (for runs small enough to plan exactly up front). */
export async function fillSizes(files: DiscoveredFile[]): Promise<void> {
  await Promise.all(files.map(sizeOne));
}

/** Yields `files` in order, each with its size known (or an error when it vanished since listing). */
export async function* withSizes(
  files: readonly DiscoveredFile[],
  chunk = STAT_CHUNK,
): AsyncGenerator<DiscoveredFile> {
  for (let start = 0; start < files.length; start += chunk) {
    const slice = files.slice(start, start + chunk);
    await Promise.all(slice.map(sizeOne));
    yield* slice;
  }
}

async function sizeOne(file: DiscoveredFile): Promise<void> {
  if (file.size >= 0 || file.error || file.stdin) return;
  try {
    file.size = (await stat(file.path)).size;
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    file.size = 0;
    file.error = { code: e.code ?? 'EIO', message: e.message };
  }
}
