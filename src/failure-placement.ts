// Where an input's failure record goes once some of its records are out: the worker reading a whole
// JSON Lines input and the main thread driving its pieces place it alike, so that the record is the
// same whichever way the input was read.
import type { DocumentResult } from './types.js';

/**
 * `failure` on `line` with no bytes, its fields in the order of a record built with a line (after
 * `byRule`, src/worker/results.ts), as the `json` report prints them.
 */
export function placeOnLine(failure: DocumentResult, line: number): DocumentResult {
  const placed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(failure)) {
    placed[key] = key === 'bytes' ? 0 : value;
    if (key === 'byRule') placed.line = line;
  }
  return placed as unknown as DocumentResult;
}
