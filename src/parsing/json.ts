// Whole-text JSON: `JSON.parse` once (the ceiling of the whole pipeline, so nothing else runs before it).
// Only when it throws does the scanner run, to place the error and word it the same way every time.
import type { ParseResult, PathLocator } from './finding.js';
import { EMPTY_MESSAGE, findJsonSyntaxError, locateJsonPaths } from './json-scan.js';

export function parseJsonText(text: string): ParseResult<PathLocator> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const found = findJsonSyntaxError(text);
    // The scanner and JSON.parse agree on validity (tested); V8's message is the fallback if not.
    const message = found ? found.message : (error as Error).message;
    const empty = found?.message === EMPTY_MESSAGE;
    return {
      ok: false,
      findings: [
        { kind: 'syntax', message: empty ? message : `Invalid JSON: ${message}`, offset: found?.offset ?? 0 },
      ],
    };
  }
  return { ok: true, value, locate: (paths) => locateJsonPaths(text, paths) };
}
