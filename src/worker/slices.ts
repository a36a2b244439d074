// Fan-out of one huge document across the worker pool (issue #4 point 2). The main thread only scans:
// the pre-pass and the splitter run there, element slices are copied into ~1 MB batches whose bytes are
// transferred (not cloned) to a worker; the worker parses each slice once, runs the element-scoped
// rules (`createElementChecker`) and returns placed diagnostics plus the small projections the
// document-scoped rules need. The main thread applies results strictly in document order, interleaved
// with the root members it parses itself, so the report equals the single-thread one.

import {
  DEFAULT_MAX_ELEMENT_BYTES,
  type SlicePosition,
  type SplitEvent,
  Splitter,
} from '../parsing/splitter.js';
import { findSliceSyntaxError, positionInSlice } from '../parsing/splitter-locate.js';
import type { Diagnostic, FileJob, FileOutcome, LocatedDiagnostic } from '../types.js';
import {
  createElementChecker,
  type DocumentHeader,
  type ElementChecker,
  type EngineOptions,
} from '../validation/engine.js';
import { type CollectionKey, isCollectionKey, type Rule } from '../validation/rule.js';
import { type FoundDuplicate, sliceDuplicate } from './duplicate-keys.js';
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

/** One element inside a batch: where its bytes are and where it sits in the file. */
export interface SliceEntry {
  collection: CollectionKey;
  index: number;
  start: number;
  end: number;
  line: number;
  column: number;
  /** The splitter's count of the element's object members (the duplicate-name check compares it). */
  members: number;
}

/** A batch of element slices of one document (plain data + one transferable buffer). */
export interface SliceTask {
  /** Identifies the document, so a worker builds its rule visitors once per document, not per batch. */
  documentId: string;
  header: DocumentHeader;
  options: EngineOptions;
  buffer: ArrayBuffer;
  slices: SliceEntry[];
}

export interface SliceResult {
  /** Slices checked, in order: all of them, or those before `failure`. */
  checked: number;
  /** Placed diagnostics of the slices that have any: [slice number, its diagnostics]. */
  diagnostics: Array<[number, Diagnostic[]]>;
  /**
   * Per checked slice, one projection per document-scoped rule; empty when no rule needs one (most of a
   * million-element result is then nothing at all, which keeps the structured clone back cheap).
   */
  projections: unknown[][];
  /** The first slice that is not JSON: its position in the file. */
  failure?: { slice: number; message: string; line: number; column: number };
  /** The first duplicate member name inside a slice (duplicate-keys.ts), placed. */
  duplicate?: FoundDuplicate & { slice: number };
}

/** How the pool runs a task; `transferList` holds the batch buffer (pass it to Piscina's `run`). */
export type RunSliceTask = (task: SliceTask, transferList: ArrayBuffer[]) => Promise<SliceResult>;

export interface FanOutTuning {
  /** Target batch size (default 1 MiB, the pool's task size for small files too). */
  batchBytes?: number;
  /** Batches dispatched and not yet applied (default 4: two per core keeps both busy). */
  maxInFlight?: number;
}

// Worker side. A worker serves several documents over its life; keep the last few checkers.
const checkers = new Map<string, ElementChecker>();
const MAX_CHECKERS = 4;

function checkerFor(task: SliceTask, rules: readonly Rule[] | undefined): ElementChecker {
  let checker = checkers.get(task.documentId);
  if (!checker) {
    checker = createElementChecker(task.header, task.options, rules);
    if (checkers.size >= MAX_CHECKERS) checkers.delete(checkers.keys().next().value!);
    checkers.set(task.documentId, checker);
  }
  return checker;
}

/**
 * Piscina task (`name: 'checkSlices'`): parse and check one batch of element slices. `rules` is for
 * in-process callers (tests); a worker uses the catalogue.
 */
export function checkSlices(task: SliceTask, rules?: readonly Rule[]): SliceResult {
  const bytes = Buffer.from(task.buffer);
  const checker = checkerFor(task, rules);
  const result: SliceResult = { checked: 0, diagnostics: [], projections: [] };
  for (let k = 0; k < task.slices.length; k++) {
    const s = task.slices[k]!;
    const text = bytes.toString('utf8', s.start, s.end);
    const base = { line: s.line, column: s.column };
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      const error = findSliceSyntaxError(text) ?? { offset: 0, message: 'Invalid JSON.' };
      result.failure = { slice: k, message: error.message, ...positionInSlice(base, text, error.offset) };
      return result;
    }
    if (result.duplicate === undefined) {
      const found = sliceDuplicate(text, value, [s.collection, s.index], base, s.members);
      if (found) result.duplicate = { ...found, slice: k };
    }
    const outcome = checker.check(s.collection, s.index, value);
    if (outcome.diagnostics.length > 0) {
      const slice = { path: [s.collection, s.index], base: { offset: 0, ...base } };
      for (const d of outcome.diagnostics as LocatedDiagnostic[]) {
        if (d.path[0] === s.collection && d.path[1] === s.index) placeInSlice(d, slice, text);
      }
      result.diagnostics.push([k, outcome.diagnostics]);
    }
    if (outcome.projections.length > 0) result.projections.push(outcome.projections);
    result.checked++;
  }
  return result;
}

const NONE: never[] = [];

// Main-thread side.
type QueueItem =
  | { kind: 'batch'; slices: SliceEntry[]; result: Promise<SliceResult> }
  | { kind: 'event'; event: SplitEvent };

let documentCounter = 0;

/**
 * Check one huge JSON file with its elements parsed and checked by `runTask` (the pool). Memory on this
 * thread: one read chunk, one batch being filled, and `maxInFlight` batches awaiting results.
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
    return {
      index: job.index,
      documents: [toDocumentResult(job, report, Math.max(pass.bytes, job.size), started)],
    };
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
): Promise<{ doc: StreamedDocument; bytes: number } | null> {
  const batchBytes = tuning.batchBytes ?? 1 << 20;
  const maxInFlight = Math.max(1, tuning.maxInFlight ?? 4);
  const queue: QueueItem[] = [];
  let inFlight = 0;
  const { header } = guess;
  const d = new StreamedDocument(header, options, guess.speculative);
  const documentId = `${process.pid}:${++documentCounter}:${job.index}`;
  let buffer = new ArrayBuffer(batchBytes);
  let view = new Uint8Array(buffer);
  let used = 0;
  let slices: SliceEntry[] = [];

  const flush = () => {
    if (slices.length === 0) return;
    const task: SliceTask = { documentId, header, options: d.engineOptions, buffer, slices };
    const result = runTask(task, [buffer]);
    // Handled when it reaches the head of the queue; until then a rejection must not count as unhandled
    // (Node 20 would end the process).
    result.catch(() => {});
    queue.push({ kind: 'batch', slices, result });
    inFlight++;
    buffer = new ArrayBuffer(batchBytes);
    view = new Uint8Array(buffer);
    used = 0;
    slices = [];
  };

  /** Apply the head of the queue: a batch's outcomes in order, or an event handled here. */
  const applyHead = async () => {
    const item = queue.shift()!;
    if (item.kind === 'event') {
      if (item.event.type === 'element') d.element(item.event);
      else d.event(item.event);
      return;
    }
    inFlight--;
    const result = await item.result;
    if (d.failed) return;
    const found = new Map(result.diagnostics);
    for (let k = 0; k < result.checked; k++) {
      const s = item.slices[k]!;
      if (result.duplicate?.slice === k) d.duplicate(result.duplicate);
      d.outcome(s.collection, s.index, {
        diagnostics: found.get(k) ?? NONE,
        projections: result.projections[k] ?? NONE,
      });
    }
    if (result.failure) d.fail(result.failure.message, { offset: -1, ...result.failure });
  };

  const add = (
    e: Extract<SplitEvent, { type: 'element' }>,
    collection: CollectionKey,
    pos: SlicePosition,
  ) => {
    const size = e.bytes.length;
    if (used + size > batchBytes && slices.length > 0) flush();
    if (size > batchBytes - used) {
      // An element bigger than a batch gets a batch of its own size.
      buffer = new ArrayBuffer(size);
      view = new Uint8Array(buffer);
      used = 0;
    }
    view.set(e.bytes, used);
    slices.push({
      collection,
      index: e.index,
      start: used,
      end: used + size,
      line: pos.line,
      column: pos.column,
      members: e.members,
    });
    used += size;
    if (used >= batchBytes) flush();
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
      while (inFlight >= maxInFlight || (queue.length > 0 && queue[0]!.kind === 'event')) {
        await applyHead();
        if (d.failed) return false;
      }
    }
    return true;
  };
  try {
    let going = true;
    for await (const chunk of readChunks(job.path, options.chunkBytes)) {
      bytes += chunk.length;
      going = await handle(splitter.push(chunk));
      if (!going) break;
    }
    if (going) {
      flush();
      await handle(splitter.end());
      flush();
    }
    while (queue.length > 0 && !d.failed) await applyHead();
    return d.confirmed() ? { doc: d, bytes } : null;
  } finally {
    // Results still in flight after a failure are awaited so that no rejection goes unhandled.
    await Promise.allSettled(queue.flatMap((item) => (item.kind === 'batch' ? [item.result] : [])));
  }
}
