// Running document sources in this thread through the worker's entry point, for the pool's tests.
import assert from 'node:assert/strict';
import type { RunSource } from '../../../src/pool/pieces.js';
import type { CheckOptions } from '../../../src/types.js';
import { check } from '../../../src/worker/index.js';
import type { DocumentSource, SourceResult } from '../../../src/worker/tasks.js';
import { OPTIONS } from '../worker/helpers.js';

/** Each source's task through the worker's entry point, in this thread: the result of its one input. */
export const inThisThread =
  (options: CheckOptions = OPTIONS) =>
  async (source: DocumentSource): Promise<SourceResult> =>
    (await check({ source, options }))[0]!;

/** `runTask` as the pool runs sources, handed only sources of `kind`. */
export function only<K extends DocumentSource['kind']>(
  kind: K,
  runTask: (source: Extract<DocumentSource, { kind: K }>) => Promise<SourceResult>,
): RunSource {
  return (source) => {
    assert.equal(source.kind, kind);
    return runTask(source as Extract<DocumentSource, { kind: K }>);
  };
}
