// Positions inside one slice's text, for the diagnostics of a streamed document: a JSON-path → offset
// locator and a syntax-error finder, both iterative (a 100k-deep element cannot overflow the stack)
// and run only on slices that have findings. Same semantics as the whole-file locator: a path that
// does not exist resolves to its deepest existing prefix; with duplicate keys the last one wins; an
// object member is placed at its key, an array element where its value starts. Columns are UTF-16
// code units, 1-based.
import type { PathSegment } from '../types.js';
import { isWs, skipWs } from './json-lexical.js';
import type { SlicePosition } from './splitter.js';

/** Offset after the string starting at `i` (a quote), or text.length if unterminated. */
function skipString(text: string, i: number): number {
  let j = i + 1;
  while (j < text.length) {
    const c = text.charCodeAt(j);
    if (c === 0x22) return j + 1;
    j += c === 0x5c ? 2 : 1;
  }
  return text.length;
}

/** Offset after the value starting at `i` (no validation: the text already parsed). */
function skipValue(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 0x22) return skipString(text, i);
  if (c !== 0x7b && c !== 0x5b) {
    while (i < text.length) {
      const d = text.charCodeAt(i);
      if (isWs(d) || d === 0x2c || d === 0x5d || d === 0x7d) break;
      i++;
    }
    return i;
  }
  let depth = 0;
  while (i < text.length) {
    const d = text.charCodeAt(i);
    if (d === 0x22) {
      i = skipString(text, i);
      continue;
    }
    if (d === 0x7b || d === 0x5b) depth++;
    else if (d === 0x7d || d === 0x5d) {
      depth--;
      if (depth === 0) return i + 1;
    }
    i++;
  }
  return i;
}

/** Offset of the key of the member last found by `child` (-1 after an array element). */
let lastKey = -1;

/** Offset of the value of `segment` inside the container starting at `i`, or -1. */
function child(text: string, i: number, segment: PathSegment): number {
  lastKey = -1;
  const open = text.charCodeAt(i);
  if (open === 0x5b) {
    const want =
      typeof segment === 'number' ? segment : /^(0|[1-9]\d*)$/.test(segment) ? Number(segment) : -1;
    if (want < 0) return -1;
    let j = skipWs(text, i + 1);
    for (let index = 0; j < text.length && text.charCodeAt(j) !== 0x5d; index++) {
      if (index === want) return j;
      j = skipWs(text, skipValue(text, j));
      if (text.charCodeAt(j) === 0x2c) j = skipWs(text, j + 1);
    }
    return -1;
  }
  if (open !== 0x7b) return -1;
  const want = String(segment);
  let found = -1;
  let j = skipWs(text, i + 1);
  while (j < text.length && text.charCodeAt(j) === 0x22) {
    const keyStart = j;
    const keyEnd = skipString(text, j);
    const key = JSON.parse(text.slice(j, keyEnd)) as string;
    j = skipWs(text, keyEnd);
    j = skipWs(text, j + 1); // ':'
    if (key === want) {
      found = j; // the last duplicate wins, as with JSON.parse
      lastKey = keyStart;
    }
    j = skipWs(text, skipValue(text, j));
    if (text.charCodeAt(j) === 0x2c) j = skipWs(text, j + 1);
  }
  return found;
}

/**
 * UTF-16 offset of `path` (its deepest existing prefix) in a parsed-valid JSON text: the key of an
 * object member, the start of an array element's value — where the whole-file locator
 * (json-scan.ts) puts it, so streamed and whole-file diagnostics carry the same positions.
 */
export function locatePath(text: string, path: readonly PathSegment[]): number {
  let at = skipWs(text, 0);
  let place = at;
  for (const segment of path) {
    const next = child(text, at, segment);
    if (next < 0) break;
    at = next;
    place = lastKey >= 0 ? lastKey : next;
  }
  return place;
}

/** Line and column of a UTF-16 offset inside a slice whose first character is at `base`. */
export function positionInSlice(
  base: Pick<SlicePosition, 'line' | 'column'>,
  text: string,
  offset: number,
): { line: number; column: number } {
  let line = base.line;
  let lineStart = -1;
  let nl = text.indexOf('\n');
  while (nl !== -1 && nl < offset) {
    line++;
    lineStart = nl;
    nl = text.indexOf('\n', nl + 1);
  }
  return lineStart < 0 ? { line, column: base.column + offset } : { line, column: offset - lineStart };
}

export interface SliceSyntaxError {
  /** UTF-16 offset in the slice text. */
  offset: number;
  message: string;
}

function show(text: string, i: number): string {
  if (i >= text.length) return 'end of input';
  return JSON.stringify(String.fromCodePoint(text.codePointAt(i)!));
}

const LITERALS = ['true', 'false', 'null'];
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// biome-ignore lint/suspicious/noControlCharactersInRegex: JSON strings must not hold raw U+0000–U+001F.
const STRING_BODY = /(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*/y;

function scanString(text: string, i: number): number | SliceSyntaxError {
  STRING_BODY.lastIndex = i + 1;
  STRING_BODY.exec(text);
  const j = STRING_BODY.lastIndex;
  if (text.charCodeAt(j) === 0x22) return j + 1;
  if (j >= text.length) return { offset: j, message: 'Unterminated string.' };
  return { offset: j, message: `Bad character ${show(text, j)} in a string.` };
}

const VALUE = 0;
const KEY = 1;
const AFTER = 2;

/**
 * The first syntax error of a JSON text, or null when it is valid. Run only after `JSON.parse` failed,
 * since V8's messages do not always carry a position.
 */
export function findSliceSyntaxError(text: string): SliceSyntaxError | null {
  const stack: number[] = [];
  const fail = (offset: number, what: string): SliceSyntaxError => ({
    offset,
    message: `Unexpected ${show(text, offset)}, expected ${what}.`,
  });
  let i = skipWs(text, 0);
  let state = VALUE;
  for (;;) {
    if (state === VALUE) {
      const c = text.charCodeAt(i);
      if (c === 0x7b || c === 0x5b) {
        stack.push(c);
        i = skipWs(text, i + 1);
        const close = c === 0x7b ? 0x7d : 0x5d;
        if (text.charCodeAt(i) === close) {
          stack.pop();
          i++;
          state = AFTER;
        } else state = c === 0x7b ? KEY : VALUE;
        continue;
      }
      if (c === 0x22) {
        const end = scanString(text, i);
        if (typeof end !== 'number') return end;
        i = end;
      } else {
        const literal = LITERALS.find((l) => text.startsWith(l, i));
        NUMBER.lastIndex = i;
        if (literal) i += literal.length;
        else if (NUMBER.exec(text) !== null) i = NUMBER.lastIndex;
        else return fail(i, 'a value');
      }
      state = AFTER;
    } else if (state === KEY) {
      if (text.charCodeAt(i) !== 0x22) return fail(i, 'a member name');
      const end = scanString(text, i);
      if (typeof end !== 'number') return end;
      i = skipWs(text, end);
      if (text.charCodeAt(i) !== 0x3a) return fail(i, '":"');
      i = skipWs(text, i + 1);
      state = VALUE;
    } else {
      i = skipWs(text, i);
      const top = stack[stack.length - 1];
      if (top === undefined) return i < text.length ? fail(i, 'the end of the value') : null;
      const c = text.charCodeAt(i);
      if (c === 0x2c) {
        i = skipWs(text, i + 1);
        state = top === 0x7b ? KEY : VALUE;
      } else if (c === (top === 0x7b ? 0x7d : 0x5d)) {
        stack.pop();
        i++;
      } else {
        return fail(i, top === 0x7b ? '"," or "}"' : '"," or "]"');
      }
    }
  }
}
