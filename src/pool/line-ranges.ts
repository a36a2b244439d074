// One large plain JSON Lines file over the whole pool: the main thread cuts it into byte ranges
// without reading it, each a document source of its own (`range`), a worker checks the lines that
// START in its range (src/parsing/jsonl.ts linesInRange), and the results come back in file order with
// line numbers made absolute (pieces.ts). The records, their order and the summary are those of the
// single-worker path (src/worker/json-lines.ts checkJsonLines); only the work is spread.
//
// In-process runs use the same ranges one at a time (their records are then written as they come).
// Not split: gzip (no random access; see record-port.ts) and, in `--cache` runs, the files the cache
// keeps (up to --stream-threshold: it hashes each one's bytes in the one worker that reads it whole).
import type { DocumentResult, FileJob, FileOutcome } from '../types.js';
import type { DocumentSource } from '../worker/tasks.js';
import { pieceOutcomes, type RunSource } from './pieces.js';

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

/** The byte ranges of `job`, each a document source (the last one ends the input). */
export function rangeSources(job: FileJob, tuning: LineRangeTuning): DocumentSource[] {
  const tailRead = Math.min(64 * 1024, Math.max(1, tuning.rangeBytes));
  return byteRanges(job.size, tuning.rangeBytes).map(({ start, end }) => ({
    kind: 'range',
    job,
    start,
    end,
    tailRead,
  }));
}

/**
 * Check `job` range by range, yielding its records as the ranges come in, in file order: one outcome
 * per range that has records, `partial` on all but the last (pieces.ts). At most `maxInFlight`
 * ranges are queued or running at once, and the next one starts only when the consumer asks for
 * more, so a dump of millions of lines never holds more than a window of results (a 365 MB dump of
 * 90k documents and 1.5M findings peaks at 365 MB RSS).
 */
export function lineRangeOutcomes(
  job: FileJob,
  runSource: RunSource,
  tuning: LineRangeTuning,
  maxInFlight: number,
  signal?: AbortSignal,
): AsyncGenerator<FileOutcome> {
  const sources = rangeSources(job, tuning);
  return pieceOutcomes(job, sources[Symbol.iterator](), runSource, maxInFlight, signal);
}

/** Every record of `job` at once (tests, and callers that need the whole file's records). */
export async function checkLineRanges(...args: Parameters<typeof lineRangeOutcomes>): Promise<FileOutcome> {
  const documents: DocumentResult[] = [];
  for await (const outcome of lineRangeOutcomes(...args)) {
    for (const doc of outcome.documents) documents.push(doc);
  }
  return { index: args[0].index, documents };
}
