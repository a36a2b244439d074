// JSON Lines (`.jsonl`, `.ndjson`): every non-blank line is one document that knows its 1-based line.
//
// Lines are parsed with stream-json's JSONL line parser (`jsonlParser`, the per-line stage of its
// `jsonl/parser.js`). Its full pipeline (`parser()` = fixUtf8Stream → lines → jsonlParser) is not used:
//  - it numbers documents by how many it emitted, skipping blank lines, so line numbers are lost;
//  - it decodes with StringDecoder, which silently turns invalid UTF-8 into U+FFFD;
//  - without `errorIndicator` the first bad line ends the stream, and with it the error is gone.
// So lines are cut here, on bytes (a '\n' byte never occurs inside a UTF-8 multi-byte sequence), each
// line is checked for UTF-8 on its own, and `jsonlParser` parses it with an error indicator, so a bad
// line is a finding for that line's document and the following lines are still checked.

import { MAX_WHOLE_BYTES } from './read.js';

export interface JsonLine {
  /** 1-based line number in the (decompressed) input. */
  line: number;
  /** The line's bytes without its '\n' / '\r\n'; empty when `oversize`. */
  bytes: Buffer;
  /** Byte length of the line (also when it was too long to keep). */
  size: number;
  /** The line exceeded `maxLineBytes` and was dropped unread. */
  oversize: boolean;
}

/**
 * The longest line that is checked (longer ones are skipped unread): `--max-file-size` applies to each
 * line, and no line can be longer than the largest string V8 can hold.
 */
export function jsonLineLimit(maxFileSize: number): number {
  return Math.min(maxFileSize, MAX_WHOLE_BYTES);
}

const isBlankByte = (b: number) => b === 0x20 || b === 0x09 || b === 0x0d || b === 0x0a;

function isBlank(bytes: Buffer): boolean {
  for (let i = 0; i < bytes.length; i++) if (!isBlankByte(bytes[i]!)) return false;
  return true;
}

/** One line's parts (without its '\n') as a JsonLine; null when it is blank (and not oversize). */
function endLine(parts: Buffer[], size: number, line: number, maxLineBytes: number): JsonLine | null {
  const oversize = size > maxLineBytes;
  let bytes = oversize ? Buffer.alloc(0) : parts.length === 1 ? parts[0]! : Buffer.concat(parts, size);
  if (!oversize && bytes.length > 0 && bytes[bytes.length - 1] === 0x0d) bytes = bytes.subarray(0, -1);
  return oversize || !isBlank(bytes) ? { line, bytes, size, oversize } : null;
}

/**
 * Cut a byte stream into non-blank lines. Memory stays bounded by the longest line kept: a line longer
 * than `maxLineBytes` is counted, not buffered.
 */
export async function* splitLines(
  source: AsyncIterable<Buffer>,
  maxLineBytes: number,
): AsyncGenerator<JsonLine> {
  let parts: Buffer[] = [];
  let size = 0;
  let line = 1;
  const finish = (): JsonLine | null => {
    const result = endLine(parts, size, line, maxLineBytes);
    parts = [];
    size = 0;
    return result;
  };
  for await (const chunk of source) {
    let pos = 0;
    for (;;) {
      const nl = chunk.indexOf(0x0a, pos);
      const end = nl === -1 ? chunk.length : nl;
      if (end > pos) {
        size += end - pos;
        if (size <= maxLineBytes) parts.push(chunk.subarray(pos, end));
      }
      if (nl === -1) break;
      const done = finish();
      if (done) yield done;
      line++;
      pos = nl + 1;
    }
  }
  if (size > 0) {
    const done = finish();
    if (done) yield done;
  }
}

/**
 * Lines cut in one thread and checked in another (standard input: the main thread reads and cuts it,
 * src/cli/stdin-lines.ts; a worker checks them, src/worker/json-lines.ts): their bytes copied into one
 * buffer of their own, so a batch is one transferable ArrayBuffer, not a clone per line of whatever
 * larger chunk each line was a view of.
 */
export interface PackedLines {
  bytes: Uint8Array;
  /** Per line: its number, where its bytes are in `bytes`, its size in the input, oversize. */
  lines: Array<{ line: number; start: number; end: number; size: number; oversize: boolean }>;
}

export function packLines(lines: readonly JsonLine[]): PackedLines {
  let total = 0;
  for (const l of lines) total += l.bytes.length;
  // Not Buffer.allocUnsafe: a pooled slice shares its ArrayBuffer and could not be transferred.
  const bytes = new Uint8Array(total);
  const meta: PackedLines['lines'] = [];
  let at = 0;
  for (const l of lines) {
    bytes.set(l.bytes, at);
    meta.push({ line: l.line, start: at, end: at + l.bytes.length, size: l.size, oversize: l.oversize });
    at += l.bytes.length;
  }
  return { bytes, lines: meta };
}

export function unpackLines(packed: PackedLines): JsonLine[] {
  const { buffer, byteOffset } = packed.bytes;
  return packed.lines.map((l) => ({
    line: l.line,
    bytes: Buffer.from(buffer, byteOffset + l.start, l.end - l.start),
    size: l.size,
    oversize: l.oversize,
  }));
}

/** Reads up to `buffer.length` bytes of the file at `position` into `buffer`; 0 at the end of the file. */
export type ReadAt = (buffer: Buffer, position: number) => number;

/** Reads of a range go on past its end in pieces of at most this size, to finish its last line. */
export const RANGE_TAIL_READ = 64 * 1024;
/** Reads of the range itself are at most this large (a huge range is still read piece by piece). */
const RANGE_MAX_READ = 4 * 1024 * 1024;

/**
 * The lines of a file that START inside the byte range [start, end), so that ranges cut anywhere
 * (even inside a line, a CRLF or a multi-byte character) give every line of the file exactly once:
 * the partial line at `start` belongs to the range before (skipped unless `start` is 0 or the byte
 * before it is '\n'), and the range's last line is read on past `end` to its '\n' (or the end of
 * the file). A range that lies inside one long line gives no line.
 *
 * Each non-blank (or oversize) line is passed to `onLine` with its line number RELATIVE to the range:
 * 1 + the number of '\n' bytes in [start, line start). Returns the number of '\n' bytes in
 * [start, end), so the caller gets absolute numbers by adding the newlines of all earlier ranges
 * (the count of '\n' in [0, start)): ranges need not know what came before them.
 * `end` may be Infinity (the last range: to the end of the file, however long it has become).
 */
export function linesInRange(
  read: ReadAt,
  start: number,
  end: number,
  maxLineBytes: number,
  onLine: (line: JsonLine) => void,
  tailRead = RANGE_TAIL_READ,
): number {
  let pos = start;
  let newlines = 0;
  let line = 1;
  // Collecting a line (true) or skipping the partial line that started before `start` (false).
  let collecting = start === 0;
  if (!collecting) {
    const before = Buffer.alloc(1);
    collecting = read(before, start - 1) === 1 && before[0] === 0x0a;
  }
  let parts: Buffer[] = [];
  let size = 0;
  for (;;) {
    // A line that starts at or after `end` belongs to the next range; so does the rest of a skipped one.
    if (pos >= end && (collecting ? size === 0 : true)) return newlines;
    const want = Math.min(Math.max(end - pos, tailRead), RANGE_MAX_READ);
    const chunk = Buffer.allocUnsafe(want);
    const got = read(chunk, pos);
    if (got <= 0) break;
    let i = 0;
    while (i < got) {
      if (!collecting) {
        // Only '\n' inside the range count here; a skipped line that runs past `end` ends the range.
        const limit = Math.min(got, end - pos);
        const nl = chunk.subarray(0, limit).indexOf(0x0a, i);
        if (nl === -1) {
          if (limit < got) return newlines;
          i = got;
          break;
        }
        newlines++;
        line++;
        collecting = true;
        i = nl + 1;
        if (pos + i >= end) return newlines;
        continue;
      }
      if (size === 0 && pos + i >= end) return newlines;
      const nl = chunk.indexOf(0x0a, i);
      const stop = nl === -1 || nl >= got ? got : nl;
      if (stop > i) {
        size += stop - i;
        if (size <= maxLineBytes) parts.push(chunk.subarray(i, stop));
      }
      if (stop === got) {
        i = got;
        break;
      }
      if (pos + nl < end) newlines++;
      const done = endLine(parts, size, line, maxLineBytes);
      parts = [];
      size = 0;
      if (done) onLine(done);
      line++;
      i = nl + 1;
    }
    pos += got;
  }
  // End of file: the last line has no '\n'.
  if (collecting && size > 0) {
    const done = endLine(parts, size, line, maxLineBytes);
    if (done) onLine(done);
  }
  return newlines;
}

/** The marker `jsonlParser` puts in place of a line that did not parse. */
const BAD_LINE = Symbol('bad line');
type LineParser = (line: string) => unknown;
/**
 * stream-json (with stream-chain) is ESM, so it cannot be required on demand like yaml; it is imported
 * by `loadJsonLineParser()`, which the JSON Lines path awaits first: a run without JSON Lines input
 * never loads it.
 */
let parseLine: LineParser | null = null;

export async function loadJsonLineParser(): Promise<void> {
  if (parseLine !== null) return;
  const { jsonlParser } = await import('stream-json/jsonl/parser.js');
  parseLine ??= jsonlParser({ errorIndicator: BAD_LINE }) as LineParser;
}

/** Parse one decoded line (after `loadJsonLineParser()`): the value, or `{ok: false}` when it is not JSON. */
export function parseJsonLine(text: string): { ok: true; value: unknown } | { ok: false } {
  if (parseLine === null) throw new Error('parseJsonLine called before loadJsonLineParser()');
  const out = parseLine(text);
  if (out === null || typeof out !== 'object' || !('value' in out) || out.value === BAD_LINE)
    return { ok: false };
  return { ok: true, value: out.value };
}
