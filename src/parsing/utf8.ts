// Bytes → text, once. `isUtf8` (simdutf) validates far faster than `toString` decodes, and a fatal
// TextDecoder is no faster than `toString` and reports no offset: so validate, then decode, and
// only on failure walk the bytes to find where the first bad sequence starts.
import { isAscii, isUtf8 } from 'node:buffer';

export type DecodeResult =
  | { ok: true; text: string; bom: boolean }
  | { ok: false; offset: number; message: string };

export function hasUtf8Bom(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

/**
 * The message for the first bad sequence at byte `offset`; `next`: the (up to 4) bytes from there;
 * `of`: what the offset counts from when it is not the file (` of the line` for JSON Lines).
 */
export function invalidUtf8Message(offset: number, next: Uint8Array, of = ''): string {
  const shown = Array.from(next.subarray(0, 4))
    .map((b) => b.toString(16).padStart(2, '0'))
    .join(' ');
  return `Invalid UTF-8 at byte ${offset}${of} (bytes ${shown}).`;
}

/** Decode strict UTF-8; a leading BOM is stripped and reported. */
export function decodeUtf8(bytes: Buffer): DecodeResult {
  if (!isUtf8(bytes)) {
    const offset = firstInvalidUtf8(bytes);
    return { ok: false, offset, message: invalidUtf8Message(offset, bytes.subarray(offset, offset + 4)) };
  }
  const bom = hasUtf8Bom(bytes);
  return { ok: true, text: bom ? bytes.toString('utf8', 3) : bytes.toString('utf8'), bom };
}

/**
 * Offset of the first ill-formed UTF-8 sequence (RFC 3629 table: no overlongs, no surrogates, nothing
 * above U+10FFFF), or -1. Scalar and slow-ish; only run once `isUtf8` said no.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b === 0xe0) {
      need = 2;
      lo = 0xa0;
    } else if ((b >= 0xe1 && b <= 0xec) || b === 0xee || b === 0xef) need = 2;
    else if (b === 0xed) {
      need = 2;
      hi = 0x9f;
    } else if (b === 0xf0) {
      need = 3;
      lo = 0x90;
    } else if (b >= 0xf1 && b <= 0xf3) need = 3;
    else if (b === 0xf4) {
      need = 3;
      hi = 0x8f;
    } else return i;
    const second = bytes[i + 1];
    if (second === undefined || second < lo || second > hi) return i;
    for (let k = 2; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < 0x80 || c > 0xbf) return i;
    }
    i += need + 1;
  }
  return -1;
}

/** The first ill-formed sequence of a byte stream: its offset, the (up to 4) bytes from it, its place. */
export interface InvalidUtf8At {
  offset: number;
  bytes: Buffer;
  /** 1-based; the column in UTF-16 units from the line's start, as `positionOfByte` counts it. */
  line: number;
  column: number;
}

/** Bytes a UTF-8 sequence starting with `lead` takes (0: not a lead byte). */
function sequenceLength(lead: number): number {
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

/** UTF-16 code units of valid UTF-8 bytes: one per lead or ASCII byte, two for a 4-byte sequence. */
function utf16Units(bytes: Uint8Array, from: number, to: number): number {
  let units = to - from;
  if (isAscii(bytes.subarray(from, to))) return units;
  for (let i = from; i < to; i++) {
    const c = bytes[i]!;
    if (c >= 0x80 && c < 0xc0) units--;
    else if (c >= 0xf0) units++;
  }
  return units;
}

/**
 * `firstInvalidUtf8` over a stream of chunks, in constant memory: what `decodeUtf8` plus
 * `positionOfByte` report for the same bytes read whole (a sequence cut by a chunk boundary is
 * completed from the next chunk; one cut by the end of input is the bad one). Feed `push` until it
 * returns a finding (it may need a few bytes of the next chunk for the shown bytes), then `end`.
 */
export class Utf8Scan {
  private consumed = 0;
  private carry: Buffer = Buffer.alloc(0);
  private line = 1;
  private lineUnits = 0;
  private pending: InvalidUtf8At | null = null;

  push(chunk: Buffer): InvalidUtf8At | null {
    if (this.pending !== null) {
      const p = this.pending;
      p.bytes = Buffer.concat([p.bytes, chunk.subarray(0, 4 - p.bytes.length)]);
      if (p.bytes.length < 4) return null;
      this.pending = null;
      return p;
    }
    const data = this.carry.length === 0 ? chunk : Buffer.concat([this.carry, chunk]);
    // Hold back a sequence the chunk cuts short: its lead is among the last three bytes.
    let end = data.length;
    for (let k = Math.max(0, data.length - 3); k < data.length; k++) {
      const length = sequenceLength(data[k]!);
      if (length > 0 && k + length > data.length) {
        end = k;
        break;
      }
    }
    const whole = data.subarray(0, end);
    const bad = isUtf8(whole) ? -1 : firstInvalidUtf8(whole);
    const upTo = bad < 0 ? end : bad;
    let lineFrom = 0;
    for (let nl = data.indexOf(0x0a, 0); nl >= 0 && nl < upTo; nl = data.indexOf(0x0a, nl + 1)) {
      this.line++;
      this.lineUnits = 0;
      lineFrom = nl + 1;
    }
    this.lineUnits += utf16Units(data, lineFrom, upTo);
    if (bad >= 0) {
      const found: InvalidUtf8At = {
        offset: this.consumed + bad,
        bytes: Buffer.from(data.subarray(bad, bad + 4)),
        line: this.line,
        column: this.lineUnits + 1,
      };
      if (found.bytes.length === 4) return found;
      this.pending = found;
      return null;
    }
    this.consumed += end;
    this.carry = Buffer.from(data.subarray(end));
    return null;
  }

  /** The input ended: a finding still waiting for its bytes, or a sequence the end cut short. */
  end(): InvalidUtf8At | null {
    if (this.pending !== null) return this.pending;
    if (this.carry.length === 0) return null;
    return { offset: this.consumed, bytes: this.carry, line: this.line, column: this.lineUnits + 1 };
  }
}
