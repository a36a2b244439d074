// Whole-text JSON: `JSON.parse` once (the ceiling of the whole pipeline, so nothing else runs before it).
// Only when it throws does the scanner run, to place the error and word it the same way every time.
// Text that parses is checked for duplicate member names (a cheap count first: duplicate-keys.ts).
import { duplicateKeyMessage, firstDuplicateKey } from './duplicate-keys.js';
import type { ParseResult, ParserFinding, PathLocator } from './finding.js';
import { stringEnd } from './json-lexical.js';
import { locateJsonSpans, syntaxFinding, syntaxWidth } from './json-scan.js';

export function parseJsonText(text: string): ParseResult<PathLocator> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // The scanner and JSON.parse agree on validity (tested); V8's message is the fallback if not.
    const { message, offset } = syntaxFinding(text, (error as Error).message);
    return { ok: false, findings: [{ kind: 'syntax', message, offset, width: syntaxWidth(text, offset) }] };
  }
  const duplicate = duplicateKeyFinding(text, value);
  if (duplicate) return { ok: false, findings: [duplicate] };
  return { ok: true, value, locate: (paths) => locateJsonSpans(text, paths) };
}

/**
 * The first duplicate member name of parsed text, as a finding that stops the document: which copy a
 * consumer sees depends on its parser, so no verdict on the content would hold for every consumer.
 */
export function duplicateKeyFinding(text: string, value: unknown): ParserFinding | null {
  const duplicate = firstDuplicateKey(text, value);
  if (duplicate === null) return null;
  return {
    kind: 'duplicate-key',
    message: duplicateKeyMessage(duplicate.path),
    offset: duplicate.offset,
    // The repeated name only: the finding is about the name, and which value is "the" member's
    // depends on the reader (docs/cli.md "Spans").
    end: stringEnd(text, duplicate.offset),
    path: duplicate.path,
  };
}
