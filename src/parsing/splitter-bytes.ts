// The element splitter's states and byte-level helpers: finding a string's end, counting UTF-16
// columns, decoding a key, wording a structural error (src/parsing/splitter.ts).
import { isAscii } from 'node:buffer';
import { type Expected, unexpectedMessage, wordSyntaxError } from './json-scan.js';
import type { RootKind, SlicePosition } from './splitter-events.js';

// Parser states between values.
export const S_BEFORE_ROOT = 0;
export const S_OBJ_FIRST_KEY = 1; // after '{': a key or '}'
export const S_OBJ_KEY = 2; // after ',': a key
export const S_OBJ_COLON = 3;
export const S_OBJ_VALUE = 4;
export const S_OBJ_NEXT = 5; // after a member: ',' or '}'
export const S_ARR_FIRST = 6; // after '[': an element or ']'
export const S_ARR_VALUE = 7; // after ',': an element
export const S_ARR_NEXT = 8; // after an element: ',' or ']'
export const S_AFTER_ROOT = 9;
export const S_IN_KEY = 10;
export const S_IN_VALUE = 11;
export const S_DONE = 12;

// Value scanning modes (S_IN_VALUE).
export const V_CONTAINER = 1;
export const V_STRING = 2;
export const V_PRIMITIVE = 3;

// What the value being scanned is, for the event it becomes.
export const T_MEMBER = 1;
export const T_ELEMENT = 2;
export const T_ROOT_SCALAR = 3;

export const OBJ = 1;
export const ARR = 2;

export const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
export const EMPTY = Buffer.alloc(0);
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const NL = 0x0a;

export function isWs(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** Ends a bare literal or number: whitespace or a structural character. */
export function isDelimiter(c: number): boolean {
  return (
    c === 0x20 ||
    c === 0x0a ||
    c === 0x0d ||
    c === 0x09 ||
    c === 0x2c ||
    c === 0x5d ||
    c === 0x7d ||
    c === 0x3a
  );
}

/** What the scanner expects at the end of input in each state between values. */
export function expectedAtEnd(state: number): Expected {
  if (state === S_OBJ_FIRST_KEY || state === S_OBJ_KEY) return 'name';
  if (state === S_OBJ_COLON) return 'colon';
  if (state === S_OBJ_NEXT) return 'member-end';
  if (state === S_ARR_NEXT) return 'element-end';
  return 'value';
}

/** A structural error worded as whole-file mode words it (`found` null: the end of input). */
export function structural(expected: Expected, found: string | null): string {
  return wordSyntaxError({ offset: 0, message: unexpectedMessage(expected, found) }, '').message;
}

export function rootKindOf(c: number): RootKind {
  if (c === 0x7b) return 'object';
  if (c === 0x5b) return 'array';
  if (c === QUOTE) return 'string';
  if (c === 0x74 || c === 0x66) return 'boolean';
  if (c === 0x6e) return 'null';
  return 'number';
}
/** Whether the chunk ended on a pending escape (set by findStringEnd when it returns -1). */
export let endEscaped = false;

/**
 * From `i` inside a string (no escape pending), the index of the closing quote, or -1 when the chunk
 * ends first. Short strings (most keys) go byte by byte; longer ones jump between quotes with
 * Buffer#indexOf (memchr) and check the backslash run before each quote.
 */
export function findStringEnd(chunk: Buffer, start: number, n: number): number {
  let i = start;
  const stop = Math.min(n, i + 24);
  for (; i < stop; i++) {
    const c = chunk[i]!;
    if (c === QUOTE) return i;
    if (c === BACKSLASH) {
      i++;
      if (i >= n) {
        endEscaped = true;
        return -1;
      }
    }
  }
  const from = i;
  for (;;) {
    if (i >= n) {
      endEscaped = false;
      return -1;
    }
    const q = chunk.indexOf(QUOTE, i);
    const at = q < 0 ? n : q;
    let run = 0;
    for (let j = at - 1; j >= from && chunk[j] === BACKSLASH; j--) run++;
    if (q < 0) {
      endEscaped = (run & 1) === 1;
      return -1;
    }
    if ((run & 1) === 0) return q;
    i = q + 1;
  }
}

/** Bytes minus UTF-16 code units in chunk[from, to): 1 per continuation byte, -1 per 4-byte lead. */
export function utf16Shortfall(chunk: Buffer, from: number, to: number): number {
  if (to <= from || isAscii(chunk.subarray(from, to))) return 0;
  let adj = 0;
  for (let i = from; i < to; i++) {
    const c = chunk[i]!;
    if (c >= 0x80) {
      if (c < 0xc0) adj++;
      else if (c >= 0xf0) adj--;
    }
  }
  return adj;
}

export function decodeKey(raw: Buffer): string | null {
  try {
    return JSON.parse(raw.toString('utf8')) as string;
  } catch {
    return null;
  }
}

/** The position `count` bytes after `start` inside `bytes` (bytes[0] is at `start`). */
export function advance(start: SlicePosition, bytes: Uint8Array, count: number): SlicePosition {
  let line = start.line;
  let lineStart = -1;
  for (let i = 0; i < count; i++)
    if (bytes[i] === NL) {
      line++;
      lineStart = i;
    }
  const from = lineStart + 1;
  const units = Buffer.from(bytes.buffer, bytes.byteOffset + from, count - from).toString('utf8').length;
  return {
    offset: start.offset + count,
    line,
    column: lineStart < 0 ? start.column + units : units + 1,
  };
}
