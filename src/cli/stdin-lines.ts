// JSON Lines on standard input (`--stdin-format jsonl -`), checked as it comes in bounded memory: this
// thread reads the input (gunzipping it when it starts with the gzip magic), cuts it into lines with
// the JSON Lines reader's own splitter, and hands the lines to the pool in batches, each a `lines`
// document source (src/pool/pieces.ts); the records come back as partial outcomes, as those of a large
// file's byte ranges do. Every line gets the record a file of the same bytes gives it (same cutting,
// the same line check), only the input was never held whole (it was: 1.7 GB peak for 365 MB piped in,
// and nothing written before its end). Loaded on demand: only runs with `--stdin-format jsonl -`.
import type { Readable } from 'node:stream';
import { isGzipMagic } from '../parsing/format.js';
import { type JsonLine, jsonLineLimit, packLines, splitLines } from '../parsing/jsonl.js';
import { gunzipChunks, ZLIB_DEFAULT_CHUNK_BYTES } from '../parsing/read.js';
import { BATCH_BYTES, type WorkPlan } from '../pool/concurrency.js';
import { pieceOutcomes, sourceRunner } from '../pool/pieces.js';
import type { TaskRunner } from '../pool/runner.js';
import type { CheckOptions, FileJob, FileOutcome } from '../types.js';
import type { DocumentSource, LineBatch, SourceFailure } from '../worker/tasks.js';

/** Lines per batch, as many as a gzip file's records per port message (SINK_BATCH). */
export const BATCH_LINES = 256;
/**
 * How long a started batch waits for more lines before it is sent anyway: a slow writer (a pipe fed
 * a line now and then) still sees its records come back, and a fast one fills whole batches.
 */
export const BATCH_WAIT_MS = 20;
/** How long planning waits to see whether the input is small (see StdinReader.peek). */
export const PLAN_WAIT_MS = 200;

const WAITED = Symbol('waited');

/**
 * Standard input as chunks, read only when asked for, counted as they come. Reads never go through
 * a `for await` on the stream: leaving one destroys the stream, and the input must stay readable to
 * drain it (the writer of a pipe should not be cut off because a check ended early).
 */
export class StdinReader {
  /** Bytes read so far (as read: compressed for gzip). */
  bytes = 0;
  /** The end of the input was read. */
  ended = false;
  private closed = false;
  private readonly held: Buffer[] = [];
  private inFlight: Promise<IteratorResult<Buffer | string>> | null = null;
  private readonly chunksOf: AsyncIterator<Buffer | string>;

  constructor(private readonly stream: NodeJS.ReadableStream) {
    this.chunksOf = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  }

  private next(): Promise<IteratorResult<Buffer | string>> {
    const pending = this.inFlight ?? this.chunksOf.next();
    this.inFlight = null;
    return pending;
  }

  private take(result: IteratorResult<Buffer | string>): Buffer | null {
    if (result.done) {
      this.ended = true;
      return null;
    }
    const chunk = typeof result.value === 'string' ? Buffer.from(result.value) : result.value;
    this.bytes += chunk.length;
    return chunk;
  }

  /**
   * Read ahead until the end of the input, more than `maxBytes`, or `maxMs`, whichever comes first,
   * so the run can be planned: an input that ended is small and its size known; one that did not
   * may be a multi-GB dump (or a slow writer, which threads do not hurt).
   */
  async peek(maxBytes: number, maxMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<typeof WAITED>((resolve) => {
      timer = setTimeout(resolve, maxMs, WAITED);
    });
    try {
      while (!this.ended && !this.closed && this.bytes <= maxBytes) {
        const pending = this.next();
        const result = await Promise.race([pending, waited]);
        if (result === WAITED) {
          // Still coming: the next read takes it. Until then a failure is its reader's to report.
          pending.catch(() => undefined);
          this.inFlight = pending;
          return;
        }
        const chunk = this.take(result);
        if (chunk !== null) this.held.push(chunk);
      }
    } finally {
      clearTimeout(timer);
    }
  }

  /** The input's first `n` bytes (fewer if it is shorter), left to be read. */
  async head(n: number): Promise<Buffer> {
    let held = this.held.reduce((sum, c) => sum + c.length, 0);
    while (held < n && !this.ended && !this.closed) {
      const chunk = this.take(await this.next());
      if (chunk !== null) {
        this.held.push(chunk);
        held += chunk.length;
      }
    }
    const first: Buffer[] = [];
    for (let i = 0, got = 0; i < this.held.length && got < n; i++) {
      first.push(this.held[i]!);
      got += this.held[i]!.length;
    }
    return Buffer.concat(first).subarray(0, n);
  }

  /** The next chunk; null at the end (or once closed). */
  async read(): Promise<Buffer | null> {
    const held = this.held.shift();
    if (held !== undefined) return held;
    if (this.ended || this.closed) return null;
    return this.take(await this.next());
  }

  /** The rest of the input as chunks. Stopping early leaves the stream as it is. */
  async *chunks(): AsyncGenerator<Buffer> {
    for (;;) {
      const chunk = await this.read();
      if (chunk === null) return;
      yield chunk;
    }
  }

  /** Read to the end, counting: the input was not all needed (a failure stopped its check). */
  async drain(): Promise<void> {
    try {
      while ((await this.read()) !== null) {}
    } catch {
      // A read failure is reported by the check that met it, or did not matter any more.
    }
  }

  /** Stop reading (an interrupted run): nothing pending keeps the process alive. */
  close(): void {
    this.closed = true;
    this.inFlight?.catch(() => undefined);
    (this.stream as Partial<Readable>).destroy?.();
  }
}

/**
 * What the input adds to the run's plan (src/pool/concurrency.ts): a JSON Lines input whose end was
 * read is as many tasks as its ~1 MiB batches, one that did not end may be any length (threads pay).
 */
export function planStdinLines(plan: WorkPlan, reader: StdinReader): void {
  if (plan.bytes !== undefined) plan.bytes += reader.bytes;
  const tasks = reader.ended ? Math.max(1, Math.ceil(reader.bytes / BATCH_BYTES)) : Number.POSITIVE_INFINITY;
  plan.fannedOutFiles = (plan.fannedOutFiles ?? 0) + 1;
  plan.fannedOutBytes = (plan.fannedOutBytes ?? 0) + reader.bytes;
  plan.rangedBytes = (plan.rangedBytes ?? 0) + reader.bytes;
  plan.rangeTasks = (plan.rangeTasks ?? 0) + tasks;
}

function describeFailure(error: unknown): SourceFailure {
  const e = error as {
    name?: unknown;
    message?: unknown;
    code?: unknown;
    limitName?: unknown;
    limit?: unknown;
  };
  const failure: SourceFailure = {
    name: typeof e?.name === 'string' ? e.name : 'Error',
    message: typeof e?.message === 'string' ? e.message : String(error),
  };
  if (typeof e?.code === 'string') failure.code = e.code;
  if (typeof e?.limitName === 'string') failure.limitName = e.limitName;
  if (typeof e?.limit === 'number') failure.limit = e.limit;
  return failure;
}

/**
 * The input's lines in batches of up to BATCH_LINES lines / BATCH_BYTES bytes, a batch sent early when
 * no line came for BATCH_WAIT_MS; the last one says `end`, with the failure that stopped reading if
 * one did (gzip: the decompressed total is bounded by --max-file-size, as for a gzip file).
 */
export async function* stdinLineBatches(
  reader: StdinReader,
  options: CheckOptions,
): AsyncGenerator<LineBatch> {
  let gzip = false;
  let batch: JsonLine[] = [];
  let size = 0;
  let timer: NodeJS.Timeout | undefined;
  let deadline: Promise<typeof WAITED> | null = null;
  const take = (): LineBatch => {
    clearTimeout(timer);
    deadline = null;
    const taken: LineBatch = { lines: packLines(batch), gzip, bytesRead: reader.bytes };
    batch = [];
    size = 0;
    return taken;
  };
  try {
    gzip = isGzipMagic(await reader.head(2));
    // Decompressed as a gzip file's JSON Lines are (streamFile), so the limit stops at the same chunk.
    const chunks = gzip
      ? gunzipChunks(reader.chunks(), options.maxFileSize, '--max-file-size', ZLIB_DEFAULT_CHUNK_BYTES)
      : reader.chunks();
    const lines = splitLines(chunks, jsonLineLimit(options.maxFileSize))[Symbol.asyncIterator]();
    let pending: Promise<IteratorResult<JsonLine>> | null = null;
    for (;;) {
      if (pending === null) {
        pending = lines.next();
        // Awaited below, but it may fail while a yield waits for the consumer.
        pending.catch(() => undefined);
      }
      let next: IteratorResult<JsonLine> | typeof WAITED;
      if (batch.length === 0) next = await pending;
      else {
        deadline ??= new Promise((resolve) => {
          timer = setTimeout(resolve, BATCH_WAIT_MS, WAITED);
        });
        next = await Promise.race([pending, deadline]);
      }
      if (next === WAITED) {
        yield take();
        continue;
      }
      pending = null;
      if (next.done) break;
      batch.push(next.value);
      size += next.value.bytes.length;
      if (batch.length >= BATCH_LINES || size >= BATCH_BYTES) yield take();
    }
  } catch (error) {
    // The lines before keep their records; the failure is the input's last record, after them. The
    // rest is read (not checked) so `bytes` counts the whole input, as when it was read whole.
    clearTimeout(timer);
    await reader.drain();
    yield { ...take(), end: { failure: describeFailure(error) } };
    return;
  }
  yield { ...take(), end: {} };
}

/** The batches of standard input as document sources (`job.size`: the bytes read so far). */
async function* lineSources(batches: AsyncIterable<LineBatch>, job: FileJob): AsyncGenerator<DocumentSource> {
  for await (const batch of batches) yield { kind: 'lines', job: { ...job, size: batch.bytesRead }, batch };
}

/** The pipeline's outcomes of standard input read as JSON Lines, checked over `runner`. */
export function stdinLineOutcomes(
  reader: StdinReader,
  job: FileJob,
  options: CheckOptions,
  runner: TaskRunner,
  signal?: AbortSignal,
): AsyncGenerator<FileOutcome> {
  const sources = lineSources(stdinLineBatches(reader, options), job);
  // As a large file's byte ranges: four batches per thread; in-process one at a time.
  const inFlight = Math.max(1, 4 * runner.threads);
  return pieceOutcomes(job, sources, sourceRunner(runner, options), inFlight, signal);
}
