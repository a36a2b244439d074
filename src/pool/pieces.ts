// One input checked in pieces, each a document source of its own (the byte ranges of a large JSON
// Lines file, the line batches of standard input): the pieces run over the pool, a window of them at
// a time, and their records are passed on in input order as partial outcomes. What went out so far is
// kept, so that a failure after some records is placed on the line after the last one, as the
// single-worker reader places a read failure.
import { placeOnLine } from '../failure-placement.js';
import type { CheckOptions, DocumentResult, FileJob, FileOutcome, RuleTimings } from '../types.js';
import type { DocumentSource, SourceResult } from '../worker/tasks.js';
import { errorDocument, failureReason } from './pipeline.js';
import type { TaskRunner } from './runner.js';

/** Runs one document source as a task of the batch protocol: the result of its one input. */
export type RunSource = (source: DocumentSource) => Promise<SourceResult>;

/** What a source's task transfers rather than copies: the lines' buffer, the stream's port. */
function transferOf(source: DocumentSource) {
  if (source.kind === 'lines') return [source.batch.lines.bytes.buffer as ArrayBuffer];
  if (source.kind === 'stream') return [source.port];
  return [];
}

/** Run sources over `runner`, each as one task of the batch protocol. */
export function sourceRunner(runner: TaskRunner, options: CheckOptions): RunSource {
  return async (source) => {
    const results = await runner.run({ source, options }, transferOf(source));
    const result = results[0];
    if (results.length !== 1 || result === undefined || !Array.isArray(result.documents))
      throw Object.assign(new Error('the worker returned a malformed result'), { code: 'WORKER_PROTOCOL' });
    return result;
  };
}

/** The input's last piece: a byte range to the end of the file, a batch of lines that ends the input. */
function endsInput(source: DocumentSource): boolean {
  if (source.kind === 'range') return source.end === Number.POSITIVE_INFINITY;
  if (source.kind === 'lines') return source.batch.end !== undefined;
  return true;
}

/** Shift a piece's relative line numbers (documents and their diagnostics) by the lines before it. */
function placeDocument(doc: DocumentResult, before: number): DocumentResult {
  if (before === 0) return doc;
  if (doc.line !== undefined) doc.line += before;
  for (const d of doc.diagnostics) {
    if (d.line !== undefined) d.line += before;
    if (d.endLine !== undefined) d.endLine += before;
  }
  return doc;
}

const HEAD = Symbol('head');
const SOURCE = Symbol('source');

/**
 * The records of `job`, whose pieces `sources` yields (its last piece ends the input), one outcome
 * per piece that has records, `partial` on all but the last. At most `maxInFlight` pieces are being
 * checked or waiting to be taken, plus one being read: `sources` is asked for the next one only while
 * there is room, and results are passed on as soon as the one at the head is in, even while the
 * input is slow to come (records appear while a pipe is still being written). A byte range's lines
 * come back numbered relative to it and are numbered here. A worker that fails on a piece (crash,
 * heap limit) ends the input: its records so far, then that failure on the line after the last.
 * Throws when `signal` aborts, and when the first piece fails (the caller then gives the input its
 * one error record).
 */
export async function* pieceOutcomes(
  job: FileJob,
  sources: AsyncIterator<DocumentSource> | Iterator<DocumentSource>,
  runSource: RunSource,
  maxInFlight: number,
  signal?: AbortSignal,
): AsyncGenerator<FileOutcome> {
  const limit = Math.max(1, maxInFlight);
  const window: Array<Promise<SourceResult>> = [];
  /** The next piece, being read. */
  let reading: Promise<IteratorResult<DocumentSource>> | null = null;
  let ended = false;
  /** Lines of the byte ranges passed on so far. */
  let before = 0;
  const pieces = new InputPieces(job);
  const start = (next: IteratorResult<DocumentSource>) => {
    reading = null;
    if (next.done) {
      ended = true;
      return;
    }
    const pending = runSource(next.value);
    // Results left in the window after an early return (a failure, an abort) must not reject unhandled.
    pending.catch(() => undefined);
    window.push(pending);
    if (endsInput(next.value)) ended = true;
  };
  for (;;) {
    if (signal?.aborted) throw interrupted();
    if (!ended && reading === null && window.length < limit) {
      reading = Promise.resolve(sources.next());
      // The source turns read failures into its last piece; anything else is awaited below, but may
      // reject while a yield waits for the consumer.
      reading.catch(() => undefined);
    }
    if (window.length === 0) {
      if (reading === null) break;
      start(await reading);
      continue;
    }
    const head = window[0]!;
    // Whichever comes first: the head's records are passed on without waiting for the input.
    const first: symbol =
      reading === null
        ? HEAD
        : await Promise.race([
            head.then(
              () => HEAD,
              () => HEAD,
            ),
            (reading as Promise<unknown>).then(() => SOURCE),
          ]);
    if (first === SOURCE) {
      start(await reading!);
      continue;
    }
    window.shift();
    let result: SourceResult;
    try {
      result = await head;
    } catch (error) {
      yield pieces.workerFailed(error);
      return;
    }
    const documents = result.documents.map((doc) => placeDocument(doc, before));
    if (result.failure) {
      yield pieces.failedAfter(documents, result.failure, result.ruleTimings);
      return;
    }
    before += result.newlines ?? 0;
    if (ended && window.length === 0 && reading === null) {
      if (signal?.aborted) throw interrupted();
      if (pieces.none && documents.length === 0 && result.empty) documents.push(result.empty);
      yield pieces.last(documents, result.ruleTimings);
      return;
    }
    // Taken only when the consumer asks for more: until then nothing more is read or started.
    if (documents.length > 0 || result.ruleTimings) yield pieces.partial(documents, result.ruleTimings);
  }
  if (signal?.aborted) throw interrupted();
  // The source ended without its last piece: end the input with what came.
  yield pieces.last([]);
}

/** What a producer of pieces throws when the run is interrupted (the pipeline stops pulling). */
export function interrupted(): Error {
  return Object.assign(new Error('interrupted'), { code: 'ABORTED' });
}

export class InputPieces {
  private emitted = 0;
  private lastLine = 0;

  constructor(private readonly job: FileJob) {}

  /** Nothing was passed on yet. */
  get none(): boolean {
    return this.emitted === 0;
  }

  /** A piece with more to follow (`ruleTimings`: --stats, the worker's rule time that came with it). */
  partial(documents: DocumentResult[], ruleTimings?: RuleTimings): FileOutcome {
    this.count(documents);
    return withTimings({ index: this.job.index, documents, partial: true }, ruleTimings);
  }

  /** The input's last piece. */
  last(documents: DocumentResult[], ruleTimings?: RuleTimings): FileOutcome {
    this.count(documents);
    return withTimings({ index: this.job.index, documents }, ruleTimings);
  }

  /** `failure` placed on the line after the records passed on (as it is when none were). */
  afterRecords(failure: DocumentResult): DocumentResult {
    return this.emitted === 0 ? failure : placeOnLine(failure, this.lastLine + 1);
  }

  /**
   * The last piece of an input whose reading failed part-way (a read error, a size limit, found by the
   * worker): `documents`, then `failure` on the line after the last record.
   */
  failedAfter(documents: DocumentResult[], failure: DocumentResult, ruleTimings?: RuleTimings): FileOutcome {
    const last = documents[documents.length - 1];
    documents.push(
      last !== undefined ? placeOnLine(failure, (last.line ?? 0) + 1) : this.afterRecords(failure),
    );
    return this.last(documents, ruleTimings);
  }

  /**
   * The last piece after the worker failed (crash, heap limit): its error record after the records
   * passed on. Rethrows when there were none: the caller gives the file its one error record.
   */
  workerFailed(error: unknown): FileOutcome {
    if (this.emitted === 0) throw error;
    const { code, message } = failureReason(error);
    return this.last([this.afterRecords(errorDocument(this.job, code, message))]);
  }

  private count(documents: readonly DocumentResult[]): void {
    this.emitted += documents.length;
    const last = documents[documents.length - 1];
    if (last !== undefined) this.lastLine = last.line ?? this.lastLine;
  }
}

function withTimings(outcome: FileOutcome, ruleTimings: RuleTimings | undefined): FileOutcome {
  if (ruleTimings !== undefined) outcome.ruleTimings = ruleTimings;
  return outcome;
}
