// The element splitter's state and how it reports an error: positions (line, UTF-16 column), the
// value being scanned, and the findings that wait for the rest of a character (src/parsing/splitter.ts).
import { describeCodePoint, type Expected } from './json-scan.js';
import {
  EMPTY,
  S_BEFORE_ROOT,
  S_DONE,
  S_IN_VALUE,
  structural,
  T_ELEMENT,
  T_MEMBER,
  utf16Shortfall,
} from './splitter-bytes.js';
import {
  DEFAULT_MAX_ELEMENT_BYTES,
  DEFAULT_SPLIT_KEYS,
  type SlicePosition,
  type SplitEvent,
  type SplitterOptions,
} from './splitter-events.js';
import { firstInvalidUtf8, invalidUtf8Message } from './utf8.js';

export abstract class SplitterState {
  protected readonly splitKeys: ReadonlySet<string>;
  protected readonly captureKeys: ReadonlySet<string> | null;
  protected readonly maxElementBytes: number;

  protected state = S_BEFORE_ROOT;
  /** Absolute offset of the current chunk's first byte. */
  protected base = 0;
  protected line = 1;
  /** Absolute offset where the current line starts. */
  protected lineStart = 0;
  /** Bytes minus UTF-16 units on the current line in [lineStart, adjFrom): counted lazily. */
  protected adj = 0;
  protected adjFrom = 0;
  /** The chunk being scanned (positions are only asked for inside it). */
  protected chunk: Buffer = EMPTY;
  protected started = false;
  protected head: Buffer | null = null;

  // Container stack (only depth > 0 matters); grows for deep nesting, one byte per level.
  protected stack = new Uint8Array(64);
  protected depth = 0;

  protected inString = false;
  protected escaped = false;

  // The root object's current key.
  protected keyParts: Buffer[] = [];
  protected keyBytes = 0;
  protected keyStart: SlicePosition = { offset: 0, line: 1, column: 1 };
  protected keyEnd: SlicePosition = { offset: 0, line: 1, column: 1 };
  protected key: string | null = null;
  /** Where the root value ended (once it has). */
  protected rootEnd: SlicePosition | null = null;
  /** Key of the collection being split (null for an array root). */
  protected collection: string | null = null;
  protected elementIndex = 0;

  // The value being scanned.
  protected valueMode = 0;
  protected valueTarget = 0;
  protected valueBase = 0;
  protected valueStart: SlicePosition = { offset: 0, line: 1, column: 1 };
  protected valueParts: Buffer[] = [];
  protected valueBytes = 0;
  /** Object members in the value so far: a ':' outside strings (the duplicate-name check compares it). */
  protected valueMembers = 0;
  protected capturing = false;
  protected oversize = false;

  protected events: SplitEvent[] = [];

  /**
   * An error at a non-ASCII character, waiting for the rest of its bytes (up to 4, what whole-file mode
   * shows of invalid UTF-8) when they straddle two reads: the message names the whole character.
   */
  protected found: { expected: Expected; at: SlicePosition; bytes: Buffer; utf8: boolean } | null = null;

  constructor(options: SplitterOptions = {}) {
    this.splitKeys = new Set(options.splitKeys ?? DEFAULT_SPLIT_KEYS);
    this.captureKeys = options.captureKeys ? new Set(options.captureKeys) : null;
    this.maxElementBytes = options.maxElementBytes ?? DEFAULT_MAX_ELEMENT_BYTES;
  }

  /** Whether the scan stopped (an error, or everything after the root). */
  get done(): boolean {
    return this.state === S_DONE && this.found === null;
  }

  protected position(offset: number): SlicePosition {
    if (offset > this.adjFrom) {
      this.adj += utf16Shortfall(this.chunk, this.adjFrom - this.base, offset - this.base);
      this.adjFrom = offset;
    }
    return { offset, line: this.line, column: offset - this.lineStart - this.adj + 1 };
  }

  protected newline(i: number): void {
    this.line++;
    this.lineStart = this.base + i + 1;
    this.adjFrom = this.lineStart;
    this.adj = 0;
  }

  /** `width`: of the offending character (an ASCII one unless said), 0 at the end of input. */
  protected fail(offset: number, message: string, partial?: Buffer, width = 1): void {
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
  protected partialValue(tail: Buffer): Buffer | undefined {
    if (this.state !== S_IN_VALUE || !this.capturing || this.oversize) return undefined;
    return Buffer.concat([...this.valueParts, tail]);
  }

  /** The character at chunk[i] is not what the grammar allows here. */
  protected failAt(chunk: Buffer, i: number, expected: Expected): void {
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
  protected invalidUtf8(at: SlicePosition, from: Buffer, after: Buffer | null): void {
    const bytes = Buffer.from(
      after === null ? from.subarray(0, 4) : Buffer.concat([from.subarray(0, 4), after]).subarray(0, 4),
    );
    // 'value': never used for the wording, the first of these bytes is invalid (see reportFound).
    this.found = { expected: 'value', at, bytes, utf8: true };
    this.state = S_DONE;
    if (bytes.length === 4 || after === null) this.reportFound();
  }

  /** The pending non-ASCII error, with the bytes that came (fewer than 4 only at the end of input). */
  protected reportFound(): void {
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

  protected pushContainer(kind: number): void {
    if (this.depth + 1 >= this.stack.length) {
      const bigger = new Uint8Array(this.stack.length * 2);
      bigger.set(this.stack);
      this.stack = bigger;
    }
    this.stack[++this.depth] = kind;
  }
}
