// JSON Lines: one DocumentResult per non-blank line. Every source of lines (a whole file or buffer,
// gzip or not, read as a stream; a byte range of a large plain file; a batch of lines the main thread
// read from standard input) feeds the one line check below, so a line gets the same record whichever
// way it came. `--max-file-size` applies to each line, and to the decompressed total of a gzip input.
import { closeSync, openSync, readSync } from 'node:fs';
import { placeOnLine } from '../failure-placement.js';
import {
  type JsonLine,
  jsonLineLimit,
  linesInRange,
  loadJsonLineParser,
  splitLines,
  unpackLines,
} from '../parsing/jsonl.js';
import { InputLimitError, streamFile } from '../parsing/read.js';
import type { CheckOptions, DocumentResult } from '../types.js';
import type { EngineOptions } from '../validation/engine.js';
import { checkBytes, PARSERS } from './check-bytes.js';
import { failureFor } from './failures.js';
import { HeapRoomError } from './heap-room.js';
import { documentResult, engineOptions, failureResult, findingsReport, type ResultBase } from './results.js';
import { clockFor, type PhaseClock } from './stats.js';
import type { LineBatch, RangeSource, SourceFailure } from './tasks.js';

/** Takes an input's records a batch at a time as they are made; resolves when it wants more. */
export type RecordSink = (documents: DocumentResult[]) => Promise<void>;

/** Records per batch handed to a RecordSink. */
export const SINK_BATCH = 256;

/**
 * A source of lines: hands each line to `take` in order (waiting for it), and resolves with the '\n'
 * count of a byte range (undefined for any other source). A failure to read on is thrown.
 */
export type LineReader = (take: (line: JsonLine) => Promise<void> | undefined) => Promise<number | undefined>;

/** What the line check made of a source. */
export interface CheckedLines {
  /** Records not handed to the sink (all of them without one). */
  documents: DocumentResult[];
  /** Records handed to the sink. */
  sunk: number;
  /** The number of the last line checked (0: none). */
  lastLine: number;
  /** Reading failed after the lines checked: the input's failure record, with no line yet. */
  failure?: DocumentResult;
  /** A byte range's '\n' count (when reading did not fail). */
  newlines?: number;
}

/**
 * The one line check: the records of the lines `read` gives. Without `sink`, all of them are kept;
 * with one, they go to it `SINK_BATCH` at a time as the lines are read (reading waits for it).
 */
export async function checkLines(
  read: LineReader,
  base: ResultBase,
  options: CheckOptions,
  sink?: RecordSink,
): Promise<CheckedLines> {
  await loadJsonLineParser();
  const engine = engineOptions(options);
  const limit = jsonLineLimit(options.maxFileSize);
  const checked: CheckedLines = { documents: [], sunk: 0, lastLine: 0 };
  let started = performance.now();
  // --stats: a line's read phase is the time since the previous record (reading and cutting lines).
  let clock = clockFor(options);
  const next = () => {
    started = performance.now();
    clock = clockFor(options);
  };
  // Synchronous unless the sink is to be waited for: a byte range's reader calls it synchronously.
  const take = (line: JsonLine): Promise<void> | undefined => {
    checked.lastLine = line.line;
    checked.documents.push(lineDocument(line, base, engine, limit, started, clock));
    if (sink !== undefined && checked.documents.length >= SINK_BATCH) {
      const batch = checked.documents;
      checked.documents = [];
      checked.sunk += batch.length;
      return sink(batch).then(next);
    }
    next();
    return undefined;
  };
  try {
    const newlines = await read(take);
    if (newlines !== undefined) checked.newlines = newlines;
  } catch (error) {
    checked.failure = failureFor(error, base, engine, performance.now() - started);
  }
  return checked;
}

/**
 * A whole input's records from its checked lines: a failure to read on is one more record, on the
 * line where reading stopped; an input without a document gets the one record saying so.
 */
export function wholeInput(checked: CheckedLines, base: ResultBase, options: CheckOptions): DocumentResult[] {
  const { documents, failure } = checked;
  const any = documents.length + checked.sunk > 0;
  if (failure !== undefined) {
    documents.push(any ? placeOnLine(failure, checked.lastLine + 1) : failure);
  } else if (!any) {
    documents.push(noDocument(base, engineOptions(options)));
  }
  return documents;
}

/** The lines of a file or buffer (gzip: decompressed, its total bounded by --max-file-size). */
export function streamedLines(source: string | Buffer, gzip: boolean, options: CheckOptions): LineReader {
  const limit = jsonLineLimit(options.maxFileSize);
  return async (take) => {
    // Plain files are bounded by their size on disk; a gzip bomb of short lines would otherwise grow
    // without end (each document holds a result).
    await streamFile(
      source,
      gzip,
      async (bytes) => {
        for await (const line of splitLines(bytes, limit)) {
          const waiting = take(line);
          if (waiting !== undefined) await waiting;
        }
      },
      gzip ? options.maxFileSize : Number.POSITIVE_INFINITY,
    );
    return undefined;
  };
}

/** The lines that start inside a byte range of a plain file (linesInRange), numbered relative to it. */
export function rangeLines(source: RangeSource, options: CheckOptions): LineReader {
  const limit = jsonLineLimit(options.maxFileSize);
  return async (take) => {
    const fd = openSync(source.job.path, 'r');
    try {
      return linesInRange(
        (buffer, position) => readSync(fd, buffer, 0, buffer.length, position),
        source.start,
        source.end,
        limit,
        // No sink here: `take` never waits, and a line check that throws ends the range.
        (line) => {
          take(line);
        },
        source.tailRead,
      );
    } finally {
      closeSync(fd);
    }
  };
}

/** Lines the main thread read and packed; a failure it met reading on is thrown after them. */
export function batchLines(batch: LineBatch): LineReader {
  return async (take) => {
    // No sink here: `take` never waits.
    for (const line of unpackLines(batch.lines)) take(line);
    const failure = batch.end?.failure;
    if (failure !== undefined) throw revive(failure);
    return undefined;
  };
}

function revive(failure: SourceFailure): Error {
  if (failure.name === 'InputLimitError' && failure.limitName !== undefined && failure.limit !== undefined)
    return new InputLimitError(failure.limitName, failure.limit);
  const error = new Error(failure.message);
  return failure.code !== undefined ? Object.assign(error, { code: failure.code }) : error;
}

/** One line's record: checked, or skipped when it is over the per-line limit. */
function lineDocument(
  line: JsonLine,
  fileBase: ResultBase,
  engine: EngineOptions,
  limit: number,
  started: number,
  clock: PhaseClock | null,
): DocumentResult {
  clock?.lap('readMs');
  const b: ResultBase = { ...fileBase, bytes: line.size, line: line.line };
  if (line.oversize) {
    const message = `Not checked: the line is ${line.size} bytes, over --max-file-size (${limit} bytes).`;
    return failureResult(b, 'skipped', 'EMAXSIZE', message, performance.now() - started);
  }
  try {
    const report = checkBytes(line.bytes, PARSERS.jsonl, engine, line.line, clock);
    return documentResult(b, report, performance.now() - started, clock);
  } catch (error) {
    // A line too large for the worker's heap (heap-room.ts) is that line's error; the next are checked.
    if (error instanceof HeapRoomError) return failureFor(error, b, engine, performance.now() - started);
    throw error;
  }
}

/** The one record of an input with no non-blank line. */
export function noDocument(fileBase: ResultBase, engine: EngineOptions): DocumentResult {
  const started = performance.now();
  const report = findingsReport(
    [{ kind: 'syntax', message: 'The JSON Lines input holds no document (no non-blank line).' }],
    engine,
    () => ({ start: { line: 1, column: 1 }, end: { line: 1, column: 1 } }),
  );
  return documentResult(fileBase, report, performance.now() - started);
}

/** The records of a JSON Lines file or buffer read whole (gzip or not), all at the end. */
export async function checkJsonLines(
  source: string | Buffer,
  gzip: boolean,
  base: ResultBase,
  options: CheckOptions,
): Promise<DocumentResult[]> {
  return wholeInput(await checkLines(streamedLines(source, gzip, options), base, options), base, options);
}
