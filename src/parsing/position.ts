// Offsets → 1-based line and column. Built only for inputs that have diagnostics (never on the hot path).
//
// Columns count UTF-16 code units, 1-based: that is what JavaScript string offsets are, what SARIF
// assumes by default (`columnKind: utf16CodeUnits`) and what editors speaking LSP expect. A line ends
// at '\n' ('\r\n' therefore too); a lone '\r' is not a line break, as in the yaml package's LineCounter.

export interface Position {
  line: number;
  column: number;
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
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.starts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: at - this.starts[lo]! + 1 };
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
