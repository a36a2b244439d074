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

const isBlankByte = (b: number) => b === 0x20 || b === 0x09 || b === 0x0d || b === 0x0a;

function isBlank(bytes: Buffer): boolean {
  for (let i = 0; i < bytes.length; i++) if (!isBlankByte(bytes[i]!)) return false;
  return true;
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
    const oversize = size > maxLineBytes;
    let bytes = oversize ? Buffer.alloc(0) : parts.length === 1 ? parts[0]! : Buffer.concat(parts, size);
    if (!oversize && bytes.length > 0 && bytes[bytes.length - 1] === 0x0d) bytes = bytes.subarray(0, -1);
    const result = oversize || !isBlank(bytes) ? { line, bytes, size, oversize } : null;
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

/** The marker `jsonlParser` puts in place of a line that did not parse. */
const BAD_LINE = Symbol('bad line');
type LineParser = (line: string) => unknown;
/**
 * stream-json (with stream-chain) is ESM, so it cannot be required on demand like yaml; it is imported
 * by `loadJsonLineParser()`, which the JSON Lines path awaits first: a run without JSON Lines input
 * never loads it (~10 ms of a single small file's start-up).
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
