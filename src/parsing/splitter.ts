// The element splitter: a byte-level scanner over a JSON document arriving as Buffer chunks. It tracks
// strings, escapes and nesting and hands out the raw bytes of each root member's value, or, for the
// root collections, of each array element, with its byte offset and 1-based line/column. It never
// decodes or parses a value: the consumer `JSON.parse`s each slice once (the scan runs several times
// faster than JSON.parse, and JSON.parse much faster than a token pipeline such as stream-json's).
//
// The grammar is checked where the splitter decides boundaries (the root object, the collection arrays,
// bracket matching, the end of input); the inside of a slice is checked by the consumer's JSON.parse.
// Together the two reject exactly what a full JSON parser rejects (the differential test against
// stream-json holds both to that). What the splitter rejects itself is worded by whole-file mode's
// scanner (json-scan.ts `unexpectedMessage`) from the state it is in and the character it found; an
// error inside a value comes with the value so far (`partial`), for the consumer to run that scanner on.
//
// Columns are 1-based UTF-16 code units, like the whole-file locator's (src/parsing/position.ts): the
// scanner counts the UTF-8 continuation bytes of the current line (non-ASCII only occurs inside
// strings) so that a column is exact even on a 1 GB single-line dump.
import { isAscii, isUtf8 } from 'node:buffer';
import {
  describeCodePoint,
  EMPTY_MESSAGE,
  type Expected,
  unexpectedMessage,
  type Within,
  wordSyntaxError,
} from './json-scan.js';
import { firstInvalidUtf8, invalidUtf8Message } from './utf8.js';

/** The collections whose elements are split out, as in the validation engine's COLLECTION_KEYS. */
export const DEFAULT_SPLIT_KEYS: readonly string[] = [
  'tools',
  'resources',
  'resourceTemplates',
  'prompts',
  'tags',
];

/**
 * Slices above this size are skipped with an 'oversize' event rather than buffered. 32 MiB of bytes is
 * up to 64 MiB as a UTF-16 string plus its parsed value: it fits a 256 MB heap with room to spare, and
 * real tools are well under 100 KB.
 */
export const DEFAULT_MAX_ELEMENT_BYTES = 32 * 1024 * 1024;

export type RootKind = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

export interface SlicePosition {
  /** Absolute byte offset of the first byte (a leading BOM counts). */
  offset: number;
  line: number;
  column: number;
}

export type SplitEvent =
  | ({ type: 'root'; kind: RootKind } & SlicePosition)
  /** `keyEnd` (with `keyAt`): just after the name's closing quote. */
  /** A root member that is not split (key null: the value of a non-object root). */
  /** `keyAt`: where the member's name starts (a whole-file diagnostic on the member is placed there). */
  /** `members`: how many object members the value's text holds (its ':' outside strings), duplicates included. */
  /** `last`: the value runs to the end of input (a root scalar); any other slice is followed by more. */
  | ({
      type: 'member';
      key: string | null;
      keyAt: SlicePosition | null;
      keyEnd: SlicePosition | null;
      bytes: Buffer;
      members: number;
      last?: true;
    } & SlicePosition)
  | ({
      type: 'collectionStart';
      key: string | null;
      keyAt: SlicePosition | null;
      keyEnd: SlicePosition | null;
    } & SlicePosition)
  /** One element of a split collection (key null: an element of an array root). */
  | ({ type: 'element'; key: string | null; index: number; bytes: Buffer; members: number } & SlicePosition)
  /** `end`: just after its closing ']' (the end of the member's span, docs/cli.md "Spans"). */
  | { type: 'collectionEnd'; key: string | null; length: number; end: SlicePosition }
  /** A member value or element larger than `maxElementBytes`: skipped, never buffered. */
  /** `keyAt`: for a root member, where its name starts (its name still counts for duplicates). */
  | ({
      type: 'oversize';
      key: string | null;
      index: number | null;
      keyAt: SlicePosition | null;
      keyEnd: SlicePosition | null;
      limit: number;
      /** Just after the skipped value's last byte. */
      end: SlicePosition;
    } & SlicePosition)
  | { type: 'bom' }
  /**
   * Malformed input; scanning stops. `partial` is the value or root member name the error interrupted
   * (its bytes so far, the offending character included, and where they start; `within`: the container
   * it sits in), for the consumer to find the error in as whole-file mode's scanner does (json-scan.ts
   * `findJsonSyntaxError(text, within)`): an earlier error inside it, or the wording at its end.
   */
  /** `width`: UTF-16 units of the offending character (its span), 0 where the input ended. */
  | ({ type: 'error'; message: string; width: number; partial?: PartialValue } & SlicePosition)
  /** `rootEnd`: just after the root value (the end of a finding's span at the root). */
  | { type: 'end'; bytes: number; rootEnd: SlicePosition | null };

export interface PartialValue {
  bytes: Buffer;
  start: SlicePosition;
  within: Within;
}

export interface SplitterOptions {
  /** Root members whose array values are split into elements (default: the five collections). */
  splitKeys?: readonly string[];
  /**
   * Root members to capture; others are scanned and dropped without buffering. Default: all.
   * The pre-pass captures only `mcpdesc` and `tags`.
   */
  captureKeys?: readonly string[] | null;
  maxElementBytes?: number;
}

// Parser states between values.
const S_BEFORE_ROOT = 0;
const S_OBJ_FIRST_KEY = 1; // after '{': a key or '}'
const S_OBJ_KEY = 2; // after ',': a key
const S_OBJ_COLON = 3;
const S_OBJ_VALUE = 4;
const S_OBJ_NEXT = 5; // after a member: ',' or '}'
const S_ARR_FIRST = 6; // after '[': an element or ']'
const S_ARR_VALUE = 7; // after ',': an element
const S_ARR_NEXT = 8; // after an element: ',' or ']'
const S_AFTER_ROOT = 9;
const S_IN_KEY = 10;
const S_IN_VALUE = 11;
const S_DONE = 12;

// Value scanning modes (S_IN_VALUE).
const V_CONTAINER = 1;
const V_STRING = 2;
const V_PRIMITIVE = 3;

// What the value being scanned is, for the event it becomes.
const T_MEMBER = 1;
const T_ELEMENT = 2;
const T_ROOT_SCALAR = 3;

const OBJ = 1;
const ARR = 2;

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const EMPTY = Buffer.alloc(0);
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NL = 0x0a;

function isWs(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** Ends a bare literal or number: whitespace or a structural character. */
function isDelimiter(c: number): boolean {
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
function expectedAtEnd(state: number): Expected {
  if (state === S_OBJ_FIRST_KEY || state === S_OBJ_KEY) return 'name';
  if (state === S_OBJ_COLON) return 'colon';
  if (state === S_OBJ_NEXT) return 'member-end';
  if (state === S_ARR_NEXT) return 'element-end';
  return 'value';
}

/** A structural error worded as whole-file mode words it (`found` null: the end of input). */
function structural(expected: Expected, found: string | null): string {
  return wordSyntaxError({ offset: 0, message: unexpectedMessage(expected, found) }, '').message;
}

function rootKindOf(c: number): RootKind {
  if (c === 0x7b) return 'object';
  if (c === 0x5b) return 'array';
  if (c === QUOTE) return 'string';
  if (c === 0x74 || c === 0x66) return 'boolean';
  if (c === 0x6e) return 'null';
  return 'number';
}

export class Splitter {
  private readonly splitKeys: ReadonlySet<string>;
  private readonly captureKeys: ReadonlySet<string> | null;
  private readonly maxElementBytes: number;

  private state = S_BEFORE_ROOT;
  /** Absolute offset of the current chunk's first byte. */
  private base = 0;
  private line = 1;
  /** Absolute offset where the current line starts. */
  private lineStart = 0;
  /** Bytes minus UTF-16 units on the current line in [lineStart, adjFrom): counted lazily. */
  private adj = 0;
  private adjFrom = 0;
  /** The chunk being scanned (positions are only asked for inside it). */
  private chunk: Buffer = EMPTY;
  private started = false;
  private head: Buffer | null = null;

  // Container stack (only depth > 0 matters); grows for deep nesting, one byte per level.
  private stack = new Uint8Array(64);
  private depth = 0;

  private inString = false;
  private escaped = false;

  // The root object's current key.
  private keyParts: Buffer[] = [];
  private keyBytes = 0;
  private keyStart: SlicePosition = { offset: 0, line: 1, column: 1 };
  private keyEnd: SlicePosition = { offset: 0, line: 1, column: 1 };
  private key: string | null = null;
  /** Where the root value ended (once it has). */
  private rootEnd: SlicePosition | null = null;
  /** Key of the collection being split (null for an array root). */
  private collection: string | null = null;
  private elementIndex = 0;

  // The value being scanned.
  private valueMode = 0;
  private valueTarget = 0;
  private valueBase = 0;
  private valueStart: SlicePosition = { offset: 0, line: 1, column: 1 };
  private valueParts: Buffer[] = [];
  private valueBytes = 0;
  /** Object members in the value so far: a ':' outside strings (the duplicate-name check compares it). */
  private valueMembers = 0;
  private capturing = false;
  private oversize = false;

  private events: SplitEvent[] = [];

  /**
   * An error at a non-ASCII character, waiting for the rest of its bytes (up to 4, what whole-file mode
   * shows of invalid UTF-8) when they straddle two reads: the message names the whole character.
   */
  private found: { expected: Expected; at: SlicePosition; bytes: Buffer; utf8: boolean } | null = null;

  constructor(options: SplitterOptions = {}) {
    this.splitKeys = new Set(options.splitKeys ?? DEFAULT_SPLIT_KEYS);
    this.captureKeys = options.captureKeys ? new Set(options.captureKeys) : null;
    this.maxElementBytes = options.maxElementBytes ?? DEFAULT_MAX_ELEMENT_BYTES;
  }

  /** Whether the scan stopped (an error, or everything after the root). */
  get done(): boolean {
    return this.state === S_DONE && this.found === null;
  }

  /**
   * Scan one chunk; returns the events it completed. Slices of values that lie inside this chunk are
   * views of it: consume them (or copy them) before reusing the chunk's memory.
   */
  push(input: Buffer): SplitEvent[] {
    this.events = [];
    let chunk = input;
    if (this.found !== null) {
      const found = this.found;
      found.bytes = Buffer.concat([found.bytes, chunk.subarray(0, 4 - found.bytes.length)]);
      if (found.bytes.length === 4) this.reportFound();
    }
    if (this.state === S_DONE) {
      this.base += chunk.length;
      return this.events;
    }
    let i = 0;
    if (!this.started) {
      // Hold back up to 3 leading bytes until it is known whether they are a BOM.
      const head = this.head === null ? chunk : Buffer.concat([this.head, chunk]);
      if (head.length < 3 && BOM.subarray(0, head.length).equals(head)) {
        this.head = Buffer.from(head);
        return this.events;
      }
      this.head = null;
      this.started = true;
      chunk = head;
      if (head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) {
        // A BOM is not part of the document: whole-file mode strips it before locating anything.
        i = 3;
        this.lineStart = 3;
        this.adjFrom = 3;
        this.events.push({ type: 'bom' });
      }
    }
    this.scan(chunk, i);
    this.base += chunk.length;
    return this.events;
  }

  /** The input ended: completes a trailing bare value or reports truncation. */
  end(): SplitEvent[] {
    this.events = [];
    if (this.head !== null) {
      const head = this.head;
      this.head = null;
      this.started = true;
      this.scan(head, 0);
      this.base += head.length;
    }
    if (this.found !== null) this.reportFound();
    if (this.state === S_DONE) {
      this.events.push({ type: 'end', bytes: this.base, rootEnd: this.rootEnd });
      return this.events;
    }
    if (this.state === S_IN_VALUE && this.valueMode === V_PRIMITIVE && this.valueTarget === T_ROOT_SCALAR) {
      this.finishValue(Buffer.alloc(0), 0, null);
      const last = this.events.at(-1);
      if (last?.type === 'member') last.last = true;
    }
    if (this.state === S_AFTER_ROOT) {
      this.state = S_DONE;
      this.events.push({ type: 'end', bytes: this.base, rootEnd: this.rootEnd });
    } else if (this.state === S_BEFORE_ROOT) {
      // Worded as whole-file mode words it (a gzip bomb of spaces is streamed, a small one is not).
      this.fail(this.base, EMPTY_MESSAGE, undefined, 0);
    } else if (this.state === S_IN_KEY) {
      // Whole-file mode places an unterminated name at its opening quote (or an earlier error inside it).
      const bytes = Buffer.concat(this.keyParts);
      this.events.push({
        type: 'error',
        message: wordSyntaxError({ offset: 0, message: 'Unterminated string.' }, '').message,
        width: 1,
        ...this.keyStart,
        partial: { bytes, start: this.keyStart, within: null },
      });
      this.state = S_DONE;
    } else if (this.state === S_IN_VALUE) {
      // The consumer words it from the value so far (an oversize one is not kept: this wording stays).
      this.fail(this.base, 'Invalid JSON: Unexpected end of input.', this.partialValue(EMPTY), 0);
    } else {
      this.fail(this.base, structural(expectedAtEnd(this.state), null), undefined, 0);
    }
    return this.events;
  }

  private position(offset: number): SlicePosition {
    if (offset > this.adjFrom) {
      this.adj += utf16Shortfall(this.chunk, this.adjFrom - this.base, offset - this.base);
      this.adjFrom = offset;
    }
    return { offset, line: this.line, column: offset - this.lineStart - this.adj + 1 };
  }

  private newline(i: number): void {
    this.line++;
    this.lineStart = this.base + i + 1;
    this.adjFrom = this.lineStart;
    this.adj = 0;
  }

  /** `width`: of the offending character (an ASCII one unless said), 0 at the end of input. */
  private fail(offset: number, message: string, partial?: Buffer, width = 1): void {
    const pos = this.position(offset);
    if (partial === undefined) {
      this.events.push({ type: 'error', message, width, ...pos });
    } else {
      const target = this.valueTarget;
      const within = target === T_MEMBER ? 'object' : target === T_ELEMENT ? 'array' : null;
      this.events.push({
        type: 'error',
        message,
        width,
        ...pos,
        partial: { bytes: partial, start: this.valueStart, within },
      });
    }
    this.state = S_DONE;
  }

  /** The value being scanned so far, when it is being captured (for an error inside it). */
  private partialValue(tail: Buffer): Buffer | undefined {
    if (this.state !== S_IN_VALUE || !this.capturing || this.oversize) return undefined;
    return Buffer.concat([...this.valueParts, tail]);
  }

  /** The character at chunk[i] is not what the grammar allows here. */
  private failAt(chunk: Buffer, i: number, expected: Expected): void {
    const c = chunk[i]!;
    if (c < 0x80) {
      this.fail(this.base + i, structural(expected, describeCodePoint(c)));
      return;
    }
    this.found = {
      expected,
      at: this.position(this.base + i),
      bytes: Buffer.from(chunk.subarray(i, i + 4)),
      utf8: false,
    };
    this.state = S_DONE;
    if (this.found.bytes.length === 4) this.reportFound();
  }

  /**
   * Invalid UTF-8 inside a value or a member name, at `at`: `from` holds the bytes from the bad one to
   * the end of the value, `after` what follows it in the chunk (null: the end of input). Whole-file mode
   * shows the four bytes from the bad one on, across the value's end and chunk boundaries too, so the
   * finding waits for them like a bad character between values does.
   */
  private invalidUtf8(at: SlicePosition, from: Buffer, after: Buffer | null): void {
    const bytes = Buffer.from(
      after === null ? from.subarray(0, 4) : Buffer.concat([from.subarray(0, 4), after]).subarray(0, 4),
    );
    // 'value': never used for the wording, the first of these bytes is invalid (see reportFound).
    this.found = { expected: 'value', at, bytes, utf8: true };
    this.state = S_DONE;
    if (bytes.length === 4 || after === null) this.reportFound();
  }

  /** The pending non-ASCII error, with the bytes that came (fewer than 4 only at the end of input). */
  private reportFound(): void {
    const { expected, at, bytes } = this.found!;
    this.found = null;
    // Invalid UTF-8 is what whole-file mode reports first (it decodes before it parses); its span is
    // one column, as whole-file mode's (check-bytes.ts), an astral character two.
    const invalid = firstInvalidUtf8(bytes) === 0;
    const cp = invalid ? 0 : bytes.toString('utf8').codePointAt(0)!;
    const message = invalid
      ? invalidUtf8Message(at.offset, bytes)
      : structural(expected, describeCodePoint(cp));
    this.events.push({ type: 'error', message, width: cp > 0xffff ? 2 : 1, ...at });
  }

  private pushContainer(kind: number): void {
    if (this.depth + 1 >= this.stack.length) {
      const bigger = new Uint8Array(this.stack.length * 2);
      bigger.set(this.stack);
      this.stack = bigger;
    }
    this.stack[++this.depth] = kind;
  }

  private scan(chunk: Buffer, start: number): void {
    this.chunk = chunk;
    this.scanChunk(chunk, start);
    // Account for this chunk's non-ASCII bytes before its memory is gone (a later position on the
    // same line needs them).
    const end = this.base + chunk.length;
    if (end > this.adjFrom) {
      this.adj += utf16Shortfall(chunk, this.adjFrom - this.base, chunk.length);
      this.adjFrom = end;
    }
    this.chunk = EMPTY;
  }

  private scanChunk(chunk: Buffer, start: number): void {
    const n = chunk.length;
    let i = start;
    while (i < n) {
      const state = this.state;
      if (state === S_IN_VALUE) {
        i = this.scanValue(chunk, i);
        continue;
      }
      if (state === S_IN_KEY) {
        i = this.scanKey(chunk, i);
        continue;
      }
      if (state === S_DONE) return;
      const c = chunk[i]!;
      if (isWs(c)) {
        if (c === NL) this.newline(i);
        i++;
        continue;
      }
      switch (state) {
        case S_BEFORE_ROOT: {
          const kind = rootKindOf(c);
          this.events.push({ type: 'root', kind, ...this.position(this.base + i) });
          if (c === 0x7b) {
            this.pushContainer(OBJ);
            this.state = S_OBJ_FIRST_KEY;
            i++;
          } else if (c === 0x5b) {
            this.pushContainer(ARR);
            this.collection = null;
            this.elementIndex = 0;
            this.events.push({
              type: 'collectionStart',
              key: null,
              keyAt: null,
              keyEnd: null,
              ...this.position(this.base + i),
            });
            this.state = S_ARR_FIRST;
            i++;
          } else {
            i = this.beginValue(chunk, i, T_ROOT_SCALAR, true);
          }
          break;
        }
        case S_OBJ_FIRST_KEY:
        case S_OBJ_KEY:
          if (c === QUOTE) {
            this.keyStart = this.position(this.base + i);
            this.keyParts = [];
            this.inString = true;
            this.escaped = false;
            this.state = S_IN_KEY;
            i = this.scanKey(chunk, i + 1, i);
          } else if (c === 0x7d && state === S_OBJ_FIRST_KEY) {
            this.depth--;
            this.state = S_AFTER_ROOT;
            i++;
            this.rootEnd = this.position(this.base + i);
          } else {
            this.failAt(chunk, i, 'name');
            return;
          }
          break;
        case S_OBJ_COLON:
          if (c !== 0x3a) {
            this.failAt(chunk, i, 'colon');
            return;
          }
          this.state = S_OBJ_VALUE;
          i++;
          break;
        case S_OBJ_VALUE: {
          const key = this.key!;
          if (c === 0x5b && this.splitKeys.has(key) && this.captureKeys === null) {
            this.pushContainer(ARR);
            this.collection = key;
            this.elementIndex = 0;
            this.events.push({
              type: 'collectionStart',
              key,
              keyAt: { ...this.keyStart },
              keyEnd: { ...this.keyEnd },
              ...this.position(this.base + i),
            });
            this.state = S_ARR_FIRST;
            i++;
          } else {
            const capture = this.captureKeys === null || this.captureKeys.has(key);
            i = this.beginValue(chunk, i, T_MEMBER, capture);
          }
          break;
        }
        case S_OBJ_NEXT:
          if (c === 0x2c) {
            this.state = S_OBJ_KEY;
            i++;
          } else if (c === 0x7d) {
            this.depth--;
            this.state = S_AFTER_ROOT;
            i++;
            this.rootEnd = this.position(this.base + i);
          } else {
            this.failAt(chunk, i, 'member-end');
            return;
          }
          break;
        case S_ARR_FIRST:
        case S_ARR_VALUE:
          if (c === 0x5d && state === S_ARR_FIRST) {
            this.endCollection(this.base + i + 1);
            i++;
          } else if (c === 0x5d || c === 0x2c || c === 0x7d || c === 0x3a) {
            this.failAt(chunk, i, 'value');
            return;
          } else {
            i = this.beginValue(chunk, i, T_ELEMENT, true);
          }
          break;
        case S_ARR_NEXT:
          if (c === 0x2c) {
            this.state = S_ARR_VALUE;
            i++;
          } else if (c === 0x5d) {
            this.endCollection(this.base + i + 1);
            i++;
          } else {
            this.failAt(chunk, i, 'element-end');
            return;
          }
          break;
        case S_AFTER_ROOT:
          this.failAt(chunk, i, 'document-end');
          return;
        default:
          return;
      }
    }
  }

  /** `after`: the offset just after the closing ']'. */
  private endCollection(after: number): void {
    this.depth--;
    const end = this.position(after);
    this.events.push({ type: 'collectionEnd', key: this.collection, length: this.elementIndex, end });
    this.state = this.depth === 0 ? S_AFTER_ROOT : S_OBJ_NEXT;
    if (this.depth === 0) this.rootEnd = end;
  }

  /** `i` is at the first byte of a value; returns where scanning continues. */
  private beginValue(chunk: Buffer, i: number, target: number, capture: boolean): number {
    const c = chunk[i]!;
    this.valueTarget = target;
    this.valueStart = this.position(this.base + i);
    this.valueParts = [];
    this.valueBytes = 0;
    this.valueMembers = 0;
    this.capturing = capture;
    this.oversize = false;
    this.valueBase = this.depth;
    this.state = S_IN_VALUE;
    if (c === 0x7b || c === 0x5b) {
      this.valueMode = V_CONTAINER;
      this.pushContainer(c === 0x7b ? OBJ : ARR);
      return this.scanValue(chunk, i + 1, i);
    }
    if (c === QUOTE) {
      this.valueMode = V_STRING;
      this.inString = true;
      this.escaped = false;
      return this.scanValue(chunk, i + 1, i);
    }
    if (c === 0x5d || c === 0x7d || c === 0x2c || c === 0x3a || c >= 0x80 || c < 0x20) {
      this.failAt(chunk, i, 'value');
      return chunk.length;
    }
    this.valueMode = V_PRIMITIVE;
    return this.scanValue(chunk, i + 1, i);
  }

  /**
   * Scan inside a value from `i`; `from` is where this chunk's part of the value starts. Returns the
   * offset after the value when it completes in this chunk, else the chunk length (part kept).
   */
  private scanValue(chunk: Buffer, start: number, from = 0): number {
    const n = chunk.length;
    const mode = this.valueMode;
    let i = start;
    let end = -1;
    if (mode === V_PRIMITIVE) {
      while (i < n) {
        const c = chunk[i]!;
        if (isDelimiter(c) || c === QUOTE || c === 0x7b || c === 0x5b) break;
        i++;
      }
      if (i < n) end = i;
    } else {
      let stack = this.stack;
      let depth = this.depth;
      let inString = this.inString;
      let members = this.valueMembers;
      const base = this.valueBase;
      while (i < n) {
        if (inString) {
          if (this.escaped) {
            this.escaped = false;
            i++;
            continue;
          }
          const q = findStringEnd(chunk, i, n);
          if (q < 0) {
            this.escaped = endEscaped;
            i = n;
            break;
          }
          inString = false;
          i = q + 1;
          if (mode === V_STRING) {
            end = i;
            break;
          }
          continue;
        }
        const c = chunk[i]!;
        if (c === QUOTE) {
          inString = true;
        } else if (c === 0x7b || c === 0x5b) {
          if (depth + 1 >= stack.length) {
            this.depth = depth;
            this.pushContainer(c === 0x7b ? OBJ : ARR);
            depth = this.depth;
            stack = this.stack;
          } else stack[++depth] = c === 0x7b ? OBJ : ARR;
        } else if (c === 0x7d || c === 0x5d) {
          const open = stack[depth];
          if (open !== (c === 0x7d ? OBJ : ARR)) {
            this.depth = depth;
            this.inString = false;
            this.fail(
              this.base + i,
              `Invalid JSON: Unexpected "${String.fromCharCode(c)}": it does not close the open "${open === OBJ ? '{' : '['}".`,
              this.partialValue(chunk.subarray(from, i + 1)),
            );
            return n;
          }
          depth--;
          if (depth === base) {
            end = i + 1;
            break;
          }
        } else if (c === NL) {
          this.newline(i);
        } else if (c === 0x3a) {
          members++;
        }
        i++;
      }
      this.depth = depth;
      this.inString = inString;
      this.valueMembers = members;
    }
    if (end === -1) {
      this.keep(chunk, from, n);
      return n;
    }
    this.finishValue(chunk.subarray(from, end), end - from, chunk.subarray(end, end + 4));
    return end;
  }

  private keep(chunk: Buffer, from: number, to: number): void {
    this.valueBytes += to - from;
    if (!this.capturing || this.oversize) return;
    if (this.valueBytes > this.maxElementBytes) {
      this.oversize = true;
      this.valueParts = [];
      return;
    }
    // Copy: the caller may reuse its chunk buffers, and a subarray would pin the whole chunk.
    this.valueParts.push(Buffer.from(chunk.subarray(from, to)));
  }

  /** `after`: the bytes of the chunk that follow the value (null: the end of input). */
  private finishValue(last: Buffer, lastLength: number, after: Buffer | null): void {
    this.valueBytes += lastLength;
    const target = this.valueTarget;
    const index = target === T_ELEMENT ? this.elementIndex++ : null;
    const key = target === T_ELEMENT ? this.collection : target === T_MEMBER ? this.key : null;
    // The value's end is in the chunk being scanned (or at the end of input): position() can place it.
    if (target === T_ROOT_SCALAR) this.rootEnd = this.position(this.valueStart.offset + this.valueBytes);
    if (this.capturing) {
      if (this.oversize || this.valueBytes > this.maxElementBytes) {
        const named = target === T_MEMBER && key !== null;
        const keyAt = named ? { ...this.keyStart } : null;
        const keyEnd = named ? { ...this.keyEnd } : null;
        const limit = this.maxElementBytes;
        const end = this.position(this.valueStart.offset + this.valueBytes);
        this.events.push({ type: 'oversize', key, index, keyAt, keyEnd, limit, end, ...this.valueStart });
      } else {
        // A value inside one chunk is a view of it (valid until the caller reuses that chunk).
        const bytes =
          this.valueParts.length === 0 ? last : Buffer.concat([...this.valueParts, last], this.valueBytes);
        // simdutf is cheap, so every slice is checked here rather than by each consumer.
        if (!isUtf8(bytes)) {
          const at = firstInvalidUtf8(bytes);
          this.invalidUtf8(advance(this.valueStart, bytes, at), bytes.subarray(at), after);
          return;
        }
        if (target === T_ELEMENT) {
          const members = this.valueMembers;
          this.events.push({ type: 'element', key, index: index!, bytes, members, ...this.valueStart });
        } else {
          this.events.push({
            type: 'member',
            key,
            keyAt: key === null ? null : { ...this.keyStart },
            keyEnd: key === null ? null : { ...this.keyEnd },
            bytes,
            members: this.valueMembers,
            ...this.valueStart,
          });
        }
      }
    }
    this.valueParts = [];
    this.state = target === T_ELEMENT ? S_ARR_NEXT : target === T_MEMBER ? S_OBJ_NEXT : S_AFTER_ROOT;
  }

  /** Scan a root member name (i after the opening quote, or continuing). */
  private scanKey(chunk: Buffer, start: number, from = 0): number {
    const n = chunk.length;
    let i = start;
    if (this.escaped && i < n) {
      this.escaped = false;
      i++;
    }
    const q = i < n ? findStringEnd(chunk, i, n) : -1;
    if (q < 0) {
      if (i < n) this.escaped = endEscaped;
      this.keyParts.push(Buffer.from(chunk.subarray(from, n)));
      this.keyBytes += n - from;
      if (this.keyBytes > this.maxElementBytes) {
        this.fail(
          this.keyStart.offset,
          `A member name is longer than the ${this.maxElementBytes}-byte element limit (--max-element-size).`,
        );
      }
      return n;
    }
    this.keyParts.push(chunk.subarray(from, q + 1));
    const raw = this.keyParts.length === 1 ? this.keyParts[0]! : Buffer.concat(this.keyParts);
    this.keyParts = [];
    this.keyBytes = 0;
    this.inString = false;
    if (!isUtf8(raw)) {
      const at = firstInvalidUtf8(raw);
      this.invalidUtf8(advance(this.keyStart, raw, at), raw.subarray(at), chunk.subarray(q + 1, q + 5));
      return n;
    }
    const key = decodeKey(raw);
    if (key === null) {
      // The consumer finds the bad character inside the name (partial), as a whole-text parser would.
      this.events.push({
        type: 'error',
        message: 'Invalid member name.',
        width: 1,
        ...this.keyStart,
        partial: { bytes: Buffer.from(raw), start: this.keyStart, within: null },
      });
      this.state = S_DONE;
      return n;
    }
    this.key = key;
    this.keyEnd = this.position(this.base + q + 1);
    this.state = S_OBJ_COLON;
    return q + 1;
  }
}

/** Whether the chunk ended on a pending escape (set by findStringEnd when it returns -1). */
let endEscaped = false;

/**
 * From `i` inside a string (no escape pending), the index of the closing quote, or -1 when the chunk
 * ends first. Short strings (most keys) go byte by byte; longer ones jump between quotes with
 * Buffer#indexOf (memchr) and check the backslash run before each quote.
 */
function findStringEnd(chunk: Buffer, start: number, n: number): number {
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
function utf16Shortfall(chunk: Buffer, from: number, to: number): number {
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

function decodeKey(raw: Buffer): string | null {
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
