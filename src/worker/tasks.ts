// The worker's task map: each entry point Piscina runs by name, the task it takes and the result it
// returns. Types only (nothing here exists at run time), so the pool may import it while it refers to
// the worker module itself by file URL.
import type { MessagePort } from 'node:worker_threads';
import type { PackedLines } from '../parsing/jsonl.js';
import type {
  CheckOptions,
  Diagnostic,
  DocumentResult,
  FileJob,
  FileOutcome,
  PhaseTimings,
  RuleTimings,
} from '../types.js';
import type { DocumentHeader, EngineOptions } from '../validation/engine.js';
import type { FoundDuplicate } from './duplicate-keys.js';
import type { StreamCheckOptions } from './streamed.js';

export type { StreamCheckOptions } from './streamed.js';

/**
 * Where a task's documents come from. Every source is checked by the one entry point `check`, and
 * every line of JSON Lines, whichever source holds it, by the one line check (worker/json-lines.ts):
 * a line gets the same record read whole, from a byte range, from a gzip stream or from stdin.
 */
export type DocumentSource = FilesSource | RangeSource | StreamSource | LinesSource;

/** Whole files, read and checked by the worker one after another (src/pool/pipeline.ts). */
export interface FilesSource {
  kind: 'files';
  jobs: FileJob[];
}

/**
 * The lines that start inside [start, end) of a plain JSON Lines file (src/pool/line-ranges.ts),
 * numbered relative to the range: the main thread adds the newlines of the ranges before it.
 */
export interface RangeSource {
  kind: 'range';
  job: FileJob;
  start: number;
  /** Infinity for the file's last range: it reads to the end of the file, however long it now is. */
  end: number;
  /** Reads past `end` (to finish the last line) in pieces of this size. */
  tailRead?: number;
}

/**
 * A JSON Lines file read whole by one worker (gzip: no random access), its records sent back over
 * `port` as they are made (src/pool/record-port.ts); the task's result is its last piece.
 */
export interface StreamSource {
  kind: 'stream';
  job: FileJob;
  /** Transferred with the task: each batch goes out as a `StreamedPiece`; each ack returns a credit. */
  port: MessagePort;
}

/**
 * Lines of an input the main thread reads and cuts itself (standard input, src/cli/stdin-lines.ts),
 * numbered from the input's start. `job.size`: the input's bytes read so far.
 */
export interface LinesSource {
  kind: 'lines';
  job: FileJob;
  batch: LineBatch;
}

/**
 * Why reading an input the main thread reads itself stopped early (standard input: a gzip error, the
 * decompressed total over --max-file-size, a read error), as plain data: the record is made here,
 * where the rule levels are.
 */
export interface SourceFailure {
  name: string;
  message: string;
  code?: string;
  limitName?: string;
  limit?: number;
}

/** Lines of an input the main thread reads and cuts itself (src/cli/stdin-lines.ts). */
export interface LineBatch {
  lines: PackedLines;
  /** The input is gzip (its records say `compression: 'gzip'`). */
  gzip: boolean;
  /** Input bytes read so far (as read: compressed for gzip). */
  bytesRead: number;
  /** The input's last batch; `failure`: reading stopped early, after these lines. */
  end?: { failure?: SourceFailure };
}

/** The one task shape of the batch protocol. */
export interface CheckTask {
  source: DocumentSource;
  options: CheckOptions;
}

/**
 * What a task returns for each input its source names, in order: one per file of a `files` source,
 * one for any other. A whole file's `documents` are all of its records; a piece's (range, lines,
 * the last of a stream) are its own, and the main thread places `failure` and `empty`.
 */
export interface SourceResult {
  index: number;
  documents: DocumentResult[];
  /** A piece whose reading failed after `documents`: the input's failure record, not yet placed. */
  failure?: DocumentResult;
  /** The input's last piece: the record the input gets if no piece held a document. */
  empty?: DocumentResult;
  /** A byte range: its '\n' bytes in [start, end), for the line numbers of the ranges after it. */
  newlines?: number;
  /** A stream: the batches it sent over its port before this result (the main thread awaits them). */
  portBatches?: number;
  /** `--cache`: the entry key of the bytes checked (a whole file), for the main thread to record. */
  cacheKey?: string;
  /** `--stats`: the thread's rule time since it last reported some (FileOutcome.ruleTimings). */
  ruleTimings?: RuleTimings;
}

/** The one result shape of the batch protocol. */
export type CheckResult = SourceResult[];

/** A batch of a stream source's records, sent over its port while the file is read on. */
export interface StreamedPiece {
  documents: DocumentResult[];
  ruleTimings?: RuleTimings;
}

/** A batch of element slices of one document (plain data + one shared or transferred buffer). */
export interface SliceTask {
  /** Identifies the document, so a worker builds its rule visitors once per document, not per batch. */
  documentId: string;
  header: DocumentHeader;
  options: EngineOptions;
  /**
   * A pooled SharedArrayBuffer that the main thread refills once this batch's result is back (nothing
   * is allocated per batch, and nothing waits for a worker's GC to be freed), or, for an element larger
   * than a batch, an ArrayBuffer of its own that is transferred.
   */
  buffer: ArrayBuffer | SharedArrayBuffer;
  count: number;
  /** Byte offset of the slice bytes in `buffer` (the table comes first). */
  dataOffset: number;
  /** `--stats`: time the phases and validate with the timed rules. */
  stats?: boolean;
}

export interface SliceResult {
  /** Slices checked, in order: all of them, or those before `failure`. */
  checked: number;
  /** Placed diagnostics of the slices that have any: [slice number, its diagnostics]. */
  diagnostics: Array<[number, Diagnostic[]]>;
  /**
   * Per checked slice, one projection per document-scoped rule (`stride` of them), flat: slice k's are
   * at [k * stride, (k + 1) * stride). Empty when no rule needs one. Flat, not an array per slice:
   * V8 tenures the small arrays of a deserialized message, and a million of them made up two thirds of
   * the main thread's old generation on a 1 GB dump (176 MB promoted against 47 MB flat).
   */
  projections: unknown[];
  stride: number;
  /** The first slice that is not JSON: its position in the file, and its span's end (exclusive). */
  failure?: {
    slice: number;
    message: string;
    line: number;
    column: number;
    endLine: number;
    endColumn: number;
  };
  /** The first slice too large to parse in what is left of the worker's heap (heap-room.ts). */
  heap?: { slice: number; message: string };
  /** The first duplicate member name inside a slice (duplicate-keys.ts), placed. */
  duplicate?: FoundDuplicate & { slice: number };
  /** `--stats`: this batch's phases in the worker (its read is the main thread's), and its rule time. */
  phases?: PhaseTimings;
  ruleTimings?: RuleTimings;
}

/**
 * How the pool runs a slice task; `transferList` holds the batch buffer when it is to be transferred
 * (empty for a shared one). Pass both to Piscina's `run`.
 */
export type RunSliceTask = (task: SliceTask, transferList: ArrayBuffer[]) => Promise<SliceResult>;

/** What every slice task of one document carries besides its batch. */
export type SliceTaskBase = Omit<SliceTask, 'buffer' | 'count' | 'dataOffset'>;

/**
 * Fan-out, main thread: the document scan (worker/fan-out.ts) hands element slices and the events
 * between them to the pool's batches (pool/slice-batches.ts), which apply both back in document order.
 */
export interface SliceBatches<E> {
  /** Copy one element slice into the current batch (`collection`: its code, src/slice-table.ts). */
  add(slice: SliceRow): void;
  /** Queue an event, to be applied after the slices added before it. */
  event(event: E): void;
  /** Whether something can be applied now (an event, an answered batch) or must (too many out). */
  hasReady(): boolean;
  /** Apply what is ready (events, answered batches), waiting only while too many are out. */
  applyReady(): Promise<void>;
  /** Send the last batch and apply everything. */
  finish(): Promise<void>;
  /** Wait for the results still out (after a failure), so that no rejection goes unhandled. */
  settle(): Promise<void>;
}

export interface SliceRow {
  bytes: Uint8Array;
  collection: number;
  index: number;
  line: number;
  column: number;
  members: number;
}

/** The document side of the batches: how an event and a batch's result are applied. */
export interface SliceApply<E> {
  event(event: E): void;
  /** A batch's result, its table (src/slice-table.ts) and the time this thread waited for it. */
  batch(result: SliceResult, table: Float64Array, waitedMs: number): void;
  /** True once the document failed: nothing more is applied. */
  stopped(): boolean;
}

export type OpenSliceBatches = <E>(base: SliceTaskBase, apply: SliceApply<E>) => SliceBatches<E>;

/**
 * The main-thread export of the worker module that fans one huge JSON document out (its
 * `checkHugeDocument`); the pool supplies the batches. Never throws (an error outcome).
 */
export type CheckHugeDocument = (
  job: FileJob,
  options: StreamCheckOptions,
  batches: OpenSliceBatches,
) => Promise<FileOutcome>;

/** Every entry point of the worker module: its export name, its task and its result. */
export interface WorkerTasks {
  /** Every document source (also the module's default export). */
  check: { task: CheckTask; result: CheckResult };
  /**
   * Element slices of one fanned-out document: not documents but parts of one, whose document state
   * (header, document-scoped rules, findings' order) lives on the main thread (fan-out.ts).
   */
  checkSlices: { task: SliceTask; result: SliceResult };
}

export type TaskName = keyof WorkerTasks;
export type TaskOf<K extends TaskName> = WorkerTasks[K]['task'];
export type ResultOf<K extends TaskName> = WorkerTasks[K]['result'];

/** The shape the worker module has: one export per task name (worker/index.ts is checked against it). */
export type WorkerEntries = { [K in TaskName]: (task: TaskOf<K>) => Promise<ResultOf<K>> };
