// One large plain JSON Lines file over the whole pool: the main thread cuts it into byte ranges
// without reading it, each worker checks the lines that START in its range (worker export
// `checkLineRange`, src/parsing/jsonl.ts linesInRange), and the results come back in file order with
// line numbers made absolute here. The records, their order and the summary are those of the
// single-worker path (src/worker/json-lines.ts checkJsonLines); only the work is spread.
//
// In-process runs use the same ranges one at a time (their records are then written as they come).
// Not split: gzip (no random access; see record-port.ts) and, in `--cache` runs, the files the cache
// keeps (up to --stream-threshold: it hashes each one's bytes in the one worker that reads it whole).
import type { CheckOptions, DocumentResult, FileJob, FileOutcome } from '../types.js';
import type { LineRangeResult, LineRangeTask } from '../worker/tasks.js';
import { InputPieces, interrupted } from './pieces.js';

export interface LineRangeTuning {
  /** Plain JSON Lines files larger than this are split (with worker threads). */
  thresholdBytes: number;
  /** Bytes per range (one pool task each). */
  rangeBytes: number;
  /** Gzip JSON Lines files larger than this (compressed) send their records over a port (record-port.ts). */
  portThresholdBytes: number;
}

/**
 * ~1 MiB per task, like a batch of files (BATCH_BYTES): the dispatch cost (~0.1 ms) is small next to
 * checking 1 MiB (~10 ms), and a few ranges per thread in flight keep both cores busy. A file gets
 * at least four ranges before it is worth splitting.
 */
export const DEFAULT_LINE_RANGES: LineRangeTuning = {
  thresholdBytes: 4 * 1024 * 1024,
  rangeBytes: 1024 * 1024,
  // ~8 MiB of JSON Lines: below that, holding the file's records until its end costs little.
  portThresholdBytes: 1024 * 1024,
};

export function splitsIntoRanges(file: string, size: number, tuning: LineRangeTuning | null): boolean {
  return tuning !== null && size > tuning.thresholdBytes && /\.(jsonl|ndjson)$/i.test(file);
}

export interface ByteRange {
  start: number;
  /** Infinity for the last range (to the end of the file, in case it grew since it was measured). */
  end: number;
}

/** [0, size) in consecutive ranges of `rangeBytes` (at least one range, the last one open-ended). */
export function byteRanges(size: number, rangeBytes: number): ByteRange[] {
  const step = Math.max(1, Math.floor(rangeBytes));
  const ranges: ByteRange[] = [];
  for (let start = 0; start + step < size; start += step) ranges.push({ start, end: start + step });
  ranges.push({ start: ranges.length * step, end: Number.POSITIVE_INFINITY });
  return ranges;
}

export type RunRangeTask = (task: LineRangeTask) => Promise<LineRangeResult>;

/** Shift a range's relative line numbers (documents and their diagnostics) by the lines before it. */
function placeDocument(doc: DocumentResult, before: number): DocumentResult {
  if (before === 0) return doc;
  if (doc.line !== undefined) doc.line += before;
  for (const d of doc.diagnostics) {
    if (d.line !== undefined) d.line += before;
    if (d.endLine !== undefined) d.endLine += before;
  }
  return doc;
}

/**
 * Check `job` range by range, yielding its records as the ranges come in, in file order: one outcome
 * per range that has records, `partial` on all but the last. At most `maxInFlight` ranges are queued
 * or running at once, and the next one starts only when the consumer asks for more, so a dump of
 * millions of lines never holds more than a window of results (a 365 MB dump of 90k documents and
 * 1.5M findings peaks at 365 MB RSS). A worker that fails on a range (crash, heap
 * limit) ends the file: its records so far, then that failure on the line after the last, as a read
 * failure does. Throws when `signal` aborts, and when the first range fails (the caller then gives the
 * file its one error record, as for a failed batch).
 */
export async function* lineRangeOutcomes(
  job: FileJob,
  options: CheckOptions,
  runTask: RunRangeTask,
  tuning: LineRangeTuning,
  maxInFlight: number,
  signal?: AbortSignal,
): AsyncGenerator<FileOutcome> {
  const ranges = byteRanges(job.size, tuning.rangeBytes);
  const tailRead = Math.min(64 * 1024, Math.max(1, tuning.rangeBytes));
  const window: Array<Promise<LineRangeResult>> = [];
  let next = 0;
  const fill = () => {
    while (window.length < Math.max(1, maxInFlight) && next < ranges.length && !signal?.aborted) {
      const { start, end } = ranges[next++]!;
      const pending = runTask({ job, options, start, end, tailRead });
      // Results left in the window after an early return (a failure, an abort) must not reject unhandled.
      pending.catch(() => undefined);
      window.push(pending);
    }
  };
  let before = 0;
  const pieces = new InputPieces(job);
  fill();
  while (window.length > 0) {
    let result: LineRangeResult;
    try {
      result = await window.shift()!;
    } catch (error) {
      yield pieces.workerFailed(error);
      return;
    }
    const documents = result.documents.map((doc) => placeDocument(doc, before));
    if (result.failure) {
      yield pieces.failedAfter(documents, result.failure, result.ruleTimings);
      return;
    }
    before += result.newlines;
    const done = window.length === 0 && next === ranges.length;
    if (done) {
      if (signal?.aborted) throw interrupted();
      if (pieces.none && documents.length === 0 && result.empty) documents.push(result.empty);
      yield pieces.last(documents, result.ruleTimings);
      return;
    }
    // A range without records still passes its rule time on (--stats).
    if (documents.length > 0 || result.ruleTimings) yield pieces.partial(documents, result.ruleTimings);
    // Only now: the next range starts when the consumer has taken this one's records.
    fill();
    if (window.length === 0) break;
  }
  if (signal?.aborted) throw interrupted();
  yield pieces.last([]);
}

/** Every record of `job` at once (tests, and callers that need the whole file's records). */
export async function checkLineRanges(...args: Parameters<typeof lineRangeOutcomes>): Promise<FileOutcome> {
  const documents: DocumentResult[] = [];
  for await (const outcome of lineRangeOutcomes(...args)) {
    for (const doc of outcome.documents) documents.push(doc);
  }
  return { index: args[0].index, documents };
}
