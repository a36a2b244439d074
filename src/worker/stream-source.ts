// Where a streamed document's bytes and header come from: the file (or a gzip input's fresh
// decompressed streams) read a chunk at a time, and the header (`mcpdesc`, root `tags`) from a
// pre-pass over depth-1 members or guessed from both ends of the file.
import { open, stat } from 'node:fs/promises';
import { DEFAULT_MAX_ELEMENT_BYTES, Splitter } from '../parsing/splitter.js';
import { probeTail } from '../parsing/splitter-probe.js';
import { type InvalidUtf8At, Utf8Scan } from '../parsing/utf8.js';
import type { CheckOptions } from '../types.js';
import { ALL_HEADER_KEYS, type DocumentHeader, emptyHeader, headerKeys } from '../validation/engine.js';
import type { Rule } from '../validation/rule.js';

/** Streaming knobs beyond CheckOptions (tests and the fan-out set them; the CLI uses the defaults). */
export interface StreamOptions {
  /** A member value or element above this size is reported and skipped, never buffered (default 32 MiB). */
  maxElementBytes?: number;
  /** Read size (default 1 MiB). */
  chunkBytes?: number;
  /** The rule set (default: the catalogue). In-process only: functions do not cross to a worker. */
  rules?: readonly Rule[];
  /**
   * Bytes read at each end of a file to guess its header instead of a full pre-pass (default 4 MiB;
   * files up to twice this size get the full pre-pass, which is then cheap).
   */
  probeBytes?: number;
}

export type StreamCheckOptions = CheckOptions & StreamOptions;

const DEFAULT_CHUNK_BYTES = 1 << 20;
const DEFAULT_PROBE_BYTES = 4 << 20;

/**
 * Where a streamed document's bytes come from: a file path, or (a gzip input) a factory of fresh
 * decompressed streams, opened once per pass since there is no seeking back in gzip.
 */
export type ChunkSource = string | { readonly chunks: () => AsyncIterable<Buffer> };

/**
 * The file's bytes, one reused buffer at a time: each chunk is valid until the next is requested (the
 * splitter copies what it keeps across chunks).
 */
export async function* readChunks(
  path: ChunkSource,
  chunkBytes = DEFAULT_CHUNK_BYTES,
): AsyncGenerator<Buffer> {
  if (typeof path !== 'string') {
    yield* path.chunks();
    return;
  }
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(chunkBytes);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, chunkBytes, null);
      if (bytesRead === 0) return;
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}

export function parseOrUndefined(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The first invalid UTF-8 of the input, in one more read (only for a document that failed: the scan
 * stopped at its first syntax error, and whole-file mode reports invalid UTF-8 anywhere before that).
 */
export async function findInvalidUtf8(path: ChunkSource, chunkBytes?: number): Promise<InvalidUtf8At | null> {
  const scan = new Utf8Scan();
  for await (const chunk of readChunks(path, chunkBytes)) {
    const found = scan.push(chunk);
    if (found) return found;
  }
  return scan.end();
}

/**
 * The pre-pass: the root type, `mcpdesc`, root `tags` and (0.8.0) root `protocolVersions`, scanning
 * depth-1 members without parsing anything else. Stops as soon as the members the declared version
 * has are found (or the root is not an object). Malformed input is left to the main pass, which
 * reports it at its position.
 */
export async function readHeader(
  path: ChunkSource,
  options: StreamOptions = {},
  limit = Number.POSITIVE_INFINITY,
): Promise<DocumentHeader> {
  return (await readHead(path, options, limit)).header;
}

/**
 * readHeader, and whether the root was seen: a read cut short by `limit` inside leading whitespace
 * knows nothing of it (its `rootType` is no finding).
 */
async function readHead(
  path: ChunkSource,
  options: StreamOptions,
  limit: number,
): Promise<{ header: DocumentHeader; rootSeen: boolean }> {
  const header = emptyHeader('null');
  let rootSeen = false;
  const splitter = new Splitter({
    captureKeys: ALL_HEADER_KEYS,
    maxElementBytes: options.maxElementBytes ?? DEFAULT_MAX_ELEMENT_BYTES,
  });
  const found = new Set<string>();
  let read = 0;
  for await (const chunk of readChunks(path, options.chunkBytes)) {
    if (read >= limit) break;
    read += chunk.length;
    for (const e of splitter.push(chunk)) {
      if (e.type === 'root') {
        header.rootType = e.kind;
        rootSeen = true;
        if (e.kind !== 'object') return { header, rootSeen };
      } else if (e.type === 'member' && e.key === 'mcpdesc') {
        found.add(e.key);
        header.hasMcpdesc = true;
        header.mcpdesc = parseOrUndefined(e.bytes);
      } else if (e.type === 'member' && e.key === 'tags') {
        found.add(e.key);
        header.tags = parseOrUndefined(e.bytes);
      } else if (e.type === 'member' && e.key === 'protocolVersions') {
        found.add(e.key);
        header.protocolVersions = parseOrUndefined(e.bytes);
      } else if (e.type === 'error') {
        return { header, rootSeen: true };
      }
    }
    if (found.has('mcpdesc') && headerKeys(header.mcpdesc).every((key) => found.has(key)))
      return { header, rootSeen };
  }
  // The whole input read, and no root: nothing but whitespace (the main pass reports it).
  return { header, rootSeen: rootSeen || read < limit };
}

/** A header to check with, and whether it is a guess the main pass must confirm. */
export interface HeaderGuess {
  header: DocumentHeader;
  speculative: boolean;
}

async function readTail(path: string, size: number, length: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, size - length);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The header without a full pre-pass when possible: the members in the first `probeBytes` (a short
 * pre-pass) and those the tail probe finds in the last `probeBytes`, the tail winning as the later
 * occurrence. The result is speculative: the main pass confirms it (`StreamedDocument.confirmed`).
 */
export async function guessHeader(path: ChunkSource, options: StreamOptions = {}): Promise<HeaderGuess> {
  const probe = options.probeBytes ?? DEFAULT_PROBE_BYTES;
  // A stream has no tail to probe. Real documents declare `mcpdesc` first: a head that does is the guess
  // (the main pass confirms it); one that does not gets the full pre-pass (a scan, cheaper than a main
  // pass spent on a wrong guess).
  if (typeof path !== 'string') {
    const { header: head, rootSeen } = await readHead(path, options, probe);
    // More leading whitespace than the probe holds: the root is further on.
    if (!rootSeen) return { header: await readHeader(path, options), speculative: false };
    if (head.rootType !== 'object') return { header: head, speculative: false };
    if (head.hasMcpdesc) return { header: head, speculative: true };
    return { header: await readHeader(path, options), speculative: false };
  }
  const { size } = await stat(path);
  if (size <= 2 * probe) return { header: await readHeader(path, options), speculative: false };
  const { header: head, rootSeen } = await readHead(path, options, probe);
  if (!rootSeen) return { header: await readHeader(path, options), speculative: false };
  if (head.rootType !== 'object') return { header: head, speculative: false };
  const tail = probeTail(await readTail(path, size, probe), ALL_HEADER_KEYS);
  if (tail === null) return { header: await readHeader(path, options), speculative: false };
  const mcpdesc = tail.get('mcpdesc');
  const tags = tail.get('tags');
  const protocolVersions = tail.get('protocolVersions');
  return {
    header: {
      rootType: 'object',
      hasMcpdesc: head.hasMcpdesc || mcpdesc !== undefined,
      mcpdesc: mcpdesc !== undefined ? parseOrUndefined(mcpdesc) : head.mcpdesc,
      tags: tags !== undefined ? parseOrUndefined(tags) : head.tags,
      protocolVersions:
        protocolVersions !== undefined ? parseOrUndefined(protocolVersions) : head.protocolVersions,
    },
    speculative: true,
  };
}
