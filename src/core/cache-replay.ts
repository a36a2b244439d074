// --cache replay as a stage of the run's stream: the inputs whose bytes still have the key recorded
// for their path are replayed in this thread, the rest come from the pool, all in input order.
import { readFileSync } from 'node:fs';
import type { PlannedInput } from '../pool/batches.js';
import type { PipelineOptions } from '../pool/pipeline.js';
import type { ResultCache } from '../state/cache.js';
import { type CacheHint, keyOfBytes, replay } from '../state/cache-key.js';
import type { CheckOptions, FileOutcome } from '../types.js';

/** A cache hit found before dispatch: the entry key of the bytes on disk and the hint it matched. */
export interface Hit {
  key: string;
  hint: CacheHint;
}

/**
 * The inputs whose bytes still have the key recorded for their path. Reads are synchronous (as in
 * the worker, parsing/read.ts: ~8× cheaper than the promise API per small file) and hashing runs at
 * ~1.9 GB/s, so this costs about a tenth of what checking the same files would; the event loop gets
 * a turn every 256 files so a signal still lands. Stored results are parsed only when their turn to
 * be reported comes, so the run never holds every result at once.
 */
export async function findHits(
  inputs: readonly PlannedInput[],
  cache: ResultCache,
  options: CheckOptions,
  signal: AbortSignal,
): Promise<Map<number, Hit>> {
  const hits = new Map<number, Hit>();
  let sinceYield = 0;
  for (const input of inputs) {
    if (signal.aborted) break;
    const { job } = input;
    if (input.error || input.stdin || input.huge) continue;
    if (job.size > options.streamThreshold || job.size > options.maxFileSize) continue;
    const hint = cache.hint(job.file);
    if (hint === undefined) continue;
    let bytes: Buffer;
    try {
      bytes = readFileSync(job.path);
    } catch {
      continue; // the worker reports why
    }
    const key = keyOfBytes(cache.runKey, job.file, bytes);
    if (key === hint.key) hits.set(job.index, { key, hint });
    if (++sinceYield === 256) {
      sinceYield = 0;
      await new Promise<void>((done) => setImmediate(done));
    }
  }
  return hits;
}

/**
 * Every input's outcome in input order: hits replayed here (and kept in the store as they were), the
 * rest from the pool's stream.
 */
export async function* withHits(
  inputs: readonly PlannedInput[],
  hits: ReadonlyMap<number, Hit>,
  pooled: AsyncGenerator<FileOutcome> | null,
  cache: ResultCache,
  options: CheckOptions,
  signal: AbortSignal,
  halt?: PipelineOptions['halt'],
): AsyncGenerator<FileOutcome> {
  for (const input of inputs) {
    if (signal.aborted) return;
    const { job } = input;
    const hit = hits.get(job.index);
    // --bail: a replay is work not started too, and a warm cache must not change which files a run reports.
    if (hit !== undefined && halt?.stopped()) {
      yield { index: job.index, documents: [halt.skipped(job)] };
      continue;
    }
    if (hit === undefined) {
      // An input's outcomes may come in pieces (`partial`): pass all of them on before the next input.
      let next = await pooled?.next();
      if (next === undefined || next.done) return;
      yield next.value;
      while (next.value.partial === true) {
        next = await pooled!.next();
        if (next.done) return;
        yield next.value;
      }
      continue;
    }
    const started = performance.now();
    const documents = replay(hit.hint, hit.key, job, 0);
    if (documents === null) {
      // The store passed its checksum but this entry does not look like results (written by a buggy
      // or differently built version): never trusted, the file is checked here instead.
      const { checkFile } = await import('../worker/check-file.js');
      yield await checkFile(job, options);
      continue;
    }
    for (const doc of documents) doc.durationMs = performance.now() - started;
    cache.keep(job.file, hit.hint);
    yield { index: job.index, documents };
  }
}
