// Offsets → 1-based line and column. Built only for inputs that have diagnostics (never on the hot path).
//
// Columns count UTF-16 code units, 1-based: that is what JavaScript string offsets are, what SARIF
// assumes by default (`columnKind: utf16CodeUnits`) and what editors speaking LSP expect. A line ends
// at '\n' ('\r\n' therefore too); a lone '\r' is not a line break, as in the yaml package's LineCounter.

export interface Position {
  line: number;
  column: number;
}

/** Where a finding is, as its members say it. */
export interface Placement {
  line?: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
}

/** Line starts of a text, for repeated offset lookups (binary search). */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(private readonly text: string) {
    let i = text.indexOf('\n');
    while (i !== -1) {
      this.starts.push(i + 1);
      i = text.indexOf('\n', i + 1);
    }
  }

  /** 1-based line/column of a UTF-16 offset (clamped to the text). */
  position(offset: number): Position {
    const at = Math.max(0, Math.min(offset, this.text.length));
    const line = this.lineOf(at, 0);
    return { line: line + 1, column: at - this.starts[line]! + 1 };
  }

  /**
   * Both ends of a span (`end` exclusive, at or after `start`): the end is looked up only among the
   * lines from the start's on, and not at all when it is on the start's line (most spans are).
   */
  span(start: number, end: number): { start: Position; end: Position } {
    const at: Placement = {};
    this.place(at, { start, end }, 0);
    return {
      start: { line: at.line!, column: at.column! },
      end: { line: at.endLine!, column: at.endColumn! },
    };
  }

  /**
   * `span`'s ends written into `into` as a diagnostic's members, lines moved down by `shift`: what
   * `span` returns, without the three objects per finding.
   */
  place(into: Placement, span: { start: number; end: number }, shift: number): void {
    const a = Math.max(0, Math.min(span.start, this.text.length));
    const b = Math.max(a, Math.min(span.end, this.text.length));
    const first = this.lineOf(a, 0);
    const next = this.starts[first + 1];
    const last = next === undefined || b < next ? first : this.lineOf(b, first + 1);
    into.line = first + 1 + shift;
    into.column = a - this.starts[first]! + 1;
    into.endLine = last + 1 + shift;
    into.endColumn = b - this.starts[last]! + 1;
  }

  /** Index of the line holding offset `at`, searching from line index `from` on (binary search). */
  private lineOf(at: number, from: number): number {
    let lo = from;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.starts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}

/** Position of one offset without building an index. */
export function positionAt(text: string, offset: number): Position {
  const at = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let lineStart = 0;
  let i = text.indexOf('\n');
  while (i !== -1 && i < at) {
    line++;
    lineStart = i + 1;
    i = text.indexOf('\n', lineStart);
  }
  return { line, column: at - lineStart + 1 };
}

/**
 * Position of a UTF-16 offset in a text whose first character sits at `base` (a streamed slice): the
 * column continues from `base` on the slice's first line.
 */
export function positionFrom(base: Position, text: string, offset: number): Position {
  const at = positionAt(text, offset);
  return at.line === 1
    ? { line: base.line, column: base.column + at.column - 1 }
    : { line: base.line + at.line - 1, column: at.column };
}

/**
 * Position of UTF-16 offset `to` of a text, given that offset `from` (≤ `to`) is at `at`: only the text
 * between them is scanned (a span's end from its start, in a streamed slice without a line index).
 */
export function positionAfter(text: string, from: number, at: Position, to: number): Position {
  const end = Math.max(from, Math.min(to, text.length));
  let line = at.line;
  let lineStart = -1;
  let i = text.indexOf('\n', from);
  while (i !== -1 && i < end) {
    line++;
    lineStart = i + 1;
    i = text.indexOf('\n', lineStart);
  }
  return lineStart < 0 ? { line, column: at.column + end - from } : { line, column: end - lineStart + 1 };
}

/**
 * Position of a byte offset in UTF-8 bytes whose prefix up to `offset` is valid UTF-8 (the invalid
 * UTF-8 case: the offset of the first bad sequence). Column in UTF-16 code units, like everywhere else.
 */
export function positionOfByte(bytes: Uint8Array, offset: number): Position {
  const end = Math.max(0, Math.min(offset, bytes.length));
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < end; i++) {
    if (bytes[i] === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  const prefix = Buffer.from(bytes.buffer, bytes.byteOffset + lineStart, end - lineStart).toString('utf8');
  return { line, column: prefix.length + 1 };
}
