// What parsers report: plain data. The worker turns a finding into a diagnostic of the rule that owns
// it (`mcpdesc.document.syntax`, `mcpdesc.document.bom` or `mcpdesc.document.duplicate-key`); parsing
// knows nothing of rules or levels.
import type { PathSegment } from '../types.js';
import type { Span } from './json-scan.js';
import type { Position } from './position.js';

export interface ParserFinding {
  kind: 'syntax' | 'bom' | 'duplicate-key';
  message: string;
  /** Where in the document (default: the root). */
  path?: PathSegment[];
  /** UTF-16 offset in the decoded text, when the finding is in decoded text. */
  offset?: number;
  /**
   * With `offset`: where the span ends (exclusive). Without it the span is `width` columns on the
   * start's line (default: json-scan.ts `syntaxWidth`, the character at the offset).
   */
  end?: number;
  width?: number;
  /** Already resolved position (invalid UTF-8 is found in bytes, before there is any text). */
  position?: Position;
  /** With `position`: where the span ends (exclusive; default: `position`, an empty span). */
  endPosition?: Position;
}

export type ParseResult<Locate> =
  | { ok: true; value: unknown; locate: Locate }
  | { ok: false; findings: ParserFinding[] };

/** Resolves diagnostic paths to UTF-16 spans in the text (deepest existing prefix; json-scan.ts `Span`). */
export type PathLocator = (paths: ReadonlyArray<ReadonlyArray<string | number>>) => Span[];

/** The longest parser message kept (third-party parser messages may quote the document). */
export const MESSAGE_LIMIT = 300;

/**
 * Make a parser message safe to print: control characters (C0, DEL, C1, line/paragraph separators)
 * escaped, so a hostile document cannot forge output lines or terminal escapes, and length capped.
 */
export function safeMessage(message: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  const escaped = message.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => {
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
  return escaped.length > MESSAGE_LIMIT ? `${escaped.slice(0, MESSAGE_LIMIT)}…` : escaped;
}
