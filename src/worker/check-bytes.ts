// One document from its bytes or text: decode once, parse once, validate, and place diagnostics only if
// there are any. Pure and synchronous (no I/O): whole files, JSON Lines documents, stdin and the
// catalogue's text examples all come through here.
import type { ParseResult, ParserFinding, PathLocator } from '../parsing/finding.js';
import { duplicateKeyFinding, parseJsonText } from '../parsing/json.js';
import { locateJsonSpans, syntaxFinding, syntaxWidth } from '../parsing/json-scan.js';
import { parseJsonLine } from '../parsing/jsonl.js';
import { LineIndex, positionOfByte } from '../parsing/position.js';
import { decodeUtf8, invalidUtf8Message } from '../parsing/utf8.js';
import { parseYamlText } from '../parsing/yaml.js';
import type { LocatedDiagnostic } from '../types.js';
import type { DocumentReport, EngineOptions } from '../validation/engine.js';
import { checkDocument } from '../validation/fast-path.js';
import { HeapRoomError, parseWouldExhaustHeap } from './heap-room.js';
import { findingDiagnostic, findingsReport, mergeAndLocate, shift } from './results.js';
import { type PhaseClock, timedEngine } from './stats.js';

export type TextParser = (text: string) => ParseResult<PathLocator>;

/** A JSON Lines document: stream-json's line parser, the scanner only to explain a bad line. */
export const parseJsonLineText: TextParser = (text) => {
  const parsed = parseJsonLine(text);
  if (parsed.ok) {
    const duplicate = duplicateKeyFinding(text, parsed.value);
    if (duplicate) return { ok: false, findings: [duplicate] };
    return { ok: true, value: parsed.value, locate: (paths) => locateJsonSpans(text, paths) };
  }
  // A blank line is no document (jsonl.ts skips it), so the empty-text wording cannot come up here.
  const { message, offset } = syntaxFinding(text, 'the line is not one JSON value.');
  return { ok: false, findings: [{ kind: 'syntax', message, offset, width: syntaxWidth(text, offset) }] };
};

export const PARSERS: Record<'json' | 'yaml' | 'jsonl', TextParser> = {
  json: parseJsonText,
  yaml: parseYamlText,
  jsonl: parseJsonLineText,
};

/** Also the streamed check's (streamed.ts): both modes word every finding alike. */
export const BOM_MESSAGE =
  'The document starts with a UTF-8 byte order mark; it was ignored, but JSON text must not start with one (RFC 8259 §8.1).';
/** YAML allows the mark; the document's JSON serialization (mcpdesc §14.1) does not. */
const BOM_MESSAGE_YAML =
  'The document starts with a UTF-8 byte order mark; it was ignored (YAML allows one), but the document as JSON, its serialization per §14.1, must not start with one (RFC 8259 §8.1).';

/**
 * Check decoded text. `firstLine` is the document's line in its file (JSON Lines), else 1. `clock`
 * (--stats) is charged for parsing, validation (with its timed rules) and placing, as each ends.
 */
export function checkDecoded(
  text: string,
  bom: boolean,
  parse: TextParser,
  engine: EngineOptions,
  firstLine = 1,
  clock: PhaseClock | null = null,
): DocumentReport {
  const leading: ParserFinding[] = bom
    ? [
        {
          kind: 'bom',
          message: parse === parseYamlText ? BOM_MESSAGE_YAML : BOM_MESSAGE,
          // Empty: the mark is not part of the decoded text, it sits before column 1.
          position: { line: firstLine, column: 1 },
        },
      ]
    : [];
  if (parse === parseJsonText || parse === parseJsonLineText) {
    const heavy = parseWouldExhaustHeap(text);
    if (heavy) throw new HeapRoomError(`the document: ${heavy}`);
  }
  const parsed = parse(text);
  clock?.lap('parseMs');
  if (!parsed.ok) {
    let lines: LineIndex | null = null;
    return findingsReport([...leading, ...parsed.findings], engine, (finding) => {
      if (finding.position) return { start: finding.position, end: finding.endPosition ?? finding.position };
      if (finding.offset === undefined) return undefined;
      lines ??= new LineIndex(text);
      const start = shift(lines.position(finding.offset), firstLine);
      if (finding.end !== undefined) return { start, end: shift(lines.position(finding.end), firstLine) };
      // No end given: columns on the start's line, by default the offending character's.
      const width = finding.width ?? syntaxWidth(text, finding.offset);
      return { start, end: { line: start.line, column: start.column + width } };
    });
  }
  const validation = validateParsed(parsed.value, engine, clock);
  clock?.lap('validateMs');
  const leadingDiagnostics = leading
    .map((f) => findingDiagnostic(f, engine, f.position && { start: f.position, end: f.position }))
    .filter((d): d is LocatedDiagnostic => d !== null);
  if (leadingDiagnostics.length === 0 && validation.diagnostics.length === 0) return validation;
  return mergeAndLocate(
    leadingDiagnostics,
    validation,
    text,
    parsed.locate,
    firstLine,
    engine.maxDiagnostics,
  );
}

/**
 * Validate a parsed document: what checkDecoded does once the text parsed, and all there is to do for
 * a document the library is given parsed (api/check-document.ts), so both validate alike.
 */
export function validateParsed(
  value: unknown,
  engine: EngineOptions,
  clock: PhaseClock | null = null,
): DocumentReport {
  return checkDocument(value, clock === null ? engine : timedEngine(engine, clock.rules));
}

/** Check raw bytes: invalid UTF-8 is a syntax finding placed at the first bad byte. */
export function checkBytes(
  bytes: Buffer,
  parse: TextParser,
  engine: EngineOptions,
  firstLine = 1,
  clock: PhaseClock | null = null,
): DocumentReport {
  const decoded = decodeUtf8(bytes);
  if (!decoded.ok) {
    const position = shift(positionOfByte(bytes, decoded.offset), firstLine);
    // One column: the bad sequence is one character where a decoder puts U+FFFD.
    const endPosition = { line: position.line, column: position.column + 1 };
    // A JSON Lines document is its line: its offset counts from the line's start, not the file's.
    const message =
      parse === parseJsonLineText
        ? invalidUtf8Message(
            decoded.offset,
            bytes.subarray(decoded.offset, decoded.offset + 4),
            ' of the line',
          )
        : decoded.message;
    return findingsReport([{ kind: 'syntax', message, position, endPosition }], engine, () => ({
      start: position,
      end: endPosition,
    }));
  }
  return checkDecoded(decoded.text, decoded.bom, parse, engine, firstLine, clock);
}
