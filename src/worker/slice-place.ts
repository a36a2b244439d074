// Findings inside one element slice, placed: a slice is parsed on its own, so its diagnostics carry
// positions relative to it until they are shifted by the slice's base position.
import { skipWs } from '../parsing/json-lexical.js';
import { locateJsonSpans } from '../parsing/json-scan.js';
import { LineIndex, type Position, positionFrom } from '../parsing/position.js';
import type { SlicePosition } from '../parsing/splitter.js';
import type { LocatedDiagnostic, PathSegment } from '../types.js';
import { isCollectionKey } from '../validation/rule.js';

export function startsWith(path: readonly PathSegment[], prefix: readonly PathSegment[]): boolean {
  if (path.length < prefix.length) return false;
  for (let k = 0; k < prefix.length; k++) if (String(path[k]) !== String(prefix[k])) return false;
  return true;
}

/** Where a slice sits: the path of its value and its first byte's position. */
export interface SliceRef {
  path: readonly PathSegment[];
  base: Pick<SlicePosition, 'line' | 'column'>;
  /** For a root member: where its name starts. Whole-file mode places the member itself there. */
  keyAt?: Pick<SlicePosition, 'line' | 'column'> | null;
}

/** Set a diagnostic's start and end (exclusive). */
function setSpan(d: LocatedDiagnostic, start: Position, end: Position): void {
  d.line = start.line;
  d.column = start.column;
  d.endLine = end.line;
  d.endColumn = end.column;
}

/** A position inside a slice's text, moved to where the slice starts (its first line continues `base`). */
function shifted(base: SliceRef['base'], at: Position): Position {
  return at.line === 1
    ? { line: base.line, column: base.column + at.column - 1 }
    : { line: base.line + at.line - 1, column: at.column };
}

/**
 * Place the diagnostics found in a slice whose decoded text is `text` (the slice is the value: it ends
 * where the text does), with the spans whole-file mode gives them (json-scan.ts `Span`). One scan of the
 * text and one line index serve them all: a scan per diagnostic made an element with n findings cost
 * n scans of it (a 69 MB tool with 20,000 unknown members took minutes).
 */
export function placeInSlice(list: readonly LocatedDiagnostic[], slice: SliceRef, text: string): void {
  const inside: LocatedDiagnostic[] = [];
  let whole: Position | null = null;
  for (const d of list) {
    if (slice.keyAt && d.path.length === slice.path.length) {
      whole ??= positionFrom(slice.base, text, text.length);
      setSpan(d, slice.keyAt, whole);
    } else {
      inside.push(d);
    }
  }
  if (inside.length === 0) return;
  const depth = slice.path.length;
  const spans = locateJsonSpans(
    text,
    inside.map((d) => d.path.slice(depth)),
  );
  const lines = new LineIndex(text);
  const valueStart = skipWs(text, 0);
  inside.forEach((d, i) => {
    const span = spans[i]!;
    const { start, end } = lines.span(span.start, span.end);
    // Nothing below the member resolved: its deepest existing prefix is the member, from its name on.
    if (slice.keyAt && span.start === valueStart) setSpan(d, slice.keyAt, shifted(slice.base, end));
    else setSpan(d, shifted(slice.base, start), shifted(slice.base, end));
  });
}

export function sliceKey(path: readonly PathSegment[]): string | null {
  if (path.length === 0) return null;
  const head = String(path[0]);
  if (isCollectionKey(head) && path.length >= 2 && typeof path[1] === 'number')
    return `${head}\u0000${path[1]}`;
  return `${head}\u0000`;
}
