// A JSON Lines input: one DocumentResult per non-blank line, read as a stream (gzip or not), so a
// multi-GB registry dump holds only one line at a time. `--max-file-size` applies to each line, and to
// the decompressed total of a gzip input.
//
// A large plain JSON Lines file is instead cut into byte ranges that the pool checks in parallel
// (checkLineRange below, src/pool/line-ranges.ts); a large gzip one is read here but its records go back
// over a port as they are made (checkJsonLinesOverPort below, src/pool/record-port.ts); JSON Lines on
// standard input is read and cut into lines by the main thread, which sends them here in batches
// (checkJsonLineBatch below, src/pool/line-batches.ts); `--cache` runs (which hash the whole file in
// one worker) and small files keep this plain path.
import { closeSync, openSync, readSync } from 'node:fs';
import { formatFromName } from '../parsing/format.js';
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
import {
  documentResult,
  engineOptions,
  failureResult,
  findingsReport,
  jobBase,
  type ResultBase,
} from './results.js';
import { clockFor, type PhaseClock, takeRuleTimings } from './stats.js';
import type {
  LineBatchResult,
  LineBatchTask,
  LineRangeResult,
  LineRangeTask,
  RecordPortTask,
  SourceFailure,
} from './tasks.js';

/** Takes a file's records a batch at a time as they are made; resolves when it wants more. */
export type RecordSink = (documents: DocumentResult[]) => Promise<void>;

/** Records per batch handed to a RecordSink. */
export const SINK_BATCH = 256;

/**
 * The records of a JSON Lines input, one per non-blank line. Without `sink`, all of them are returned
 * at the end; with one, they go to it `SINK_BATCH` at a time as the lines are read (reading waits for
 * it) and only the last few are returned.
 */
export async function checkJsonLines(
  source: string | Buffer,
  gzip: boolean,
  fileBase: ResultBase,
  options: CheckOptions,
  sink?: RecordSink,
): Promise<DocumentResult[]> {
  await loadJsonLineParser();
  const engine = engineOptions(options);
  const limit = jsonLineLimit(options.maxFileSize);
  let documents: DocumentResult[] = [];
  /** Records handed to the sink so far. */
  let sunk = 0;
  let lastLine = 0;
  let started = performance.now();
  // --stats: a line's read phase is the time since the previous record (reading and cutting lines).
  let clock = clockFor(options);
  try {
    // Gzip: the decompressed total is bounded too (each document holds a result, so a bomb of short
    // lines would otherwise grow without end). Plain files are bounded by their size on disk.
    await streamFile(
      source,
      gzip,
      async (bytes) => {
        for await (const line of splitLines(bytes, limit)) {
          lastLine = line.line;
          documents.push(lineDocument(line, fileBase, engine, limit, started, clock));
          if (sink !== undefined && documents.length >= SINK_BATCH) {
            const batch = documents;
            documents = [];
            sunk += batch.length;
            await sink(batch);
          }
          started = performance.now();
          clock = clockFor(options);
        }
      },
      gzip ? options.maxFileSize : Number.POSITIVE_INFINITY,
    );
  } catch (error) {
    // Lines before a read or gzip failure keep their results; the failure is one more record, on the
    // line where reading stopped.
    const b: ResultBase =
      documents.length + sunk > 0 ? { ...fileBase, bytes: 0, line: lastLine + 1 } : fileBase;
    documents.push(failureFor(error, b, engine, performance.now() - started));
    return documents;
  }
  if (documents.length + sunk === 0) documents.push(noDocument(fileBase, engine, started));
  return documents;
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
function noDocument(fileBase: ResultBase, engine: EngineOptions, started: number): DocumentResult {
  const report = findingsReport(
    [{ kind: 'syntax', message: 'The JSON Lines input holds no document (no non-blank line).' }],
    engine,
    () => ({ start: { line: 1, column: 1 }, end: { line: 1, column: 1 } }),
  );
  return documentResult(fileBase, report, performance.now() - started);
}

/**
 * Check one range of a large plain JSON Lines file, so the lines of one file spread over the pool.
 * Each line gets exactly the record the single-worker path (checkJsonLines) gives it.
 */
export async function checkLineRange(task: LineRangeTask): Promise<LineRangeResult> {
  await loadJsonLineParser();
  const { job, options } = task;
  const engine = engineOptions(options);
  const limit = jsonLineLimit(options.maxFileSize);
  const fileBase = jobBase(job, 'jsonl', false);
  const documents: DocumentResult[] = [];
  let started = performance.now();
  let clock = clockFor(options);
  let fd: number | null = null;
  let newlines: number;
  try {
    fd = openSync(job.path, 'r');
    const handle = fd;
    newlines = linesInRange(
      (buffer, position) => readSync(handle, buffer, 0, buffer.length, position),
      task.start,
      task.end,
      limit,
      (line) => {
        documents.push(lineDocument(line, fileBase, engine, limit, started, clock));
        started = performance.now();
        clock = clockFor(options);
      },
      task.tailRead,
    );
  } catch (error) {
    return {
      documents,
      newlines: 0,
      failure: failureFor(error, fileBase, engine, performance.now() - started),
    };
  } finally {
    if (fd !== null) closeSync(fd);
  }
  const result: LineRangeResult = { documents, newlines };
  if (task.end === Number.POSITIVE_INFINITY) result.empty = noDocument(fileBase, engine, started);
  const ruleTimings = takeRuleTimings();
  if (ruleTimings) result.ruleTimings = ruleTimings;
  return result;
}

/** Batches the main thread may be behind by before the worker waits (each ack message returns one). */
export const BATCHES_AHEAD = 2;

/**
 * Check a JSON Lines file (gzip: it cannot be cut into byte ranges) in this worker, sending its records
 * over the task's port in batches instead of returning them at the end, so that a dump of millions of
 * lines holds a few batches, not all of its records. Reading waits while BATCHES_AHEAD batches are
 * unacknowledged. The main thread closing its end stops the check.
 */
export async function checkJsonLinesOverPort(task: RecordPortTask): Promise<number> {
  const { job, options, port } = task;
  const named = formatFromName(job.path);
  const gzip = named.gzip;
  let credits = BATCHES_AHEAD;
  let closed = false;
  let wake: (() => void) | null = null;
  const resume = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  port.on('message', () => {
    credits++;
    resume();
  });
  port.on('close', () => {
    closed = true;
    resume();
  });
  const sink: RecordSink = async (documents) => {
    while (credits === 0 && !closed) await new Promise<void>((r) => (wake = r));
    if (closed) throw new Error('the main thread stopped reading this file');
    credits--;
    const ruleTimings = takeRuleTimings();
    port.postMessage(ruleTimings ? { documents, ruleTimings } : { documents });
  };
  try {
    const rest = await checkJsonLines(job.path, gzip, jobBase(job, 'jsonl', gzip), options, sink);
    const ruleTimings = takeRuleTimings();
    if (!closed) port.postMessage({ documents: rest, end: true, ...(ruleTimings ? { ruleTimings } : {}) });
    return rest.length;
  } finally {
    port.close();
  }
}

function revive(failure: SourceFailure): Error {
  if (failure.name === 'InputLimitError' && failure.limitName !== undefined && failure.limit !== undefined)
    return new InputLimitError(failure.limitName, failure.limit);
  const error = new Error(failure.message);
  return failure.code !== undefined ? Object.assign(error, { code: failure.code }) : error;
}

/**
 * Check a batch of lines the main thread read (standard input, src/pool/line-batches.ts): each line
 * gets exactly the record checkJsonLines gives it reading the same bytes, as does a failure to read on.
 */
export async function checkJsonLineBatch(task: LineBatchTask): Promise<LineBatchResult> {
  await loadJsonLineParser();
  const { job, options, batch } = task;
  const engine = engineOptions(options);
  const limit = jsonLineLimit(options.maxFileSize);
  const fileBase = jobBase(job, 'jsonl', batch.gzip);
  const documents: DocumentResult[] = [];
  let started = performance.now();
  for (const line of unpackLines(batch.lines)) {
    // --stats: the main thread read the lines; a line's read phase is only unpacking it here.
    documents.push(lineDocument(line, fileBase, engine, limit, started, clockFor(options)));
    started = performance.now();
  }
  const result: LineBatchResult = { documents };
  const ruleTimings = takeRuleTimings();
  if (ruleTimings) result.ruleTimings = ruleTimings;
  if (batch.end !== undefined) {
    if (batch.end.failure !== undefined)
      result.failure = failureFor(revive(batch.end.failure), fileBase, engine, 0);
    else result.empty = noDocument(fileBase, engine, started);
  }
  return result;
}
