// Reading inputs: whole files into one Buffer (readFile: the cheapest part of the job) and
// gzip as a stream, decompressed under a byte limit so a small `.gz` cannot inflate into gigabytes.
import { closeSync, constants, createReadStream, openSync, readFileSync, readSync } from 'node:fs';
import type { Readable as ReadableClass, pipeline as streamPipelineFunction } from 'node:stream';
import type { pipeline as pipelineFunction } from 'node:stream/promises';
import type { createGunzip as createGunzipFunction } from 'node:zlib';

/**
 * node:stream/promises and node:zlib are not in Node's start-up snapshot; a worker checking plain
 * JSON/YAML files never streams, so they are loaded on the first stream (a few ms of start-up).
 */
let streams: {
  Readable: typeof ReadableClass;
  pipeline: typeof pipelineFunction;
  streamPipeline: typeof streamPipelineFunction;
  createGunzip: typeof createGunzipFunction;
} | null = null;
async function loadStreams(): Promise<NonNullable<typeof streams>> {
  if (streams === null) {
    const [stream, promises, zlib] = await Promise.all([
      import('node:stream'),
      import('node:stream/promises'),
      import('node:zlib'),
    ]);
    streams = {
      Readable: stream.Readable,
      pipeline: promises.pipeline,
      streamPipeline: stream.pipeline,
      createGunzip: zlib.createGunzip,
    };
  }
  return streams;
}

/** V8 strings top out at 2^29 - 24 UTF-16 units (~512 MiB): larger inputs cannot be parsed whole. */
export const MAX_WHOLE_BYTES = 2 ** 29 - 24;

/** The decompressed (or read) input is over a named limit. */
export class InputLimitError extends Error {
  constructor(
    readonly limitName: string,
    readonly limit: number,
    /** What went over, for the message: gzip is measured as it inflates, a pipe or device as it is read. */
    readonly subject = 'the decompressed input',
  ) {
    super(`input is over ${limitName} (${limit} bytes)`);
    this.name = 'InputLimitError';
  }
}

/** zlib failures (corrupt or truncated gzip) carry codes like Z_DATA_ERROR / Z_BUF_ERROR. */
export function isGzipError(error: unknown): error is Error & { code: string } {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('Z_');
}

/**
 * One file into one Buffer, synchronously. A worker thread has nothing else to do while it waits, and
 * the promise API costs ~4 thread-pool round trips per file (open, fstat, read, close), several times
 * the CPU of a synchronous read.
 */
export function readWhole(path: string): Buffer {
  return readFileSync(path);
}

/** Files expected up to this size are read into the thread's reused buffer (`readReused`). */
export const REUSED_READ_MAX = 4 * 1024 * 1024;

let reused: Buffer | null = null;

/**
 * One file's bytes, read whole like `readWhole`, but into a buffer the thread keeps for the next file:
 * the bytes are valid only until the next call, so the caller must be done with them before it awaits
 * anything. A fresh ArrayBuffer per file is external memory that V8 tracks and collects, a measurable
 * share of a run of many small files. `expected`: the size discovery measured; a file expected larger
 * than REUSED_READ_MAX gets a buffer of its own, so the kept one never outgrows that bound. The size
 * comes from the read itself (until end of file), as readFileSync's loop ends.
 */
export function readReused(path: string, expected: number): Buffer {
  if (expected > REUSED_READ_MAX) return readFileSync(path);
  const fd = openSync(path, 'r');
  try {
    // Room for one byte more than expected: the read that finds the end then needs no larger buffer.
    let buffer = reused !== null && reused.length > expected ? reused : grown(reused, 0, expected + 1);
    let filled = 0;
    for (;;) {
      if (filled === buffer.length) buffer = grown(buffer, filled, buffer.length * 2);
      const read = readSync(fd, buffer, filled, buffer.length - filled, null);
      if (read === 0) return buffer.subarray(0, filled);
      filled += read;
    }
  } finally {
    closeSync(fd);
  }
}

/** A buffer of at least `size` bytes holding `filled` bytes of `from`; kept for reuse within the bound. */
function grown(from: Buffer | null, filled: number, size: number): Buffer {
  const buffer = Buffer.allocUnsafeSlow(Math.max(64 * 1024, 2 ** Math.ceil(Math.log2(size))));
  if (from !== null && filled > 0) from.copy(buffer, 0, 0, filled);
  if (buffer.length <= REUSED_READ_MAX * 2) reused = buffer;
  return buffer;
}

/**
 * All the bytes of a named pipe (FIFO), at most `limit`. A blocking open (readFileSync) waits in the
 * kernel until a writer appears, where no interrupt reaches it, and a worker thread stuck there cannot
 * even be terminated. Opened non-blocking and read through a libuv pipe handle, the wait is an ordinary
 * event-loop wait: it still lasts until a writer comes and closes (Linux reports no hang-up on a FIFO
 * that no writer has opened yet), but an interrupt can end the run. Only pipes come here: no network.
 */
export async function readPipe(
  path: string,
  limit = Number.POSITIVE_INFINITY,
  limitName = '--max-file-size',
): Promise<Buffer> {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  const { Socket } = await import('node:net');
  const pipe = new Socket({ fd, readable: true, writable: false });
  openPipes.add(pipe);
  try {
    return await collectBounded(pipe as AsyncIterable<Buffer>, limit, limitName);
  } finally {
    openPipes.delete(pipe);
    pipe.destroy();
  }
}

/** Every chunk of a stream in one Buffer, refused (InputLimitError) past `limit` bytes. */
async function collectBounded(
  chunks: AsyncIterable<Buffer>,
  limit: number,
  limitName: string,
): Promise<Buffer> {
  const held: Buffer[] = [];
  let total = 0;
  for await (const chunk of chunks) {
    total += chunk.length;
    if (total > limit) throw new InputLimitError(limitName, limit, 'the input');
    held.push(chunk);
  }
  return Buffer.concat(held, total);
}

/** The pipes being read (readPipe): a run that ends while one waits for its writer closes them. */
const openPipes = new Set<{ destroy(error?: Error): void }>();

/**
 * End every pipe read still waiting. In a worker thread the pool's termination does that; in-process
 * (`--concurrency 0`) a wait for a writer that never comes kept the process alive after its summary.
 */
export function closeOpenPipes(): void {
  for (const pipe of openPipes) pipe.destroy(new Error('the run ended before the pipe was read'));
  openPipes.clear();
}

/**
 * All the bytes of a device (`/dev/stdin`, `/dev/zero`), at most `limit`. Its size is 0 to stat, so
 * neither --max-file-size nor the streaming threshold saw it coming, and readFileSync would read
 * /dev/zero until memory ran out: it is read as a stream and stopped at the limit.
 */
export async function readBounded(
  path: string,
  limit: number,
  limitName = '--max-file-size',
): Promise<Buffer> {
  const stream = createReadStream(path);
  try {
    return await collectBounded(stream as AsyncIterable<Buffer>, limit, limitName);
  } finally {
    stream.destroy();
  }
}

/** The first `length` bytes of a file (for sniffing the format of a huge file with no known extension). */
export function readHead(path: string, length = 4096): Buffer {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(length);
    return head.subarray(0, readSync(fd, head, 0, length, 0));
  } finally {
    closeSync(fd);
  }
}

/** Decompress a gzip source to one Buffer of at most `limit` bytes (InputLimitError beyond). */
export async function gunzipToBuffer(
  source: Buffer | string,
  limit: number,
  limitName = '--max-file-size',
): Promise<Buffer> {
  const { Readable, pipeline, createGunzip } = await loadStreams();
  const chunks: Buffer[] = [];
  let total = 0;
  let exceeded = false;
  try {
    await pipeline(
      typeof source === 'string' ? createReadStream(source) : Readable.from([source]),
      createGunzip(),
      async (inflated: AsyncIterable<Buffer>) => {
        for await (const chunk of inflated) {
          total += chunk.length;
          if (total > limit) {
            exceeded = true;
            throw new InputLimitError(limitName, limit);
          }
          chunks.push(chunk);
        }
      },
    );
  } catch (error) {
    // Node 20's pipeline reports a sink that threw as an AbortError: say which limit it was.
    if (exceeded) throw new InputLimitError(limitName, limit);
    throw error;
  }
  return Buffer.concat(chunks, total);
}

/**
 * The bytes of a file (decompressed when `gzip`), as a stream consumed by `consume`. Decompressed
 * output beyond `limit` bytes fails with InputLimitError (a small `.gz` must not inflate without end).
 */
export async function streamFile(
  source: Buffer | string,
  gzip: boolean,
  consume: (bytes: AsyncIterable<Buffer>) => Promise<void>,
  limit = Number.POSITIVE_INFINITY,
  limitName = '--max-file-size',
): Promise<void> {
  const { Readable, pipeline, createGunzip } = await loadStreams();
  const input = typeof source === 'string' ? createReadStream(source) : Readable.from([source]);
  if (!gzip) {
    await pipeline(input, consume);
    return;
  }
  let exceeded = false;
  async function* bounded(inflated: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    let total = 0;
    for await (const chunk of inflated) {
      total += chunk.length;
      if (total > limit) {
        exceeded = true;
        throw new InputLimitError(limitName, limit);
      }
      yield chunk;
    }
  }
  try {
    await pipeline(input, createGunzip(), (inflated: AsyncIterable<Buffer>) => consume(bounded(inflated)));
  } catch (error) {
    // As in gunzipToBuffer: Node 20's pipeline reports the thrown limit as an AbortError.
    if (exceeded) throw new InputLimitError(limitName, limit);
    throw error;
  }
}

/** What an incomplete `gunzipHead` returns at least (enough to sniff the format). */
const SNIFF_BYTES = 4096;

/** zlib's output chunk size for the decompressed streams below (its default is 16 KiB). */
const GUNZIP_CHUNK_BYTES = 256 * 1024;
/**
 * zlib's default output chunk, the one streamFile decompresses in. The decompressed total is checked
 * chunk by chunk, so a JSON Lines reader that must stop where streamFile does (standard input read as
 * the file would be, src/cli/stdin-lines.ts) decompresses in chunks of the same size.
 */
export const ZLIB_DEFAULT_CHUNK_BYTES = 16 * 1024;

/**
 * The decompressed bytes of a gzip source (a file, bytes, or a stream of chunks) as a pull stream: nothing is decompressed ahead of what the
 * consumer asked for, and a consumer that stops early (break) closes the file. Beyond `limit` bytes it
 * throws InputLimitError; corrupt data throws zlib's error (code Z_*).
 */
export async function* gunzipChunks(
  source: Buffer | string | AsyncIterable<Buffer>,
  limit = Number.POSITIVE_INFINITY,
  limitName = '--max-file-size',
  chunkSize = GUNZIP_CHUNK_BYTES,
): AsyncGenerator<Buffer> {
  const { Readable, streamPipeline, createGunzip } = await loadStreams();
  // An iterable source: a stream read by the caller (standard input, src/cli/stdin-lines.ts).
  const input =
    typeof source === 'string'
      ? createReadStream(source)
      : Readable.from(Buffer.isBuffer(source) ? [source] : source, { objectMode: false });
  // The callback form returns the last stream; an error anywhere destroys it, and iterating it throws.
  const inflated = streamPipeline(input, createGunzip({ chunkSize }), () => {});
  let total = 0;
  for await (const chunk of inflated as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > limit) {
      inflated.destroy();
      throw new InputLimitError(limitName, limit);
    }
    yield chunk;
  }
}

/**
 * Decompress a gzip source while it stays within `keep` bytes: `complete` with all of it, or not
 * complete (the rest is left undecompressed) with its first few KiB, for sniffing. So a
 * bomb costs at most `keep` bytes of memory here; the caller streams what is larger.
 */
export async function gunzipHead(
  source: Buffer | string,
  keep: number,
  limit = Number.POSITIVE_INFINITY,
  limitName = '--max-file-size',
): Promise<{ bytes: Buffer; complete: boolean }> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of gunzipChunks(source, limit, limitName)) {
    chunks.push(chunk);
    total += chunk.length;
    if (total > keep) {
      // Only the head is returned: copying `keep` bytes once more would double the memory bound.
      let headBytes = 0;
      let count = 0;
      while (count < chunks.length && headBytes < SNIFF_BYTES) headBytes += chunks[count++]!.length;
      return { bytes: Buffer.concat(chunks.slice(0, count), headBytes), complete: false };
    }
  }
  return { bytes: Buffer.concat(chunks, total), complete: true };
}
