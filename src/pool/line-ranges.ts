// One large plain JSON Lines file over the whole pool: the main thread cuts it into byte ranges
// without reading it, each worker checks the lines that START in its range (worker export
// `checkLineRange`, src/parsing/jsonl.ts linesInRange), and the results come back in file order with
// line numbers made absolute here. The records, their order and the summary are those of the
// single-worker path (src/worker/json-lines.ts checkJsonLines); only the work is spread.
//
// Not split: gzip (no random access), in-process runs (no other thread to give work to) and
// `--cache` runs (the cache hashes each file's bytes in the one worker that reads them whole).
import type { CheckOptions, DocumentResult, FileJob, FileOutcome } from '../types.js';
import type { LineRangeResult, LineRangeTask } from '../worker/json-lines.js';

export interface LineRangeTuning {
  /** Plain JSON Lines files larger than this are split (with worker threads). */
  thresholdBytes: number;
  /** Bytes per range (one pool task each). */
  rangeBytes: number;
}

/**
 * ~1 MiB per task, like a batch of files (BATCH_BYTES): the dispatch cost (~0.1 ms) is small next to
 * checking 1 MiB (~10 ms), and a few ranges per thread in flight keep both cores busy. A file gets
 * at least four ranges before it is worth splitting.
 */
export const DEFAULT_LINE_RANGES: LineRangeTuning = {
  thresholdBytes: 4 * 1024 * 1024,
  rangeBytes: 1024 * 1024,
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
  for (const d of doc.diagnostics) if (d.line !== undefined) d.line += before;
  return doc;
}

/**
 * A file's failure record placed on `line` with no bytes, its fields in the order the worker builds a
 * record with a line (after `byRule`, src/worker/results.ts), as the `json` report prints them.
 */
function onLine(failure: DocumentResult, line: number): DocumentResult {
  const placed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(failure)) {
    placed[key] = key === 'bytes' ? 0 : value;
    if (key === 'byRule') placed.line = line;
  }
  return placed as unknown as DocumentResult;
}

/**
 * Check `job` range by range, at most `maxInFlight` ranges queued or running at once (results wait
 * in that window until the ranges before them are in). A task that rejects (a crashed worker) rejects
 * the whole file, as a failed batch of this one file would.
 */
export async function checkLineRanges(
  job: FileJob,
  options: CheckOptions,
  runTask: RunRangeTask,
  tuning: LineRangeTuning,
  maxInFlight: number,
  signal?: AbortSignal,
): Promise<FileOutcome> {
  const ranges = byteRanges(job.size, tuning.rangeBytes);
  const tailRead = Math.min(64 * 1024, Math.max(1, tuning.rangeBytes));
  const window: Array<Promise<LineRangeResult>> = [];
  let next = 0;
  const fill = () => {
    while (window.length < Math.max(1, maxInFlight) && next < ranges.length && !signal?.aborted) {
      const { start, end } = ranges[next++]!;
      const pending = runTask({ job, options, start, end, tailRead });
      // Results left in the window after an early return (a read failure) must not reject unhandled.
      pending.catch(() => undefined);
      window.push(pending);
    }
  };
  const documents: DocumentResult[] = [];
  let before = 0;
  fill();
  while (window.length > 0) {
    const result = await window.shift()!;
    fill();
    for (const doc of result.documents) documents.push(placeDocument(doc, before));
    if (result.failure) {
      // As the single-worker path: the records read so far, then the failure on the line after the
      // last one (or, with none, the file's one record).
      const last = documents[documents.length - 1];
      documents.push(last === undefined ? result.failure : onLine(result.failure, (last.line ?? 0) + 1));
      return { index: job.index, documents };
    }
    before += result.newlines;
    if (window.length === 0 && next === ranges.length && documents.length === 0 && result.empty) {
      documents.push(result.empty);
    }
  }
  if (signal?.aborted) throw Object.assign(new Error('interrupted'), { code: 'ABORTED' });
  return { index: job.index, documents };
}
