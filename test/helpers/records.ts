// A DocumentResult for tests of what consumes results (the pipeline, the pieces of an input, the
// summary): a valid JSON document with nothing found, and whatever the test sets on top.
import type { DocumentResult } from '../../src/types.js';

export function documentResult(over: Partial<DocumentResult> = {}): DocumentResult {
  return {
    index: 0,
    file: 'x.json',
    status: 'valid',
    format: 'json',
    bytes: 10,
    mcpdesc: '0.7.0',
    errors: 0,
    warnings: 0,
    infos: 0,
    tools: 0,
    durationMs: 0,
    truncated: false,
    byRule: {},
    diagnostics: [],
    ...over,
  };
}
