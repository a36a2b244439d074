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
import { isUtf8 } from 'node:buffer';
import { EMPTY_MESSAGE, wordSyntaxError } from './json-scan.js';
import {
  ARR,
  advance,
  BOM,
  decodeKey,
  EMPTY,
  endEscaped,
  expectedAtEnd,
  findStringEnd,
  isDelimiter,
  isWs,
  NL,
  OBJ,
  QUOTE,
  rootKindOf,
  S_AFTER_ROOT,
  S_ARR_FIRST,
  S_ARR_NEXT,
  S_ARR_VALUE,
  S_BEFORE_ROOT,
  S_DONE,
  S_IN_KEY,
  S_IN_VALUE,
  S_OBJ_COLON,
  S_OBJ_FIRST_KEY,
  S_OBJ_KEY,
  S_OBJ_NEXT,
  S_OBJ_VALUE,
  structural,
  T_ELEMENT,
  T_MEMBER,
  T_ROOT_SCALAR,
  utf16Shortfall,
  V_CONTAINER,
  V_PRIMITIVE,
  V_STRING,
} from './splitter-bytes.js';

import type { SplitEvent } from './splitter-events.js';
import { SplitterState } from './splitter-state.js';
import { firstInvalidUtf8 } from './utf8.js';

export { advance } from './splitter-bytes.js';
export {
  DEFAULT_MAX_ELEMENT_BYTES,
  DEFAULT_SPLIT_KEYS,
  type PartialValue,
  type RootKind,
  type SlicePosition,
  type SplitEvent,
  type SplitterOptions,
} from './splitter-events.js';

export class Splitter extends SplitterState {
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
