// Fan-out of one huge document across the worker pool. The main thread scans: the
// pre-pass and the splitter run there, and element slices are copied into ~1 MB batches, each one pooled
// SharedArrayBuffer (a table of positions, then the bytes) that a worker reads in place; the worker
// parses each slice once, runs the element-scoped rules (`createElementChecker`) and returns placed
// diagnostics plus the small projections the document-scoped rules need. Results are applied strictly
// in document order, interleaved with the root members parsed here, so the report equals the
// single-thread one.
//
// Memory (the whole process under 300 MiB on a 1 GB dump): the buffers are a fixed pool, so nothing waits for
// a worker's GC to be freed, and nothing per element is allocated for the trip (no objects per slice
// in the task, no array per slice in the result). What grows with the document is only what the
// document-scoped rules keep (e.g. every tool name, for mcpdesc.tool.name-unique).

import { syntaxFinding, syntaxWidth } from '../parsing/json-scan.js';
import { positionFrom } from '../parsing/position.js';
import {
  DEFAULT_MAX_ELEMENT_BYTES,
  type SlicePosition,
  type SplitEvent,
  Splitter,
} from '../parsing/splitter.js';
import type { FileJob, FileOutcome, LocatedDiagnostic, PhaseTimings, RuleTimings } from '../types.js';
import { createElementChecker, type ElementChecker } from '../validation/engine.js';
import { COLLECTION_KEYS, type CollectionKey, isCollectionKey, type Rule } from '../validation/rule.js';
import { addRuleTimings, zeroPhases } from '../validation/timings.js';
import { sliceDuplicate } from './duplicate-keys.js';
import { HeapRoomError, parseWouldExhaustHeap } from './heap-room.js';
import { sliceWork, takeRuleTimings, timedEngine } from './stats.js';
import {
  checkStreamed,
  errorOutcome,
  guessHeader,
  type HeaderGuess,
  placeInSlice,
  readChunks,
  readHeader,
  type StreamCheckOptions,
  StreamedDocument,
  toDocumentResult,
} from './streamed.js';
import type { SliceResult, SliceTask } from './tasks.js';

/**
 * A batch travels as one buffer: a table of `count` rows of SLICE_FIELDS float64s (collection, index,
 * start, end, line, column, members; start/end relative to `dataOffset`), then the slices' bytes. One buffer per
 * batch instead of an array of objects: nothing per element is allocated or cloned on either side.
 */
export const SLICE_FIELDS = 7;
const F_COLLECTION = 0;
const F_INDEX = 1;
const F_START = 2;
const F_END = 3;
const F_LINE = 4;
const F_COLUMN = 5;
/** The splitter's count of the element's object members (the duplicate-name check compares it). */
const F_MEMBERS = 6;

export type { SliceResult, SliceTask } from './tasks.js';

/**
 * How the pool runs a task; `transferList` holds the batch buffer when it is to be transferred (empty
 * for a shared one). Pass both to Piscina's `run`.
 */
export type RunSliceTask = (task: SliceTask, transferList: ArrayBuffer[]) => Promise<SliceResult>;

export interface FanOutTuning {
  /** Target batch size (default 1 MiB, the pool's task size for small files too). */
  batchBytes?: number;
  /** Most elements per batch (default 4096; the batch's table takes 56 bytes per element). */
  batchSlices?: number;
  /** Batches dispatched and not yet applied (default 4: two per core keeps both busy). */
  maxInFlight?: number;
}

// Worker side. A worker serves several documents over its life; keep the last few checkers.
const checkers = new Map<string, ElementChecker>();
const MAX_CHECKERS = 4;

function checkerFor(task: SliceTask, rules: readonly Rule[] | undefined): ElementChecker {
  let checker = checkers.get(task.documentId);
  if (!checker) {
    checker = createElementChecker(task.header, task.stats ? timedEngine(task.options) : task.options, rules);
    if (checkers.size >= MAX_CHECKERS) checkers.delete(checkers.keys().next().value!);
    checkers.set(task.documentId, checker);
  }
  return checker;
}

/**
 * Piscina task (`name: 'checkSlices'`): parse and check one batch of element slices. `rules` is for
 * in-process callers (tests); a worker uses the catalogue. The task's buffer is only read.
 */
export function checkSlices(task: SliceTask, rules?: readonly Rule[]): SliceResult {
  const started = task.stats ? performance.now() : 0;
  const result = checkSliceBatch(task, rules);
  if (task.stats) {
    sliceWork.ms += performance.now() - started;
    const ruleTimings = takeRuleTimings();
    if (ruleTimings) result.ruleTimings = ruleTimings;
  }
  return result;
}

function checkSliceBatch(task: SliceTask, rules: readonly Rule[] | undefined): SliceResult {
  const table = new Float64Array(task.buffer, 0, task.count * SLICE_FIELDS);
  const bytes = Buffer.from(task.buffer, task.dataOffset);
  const checker = checkerFor(task, rules);
  const result: SliceResult = { checked: 0, diagnostics: [], projections: [], stride: 0 };
  // --stats: decoding, parsing and the duplicate check are parse; the element checker validate; placing
  // its findings locate. Timed per slice (laps), kept in `result.phases`.
  const phases: PhaseTimings | null = task.stats ? zeroPhases() : null;
  if (phases !== null) result.phases = phases;
  let t = phases === null ? 0 : performance.now();
  const lap = (phase: keyof PhaseTimings) => {
    const now = performance.now();
    phases![phase] += now - t;
    t = now;
  };
  for (let k = 0, row = 0; k < task.count; k++, row += SLICE_FIELDS) {
    const collection = COLLECTION_KEYS[table[row + F_COLLECTION]!]!;
    const index = table[row + F_INDEX]!;
    const text = bytes.toString('utf8', table[row + F_START]!, table[row + F_END]!);
    const base = { line: table[row + F_LINE]!, column: table[row + F_COLUMN]! };
    const heavy = parseWouldExhaustHeap(text);
    if (heavy) {
      result.heap = { slice: k, message: `/${collection}/${index}: ${heavy}` };
      return result;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (thrown) {
      const error = syntaxFinding(text, (thrown as Error).message, 'array', true);
      const start = positionFrom(base, text, error.offset);
      result.failure = {
        slice: k,
        message: error.message,
        ...start,
        endLine: start.line,
        endColumn: start.column + syntaxWidth(text, error.offset, true),
      };
      return result;
    }
    if (result.duplicate === undefined) {
      const found = sliceDuplicate(text, value, [collection, index], base, table[row + F_MEMBERS]!);
      if (found) result.duplicate = { ...found, slice: k };
    }
    if (phases !== null) lap('parseMs');
    const outcome = checker.check(collection, index, value);
    if (phases !== null) lap('validateMs');
    if (outcome.diagnostics.length > 0) {
      const slice = { path: [collection, index], base };
      const own = (outcome.diagnostics as LocatedDiagnostic[]).filter(
        (d) => d.path[0] === collection && d.path[1] === index,
      );
      placeInSlice(own, slice, text);
      result.diagnostics.push([k, outcome.diagnostics]);
    }
    result.stride = outcome.projections.length;
    for (const projection of outcome.projections) result.projections.push(projection);
    result.checked++;
    if (phases !== null) lap('locateMs');
  }
  return result;
}

const NONE: never[] = [];

// Main-thread side.

/** A batch's buffer and its views. Pooled batches go back to the pool once their result is applied. */
interface Batch {
  buffer: ArrayBuffer | SharedArrayBuffer;
  table: Float64Array;
  data: Uint8Array;
  dataOffset: number;
  slices: number;
  pooled: boolean;
}

function newBatch(dataBytes: number, slices: number, pooled: boolean): Batch {
  const dataOffset = slices * SLICE_FIELDS * Float64Array.BYTES_PER_ELEMENT;
  const buffer = pooled
    ? new SharedArrayBuffer(dataOffset + dataBytes)
    : new ArrayBuffer(dataOffset + dataBytes);
  return {
    buffer,
    table: new Float64Array(buffer, 0, slices * SLICE_FIELDS),
    data: new Uint8Array(buffer, dataOffset, dataBytes),
    dataOffset,
    slices,
    pooled,
  };
}

const COLLECTION_CODE = new Map<CollectionKey, number>(COLLECTION_KEYS.map((key, code) => [key, code]));

type QueueItem =
  | { kind: 'batch'; batch: Batch; result: Promise<SliceResult>; settled: boolean }
  | { kind: 'event'; event: SplitEvent };

let documentCounter = 0;

/**
 * Check one huge JSON file with its elements parsed and checked by `runTask` (the pool). Memory on this
 * thread: one read chunk and the buffers of at most `maxInFlight` + 1 batches.
 */
export async function checkFanOut(
  job: FileJob,
  options: StreamCheckOptions,
  runTask: RunSliceTask,
  tuning: FanOutTuning = {},
): Promise<FileOutcome> {
  const started = performance.now();
  try {
    const guess = await guessHeader(job.path, options);
    let pass = await fanOutPass(job, options, runTask, tuning, guess);
    // The guess was wrong (a root `mcpdesc`/`tags` outside the probed ends): once more, with the truth.
    if (pass === null) {
      const header = await readHeader(job.path, options);
      pass = await fanOutPass(job, options, runTask, tuning, { header, speculative: false });
    }
    if (pass === null) throw new Error('a header from the full pre-pass was not confirmed');
    const report = await pass.doc.finish(job.path);
    const outcome: FileOutcome = {
      index: job.index,
      documents: [toDocumentResult(job, report, Math.max(pass.bytes, job.size), started, pass.doc.clock)],
    };
    // --stats: the workers' rule time that came with the batches, and this thread's (document-scoped rules).
    if (options.stats) {
      const own = takeRuleTimings();
      if (own) addRuleTimings(pass.ruleTimings, own);
      outcome.ruleTimings = pass.ruleTimings;
    }
    return outcome;
  } catch (error) {
    // A hostile value, e.g. root `tags` nested 300,000 deep, overflows the stack when the header is
    // cloned into a worker task (RangeError). Checking on this thread needs no clone. Anything else (a
    // crashed worker, an unreadable file) stays this file's error: a retry here could take the run down.
    if (error instanceof RangeError) return checkStreamed(job, options);
    return errorOutcome(job, error, started);
  }
}

async function fanOutPass(
  job: FileJob,
  options: StreamCheckOptions,
  runTask: RunSliceTask,
  tuning: FanOutTuning,
  guess: HeaderGuess,
): Promise<{ doc: StreamedDocument; bytes: number; ruleTimings: RuleTimings } | null> {
  const batchBytes = Math.max(1, tuning.batchBytes ?? 1 << 20);
  const batchSlices = Math.max(1, tuning.batchSlices ?? 4096);
  const maxInFlight = Math.max(1, tuning.maxInFlight ?? 4);
  const queue: QueueItem[] = [];
  /** Batches dispatched and not yet applied: each holds a buffer. */
  let queued = 0;
  const free: Batch[] = [];
  const { header } = guess;
  const d = new StreamedDocument(header, options, guess.speculative);
  const clock = d.clock;
  const ruleTimings: RuleTimings = {};
  const documentId = `${process.pid}:${++documentCounter}:${job.index}`;
  let batch: Batch | null = null;
  let count = 0;
  let used = 0;

  const flush = () => {
    if (batch === null || count === 0) return;
    const task: SliceTask = {
      documentId,
      header,
      options: d.engineOptions,
      buffer: batch.buffer,
      count,
      dataOffset: batch.dataOffset,
      ...(clock !== null ? { stats: true } : {}),
    };
    // A transferred buffer is gone from this thread: keep its table (one row) to apply the result.
    if (!batch.pooled) batch.table = batch.table.slice(0, count * SLICE_FIELDS);
    const result = runTask(task, batch.pooled ? [] : [batch.buffer as ArrayBuffer]);
    const item: QueueItem = { kind: 'batch', batch, result, settled: false };
    // Also handles a rejection until the batch reaches the head of the queue, where it is awaited: an
    // unhandled one would end the process (Node 20).
    const settle = () => {
      item.settled = true;
    };
    result.then(settle, settle);
    queue.push(item);
    queued++;
    batch = null;
    count = 0;
    used = 0;
  };

  /** Apply the head of the queue: a batch's outcomes in order, or an event handled here. */
  const applyHead = async () => {
    const item = queue.shift()!;
    if (item.kind === 'event') {
      if (item.event.type === 'element') d.element(item.event);
      else d.event(item.event);
      return;
    }
    queued--;
    const waited = clock === null ? 0 : performance.now();
    // Slices checked on this thread meanwhile (in-process) are part of the wait, and of no own phase.
    const result = await item.result;
    if (clock !== null) {
      // Waiting for a worker is no phase of this thread's; the worker's own phases come with its result.
      clock.waitMs += performance.now() - waited;
      if (result.phases) clock.addOthers(result.phases);
      if (result.ruleTimings) addRuleTimings(ruleTimings, result.ruleTimings);
    }
    if (!d.failed) {
      const found = new Map(result.diagnostics);
      const table = item.batch.table;
      const { projections, stride } = result;
      for (let k = 0, row = 0; k < result.checked; k++, row += SLICE_FIELDS) {
        if (result.duplicate?.slice === k) d.duplicate(result.duplicate);
        d.outcome(COLLECTION_KEYS[table[row + F_COLLECTION]!]!, table[row + F_INDEX]!, {
          diagnostics: found.get(k) ?? NONE,
          projections: stride === 0 ? NONE : projections.slice(k * stride, (k + 1) * stride),
        });
      }
      if (result.failure) {
        const { message, endLine, endColumn } = result.failure;
        d.fail(message, result.failure, { line: endLine, column: endColumn });
      }
      // The file's error record, as when Node ends a worker over its heap limit (checkFanOut's catch).
      if (result.heap) throw new HeapRoomError(result.heap.message);
    }
    // The result is back, so no thread reads this buffer any more: it takes the next batch.
    if (item.batch.pooled) free.push(item.batch);
  };

  const add = (
    e: Extract<SplitEvent, { type: 'element' }>,
    collection: CollectionKey,
    pos: SlicePosition,
  ) => {
    const size = e.bytes.length;
    if (batch !== null && (used + size > batch.data.length || count === batch.slices)) flush();
    // An element bigger than a batch gets a buffer of its own size, transferred rather than pooled.
    batch ??=
      size > batchBytes ? newBatch(size, 1, false) : (free.pop() ?? newBatch(batchBytes, batchSlices, true));
    batch.data.set(e.bytes, used);
    const row = count * SLICE_FIELDS;
    const table = batch.table;
    table[row + F_COLLECTION] = COLLECTION_CODE.get(collection)!;
    table[row + F_INDEX] = e.index;
    table[row + F_START] = used;
    table[row + F_END] = used + size;
    table[row + F_LINE] = pos.line;
    table[row + F_COLUMN] = pos.column;
    table[row + F_MEMBERS] = e.members;
    count++;
    used += size;
    if (used >= batch.data.length || count === batch.slices) flush();
  };

  const splitter = new Splitter({ maxElementBytes: options.maxElementBytes ?? DEFAULT_MAX_ELEMENT_BYTES });
  let bytes = 0;
  const handle = async (events: SplitEvent[]) => {
    for (const e of events) {
      // Root tags are few and confirm a guessed header: they are checked here; the rest goes out.
      if (e.type === 'element' && e.key !== null && e.key !== 'tags' && isCollectionKey(e.key)) {
        add(e, e.key, e);
      } else {
        // Members, structure and local elements apply in document order, after the batches before them.
        flush();
        const event = e.type === 'member' || e.type === 'element' ? { ...e, bytes: Buffer.from(e.bytes) } : e;
        queue.push({ kind: 'event', event });
      }
      // Apply what is ready (events, answered batches) at once: it frees buffers and keeps order cheap.
      while (
        queue.length > 0 &&
        (queued >= maxInFlight || queue[0]!.kind === 'event' || (queue[0] as { settled: boolean }).settled)
      ) {
        await applyHead();
        if (d.failed) return false;
      }
    }
    return true;
  };
  try {
    let going = true;
    let t = clock === null ? 0 : performance.now();
    let sliced = sliceWork.ms;
    for await (const chunk of readChunks(job.path, options.chunkBytes)) {
      if (clock !== null) {
        // In-process, slice tasks run while this thread waits for the read: theirs, not the read's.
        const inSlices = sliceWork.ms - sliced;
        clock.readMs += performance.now() - t - inSlices;
        clock.waitMs += inSlices;
      }
      bytes += chunk.length;
      going = await handle(splitter.push(chunk));
      if (!going) break;
      if (clock !== null) {
        t = performance.now();
        sliced = sliceWork.ms;
      }
    }
    if (going) {
      flush();
      await handle(splitter.end());
      flush();
    }
    while (queue.length > 0 && !d.failed) await applyHead();
    return d.confirmed() ? { doc: d, bytes, ruleTimings } : null;
  } finally {
    // Results still in flight after a failure are awaited so that no rejection goes unhandled.
    await Promise.allSettled(queue.flatMap((item) => (item.kind === 'batch' ? [item.result] : [])));
  }
}
