// A small iterative JSON scanner over text that is already in memory: a whole file, a JSON Lines line
// or a streamed slice (one scanner, so both modes word and place findings alike). It never runs on the
// hot path: `findJsonSyntaxError` runs only after `JSON.parse` failed (V8's messages do not always
// carry an offset), and `locateJsonPaths` only for documents that have diagnostics. Both keep their own stack
// (no recursion), so a 100k-deep document cannot overflow the call stack.
import type { PathSegment } from '../types.js';
import { isWs, skipWs, stringEnd } from './json-lexical.js';

export interface JsonSyntaxError {
  /** UTF-16 offset in the text. */
  offset: number;
  message: string;
}

export const EMPTY_MESSAGE = 'The document is empty (no JSON value).';

const OBJECT = 1;
const ARRAY = 2;

const VALUE = 0;
const KEY = 1;
const AFTER = 2;

/** A character as it may appear in a message: quoted, with control characters escaped. */
export function describeCodePoint(cp: number): string {
  return JSON.stringify(String.fromCodePoint(cp));
}

function show(text: string, i: number): string {
  const cp = text.codePointAt(i);
  return cp === undefined ? 'end of input' : describeCodePoint(cp);
}

/**
 * What the scanner expects between tokens: a value, a member name, the ':' after it, what follows a
 * member ('member-end') or an element ('element-end'), or nothing more ('document-end').
 */
export type Expected = 'value' | 'name' | 'colon' | 'member-end' | 'element-end' | 'document-end';

/**
 * The message for `found` (a character as `describeCodePoint` shows it; null: the end of input) where
 * `expected` was expected. The scanner and the element splitter both word structural errors with it,
 * so a streamed document's finding reads exactly as the whole file's.
 */
export function unexpectedMessage(expected: Expected, found: string | null): string {
  switch (expected) {
    case 'value':
      // A value's first character that starts no value: the literal scanner's wording.
      return found === null ? 'Unexpected end of input: expected a value.' : `Unexpected character ${found}.`;
    case 'name':
      return found === null
        ? 'Unexpected end of input: expected a property name.'
        : `Expected a double-quoted property name, found ${found}.`;
    case 'colon':
      return `Expected ':' after a property name, found ${found ?? 'end of input'}.`;
    case 'member-end':
      return found === null
        ? "Unexpected end of input: expected ',' or '}'."
        : `Expected ',' or '}' after a property value, found ${found}.`;
    case 'element-end':
      return found === null
        ? "Unexpected end of input: expected ',' or ']'."
        : `Expected ',' or ']' after an array element, found ${found}.`;
    default:
      return `Unexpected ${found ?? 'end of input'} after the JSON value.`;
  }
}

/** The same, with the character at `text[i]` (or the end of input past the text). */
function unexpectedAt(expected: Expected, text: string, i: number): JsonSyntaxError {
  const cp = text.codePointAt(i);
  return { offset: i, message: unexpectedMessage(expected, cp === undefined ? null : describeCodePoint(cp)) };
}

/**
 * The container a text sits in (a streamed slice: a root member's value sits in the root object, an
 * element in its array), or null for a whole text. What may follow the value depends on it.
 */
export type Within = 'object' | 'array' | null;

let scanError: JsonSyntaxError | null = null;
/** The text is a slice that more input follows (its end is no end of input): set per scan. */
let followed = false;
function fail(offset: number, message: string): number {
  scanError = { offset, message };
  return -1;
}

const isHex = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

/** `i` at the opening quote; returns the offset after the closing quote, or -1 (scanError set). */
function scanString(text: string, i: number): number {
  const n = text.length;
  let j = i + 1;
  while (j < n) {
    const c = text.charCodeAt(j);
    if (c === 0x22) return j + 1;
    if (c === 0x5c) {
      const e = text.charCodeAt(j + 1);
      if (e === 0x75) {
        for (let k = 2; k < 6; k++) {
          if (!isHex(text.charCodeAt(j + k))) return fail(j, 'Bad Unicode escape in string.');
        }
        j += 6;
      } else if (
        e === 0x22 ||
        e === 0x5c ||
        e === 0x2f ||
        e === 0x62 ||
        e === 0x66 ||
        e === 0x6e ||
        e === 0x72 ||
        e === 0x74
      ) {
        j += 2;
      } else if (j + 1 >= n) {
        break;
      } else {
        return fail(j, `Bad escape ${show(text, j + 1)} in string.`);
      }
    } else if (c < 0x20) {
      return fail(j, `Bad control character ${show(text, j)} in string.`);
    } else {
      j++;
    }
  }
  return fail(i, 'Unterminated string.');
}

function scanNumber(text: string, i: number): number {
  let j = i;
  if (text.charCodeAt(j) === 0x2d) j++;
  const c = text.charCodeAt(j);
  if (c === 0x30) j++;
  else if (c >= 0x31 && c <= 0x39) while (isDigit(text.charCodeAt(j))) j++;
  else
    return fail(
      j,
      j >= text.length && !followed ? 'Unexpected end of input in a number.' : `Invalid number.`,
    );
  if (text.charCodeAt(j) === 0x2e) {
    j++;
    if (!isDigit(text.charCodeAt(j))) return fail(j, 'Expected a digit after the decimal point.');
    while (isDigit(text.charCodeAt(j))) j++;
  }
  const e = text.charCodeAt(j);
  if (e === 0x65 || e === 0x45) {
    j++;
    const s = text.charCodeAt(j);
    if (s === 0x2b || s === 0x2d) j++;
    if (!isDigit(text.charCodeAt(j))) return fail(j, 'Expected a digit in the exponent.');
    while (isDigit(text.charCodeAt(j))) j++;
  }
  return j;
}

function scanLiteral(text: string, i: number): number {
  for (const word of ['true', 'false', 'null']) {
    if (text.startsWith(word, i)) return i + word.length;
  }
  scanError = unexpectedAt('value', text, i);
  return -1;
}

/**
 * The first RFC 8259 syntax error of `text`, or null when it is one valid JSON value.
 * Agrees with `JSON.parse` on what is valid (differentially tested). `within`: the text is a slice of a
 * larger document inside that container; then the end of the text is an end of input inside it (never
 * null: call it only for a slice `JSON.parse` rejected, or one cut short). `more`: the slice is followed
 * by more input (a delimiter ended it), so `-` at its end is an invalid number, not a cut one.
 */
export function findJsonSyntaxError(
  text: string,
  within: Within = null,
  more = false,
): JsonSyntaxError | null {
  const n = text.length;
  const stack: number[] = within === null ? [] : [within === 'object' ? OBJECT : ARRAY];
  let i = skipWs(text, 0);
  if (i >= n && within === null) return { offset: i, message: EMPTY_MESSAGE };
  let state = VALUE;
  scanError = null;
  followed = more;
  for (;;) {
    i = skipWs(text, i);
    if (state === VALUE) {
      if (i >= n) return unexpectedAt('value', text, i);
      const c = text.charCodeAt(i);
      if (c === 0x7b || c === 0x5b) {
        stack.push(c === 0x7b ? OBJECT : ARRAY);
        i = skipWs(text, i + 1);
        if (text.charCodeAt(i) === (c === 0x7b ? 0x7d : 0x5d)) {
          stack.pop();
          i++;
          state = AFTER;
        } else {
          state = c === 0x7b ? KEY : VALUE;
        }
        continue;
      }
      let end: number;
      if (c === 0x22) end = scanString(text, i);
      else if (c === 0x2d || isDigit(c)) end = scanNumber(text, i);
      else end = scanLiteral(text, i);
      if (end < 0) return scanError;
      i = end;
      state = AFTER;
    } else if (state === KEY) {
      if (text.charCodeAt(i) !== 0x22) return unexpectedAt('name', text, i);
      const end = scanString(text, i);
      if (end < 0) return scanError;
      i = skipWs(text, end);
      if (text.charCodeAt(i) !== 0x3a) return unexpectedAt('colon', text, i);
      i++;
      state = VALUE;
    } else {
      const top = stack[stack.length - 1];
      if (top === undefined) return i < n ? unexpectedAt('document-end', text, i) : null;
      const c = text.charCodeAt(i);
      if (c === 0x2c) {
        i++;
        state = top === OBJECT ? KEY : VALUE;
      } else if ((top === OBJECT && c === 0x7d) || (top === ARRAY && c === 0x5d)) {
        stack.pop();
        i++;
      } else {
        return unexpectedAt(top === OBJECT ? 'member-end' : 'element-end', text, i);
      }
    }
  }
}

/**
 * The syntax finding for a text `JSON.parse` rejected, worded alike in every mode (whole file, JSON
 * Lines, streamed slices): the scanner's first error, or `fallback` (V8's message) should the scanner
 * disagree with JSON.parse. `within`, `more`: as for `findJsonSyntaxError`.
 */
export function syntaxFinding(
  text: string,
  fallback: string,
  within: Within = null,
  more = false,
): JsonSyntaxError {
  return wordSyntaxError(findJsonSyntaxError(text, within, more), fallback);
}

/** A scanner error (or, for null, `fallback`) worded as a syntax finding. */
export function wordSyntaxError(found: JsonSyntaxError | null, fallback: string): JsonSyntaxError {
  if (found?.message === EMPTY_MESSAGE) return found;
  return { offset: found?.offset ?? 0, message: `Invalid JSON: ${found?.message ?? fallback}` };
}

/**
 * Where the next quote and the next bracket of a text are, from a position that only moves forward.
 * Each of the five characters is found with one native indexOf that jumps over everything else (the
 * indentation and punctuation a character-by-character loop walked through), and a found position is
 * kept until the scan passes it, so every character is searched for at most once per kind: a subtree
 * that holds no wanted path is skipped at the cost of its strings and brackets, not its length.
 */
class Structure {
  private quote = -1;
  private backslash = -1;
  private readonly open = [-1, -1];
  private readonly close = [-1, -1];
  private readonly n: number;

  constructor(private readonly text: string) {
    this.n = text.length;
  }

  private find(char: string, from: number): number {
    const at = this.text.indexOf(char, from);
    return at === -1 ? this.n : at;
  }

  /** The first quote at or after `from` (text.length when none). */
  nextQuote(from: number): number {
    if (this.quote < from) this.quote = this.find('"', from);
    return this.quote;
  }

  /** The first backslash at or after `from` (text.length when none). */
  nextBackslash(from: number): number {
    if (this.backslash < from) this.backslash = this.find('\\', from);
    return this.backslash;
  }

  /** The first of `{ } [ ]` at or after `from` (text.length when none). */
  nextBracket(from: number): number {
    const { open, close } = this;
    if (open[0]! < from) open[0] = this.find('{', from);
    if (open[1]! < from) open[1] = this.find('[', from);
    if (close[0]! < from) close[0] = this.find('}', from);
    if (close[1]! < from) close[1] = this.find(']', from);
    return Math.min(open[0]!, open[1]!, close[0]!, close[1]!);
  }

  /** Offset just after the value starting at `i` (valid JSON assumed; iterative). */
  skipValue(i: number): number {
    const { text, n } = this;
    const c = text.charCodeAt(i);
    if (c === 0x22) return stringEnd(text, i);
    if (c === 0x7b || c === 0x5b) {
      let depth = 0;
      let j = i;
      for (;;) {
        const q = this.nextQuote(j);
        const b = this.nextBracket(j);
        if (b < q) {
          const d = text.charCodeAt(b);
          if (d === 0x7b || d === 0x5b) depth++;
          else if (--depth === 0) return b + 1;
          j = b + 1;
        } else if (q < n) {
          j = stringEnd(text, q);
        } else {
          return n;
        }
      }
    }
    let j = i;
    while (j < n) {
      const d = text.charCodeAt(j);
      if (d === 0x2c || d === 0x7d || d === 0x5d || isWs(d)) break;
      j++;
    }
    return Math.max(j, i + 1);
  }
}

interface Trie {
  /** null for the root. */
  parent: Trie | null;
  children: Map<string, Trie> | null;
  /** The children's names that hold no backslash: compared with a name's text in place. */
  plain: string[] | null;
  /** Where this member or element was found (its key for members, its value for elements); -1: not seen. */
  offset: number;
  /** Just after its value (the closing bracket or quote, the last character of a literal); -1: not seen. */
  end: number;
}

interface Frame {
  node: Trie;
  object: boolean;
  index: number;
}

/**
 * A span in a text: UTF-16 offsets, `end` exclusive. What the span of a JSON pointer covers (one
 * definition for every input path, docs/cli.md "Spans"): an array element or the root is its value,
 * `{` to `}`, quote to quote; an object member is its name and its value, from the name's opening quote
 * (where the finding has always started) to the end of the value.
 */
export interface Span {
  start: number;
  end: number;
}

/**
 * Spans of the given paths in a valid JSON text, in one pass (see `Span`). A path that does not exist
 * resolves to its deepest existing prefix. Subtrees no path enters are skipped without being
 * tokenised. With duplicate keys the last occurrence wins, as with `JSON.parse`.
 */
export function locateJsonSpans(text: string, paths: ReadonlyArray<readonly PathSegment[]>): Span[] {
  const root: Trie = { parent: null, children: null, plain: null, offset: -1, end: -1 };
  // Each path's node, to resolve it from without looking its segments up again.
  const leaves: Trie[] = [];
  for (const path of paths) {
    let node = root;
    for (const segment of path) {
      node.children ??= new Map();
      const key = typeof segment === 'string' ? segment : String(segment);
      let child = node.children.get(key);
      if (!child) {
        child = { parent: node, children: null, plain: null, offset: -1, end: -1 };
        node.children.set(key, child);
        if (!key.includes('\\')) {
          node.plain ??= [];
          node.plain.push(key);
        }
      }
      node = child;
    }
    leaves.push(node);
  }

  const n = text.length;
  const structure = new Structure(text);
  let i = skipWs(text, 0);
  root.offset = i;
  const frames: Frame[] = [];
  let pending: Trie | null = root;
  let state = VALUE;
  while (i < n) {
    if (state === VALUE) {
      const c = text.charCodeAt(i);
      if (pending === null || pending.children === null || (c !== 0x7b && c !== 0x5b)) {
        i = structure.skipValue(i);
        if (pending !== null) pending.end = i;
        state = AFTER;
      } else {
        const object = c === 0x7b;
        const frame: Frame = { node: pending, object, index: 0 };
        frames.push(frame);
        i = skipWs(text, i + 1);
        if (text.charCodeAt(i) === (object ? 0x7d : 0x5d)) {
          frames.pop();
          i++;
          frame.node.end = i;
          state = AFTER;
        } else if (object) {
          state = KEY;
        } else {
          pending = enter(frame, '0', i);
        }
      }
    } else if (state === KEY) {
      const frame = frames[frames.length - 1]!;
      const end = stringEnd(text, i);
      pending = enterMember(frame, text, i, end, structure);
      i = skipWs(text, end);
      i = skipWs(text, i + 1); // the ':'
      state = VALUE;
    } else {
      i = skipWs(text, i);
      const frame = frames[frames.length - 1];
      if (frame === undefined || i >= n) break;
      const c = text.charCodeAt(i);
      if (c === 0x2c) {
        i = skipWs(text, i + 1);
        if (frame.object) {
          state = KEY;
        } else {
          frame.index++;
          pending = enter(frame, String(frame.index), i);
          state = VALUE;
        }
      } else {
        frames.pop();
        i++;
        frame.node.end = i;
      }
    }
    if (state !== AFTER) i = skipWs(text, i);
  }

  // A node is found only inside a found parent, so a path's deepest found node is its first found
  // one on the way up (the root always is).
  const spans: Span[] = [];
  for (const leaf of leaves) {
    let best = leaf;
    while (best.offset < 0 && best.parent !== null) best = best.parent;
    // A value cut short (never the case in text JSON.parse accepted) ends where the text does.
    spans.push({ start: best.offset, end: best.end < 0 ? n : best.end });
  }
  return spans;
}

/** Start offsets of the given paths (`locateJsonSpans` without the ends). */
export function locateJsonPaths(text: string, paths: ReadonlyArray<readonly PathSegment[]>): number[] {
  return locateJsonSpans(text, paths).map((span) => span.start);
}

/** Most wanted names of one object compared in place; past that, a name is sliced out and looked up. */
const PLAIN_SCAN_MAX = 8;

/**
 * The member whose name's text is `text[start, end)` (quotes included). Most names hold no escape:
 * their text is compared with the wanted names in place, without slicing it out or hashing it; a name
 * with a backslash is decoded first (`\u0061` is `a`).
 */
function enterMember(
  frame: Frame,
  text: string,
  start: number,
  end: number,
  structure: Structure,
): Trie | null {
  if (structure.nextBackslash(start) < end) {
    return enter(frame, JSON.parse(text.slice(start, end)) as string, start);
  }
  const plain = frame.node.plain;
  if (plain === null) return null;
  // Many wanted siblings (a finding on each of n members): one hash lookup, as a scan of them all for
  // each name read makes the pass quadratic. A name without a backslash is its own text.
  if (plain.length > PLAIN_SCAN_MAX) return enter(frame, text.slice(start + 1, end - 1), start);
  const length = end - start - 2;
  for (const name of plain) {
    if (name.length === length && text.startsWith(name, start + 1)) return enter(frame, name, start);
  }
  return null;
}

function enter(frame: Frame, key: string, offset: number): Trie | null {
  const child = frame.node.children?.get(key);
  if (!child) return null;
  child.offset = offset;
  child.end = -1;
  return child;
}

/**
 * Columns the span of a syntax finding at `offset` takes, from its start on the same line: the
 * offending character (two UTF-16 units for an astral one; a line break counts as one column, the
 * span does not run onto the next line), none at the end of input. `more`: the text is a slice that
 * input follows, so past its end is the character that cut it short (a delimiter: one column) - a
 * streamed slice gives the span the whole text gives.
 */
export function syntaxWidth(text: string, offset: number, more = false): number {
  if (offset >= text.length) return more ? 1 : 0;
  return (text.codePointAt(offset) ?? 0) > 0xffff ? 2 : 1;
}
