// Per-file problems that are not document findings: unreadable files and limits. Never thrown further.
import { InputLimitError, isGzipError } from '../parsing/read.js';
import type { DocumentResult } from '../types.js';
import type { EngineOptions } from '../validation/engine.js';
import { documentResult, failureResult, findingsReport, type ResultBase } from './results.js';

/** V8 strings top out at 2^29 - 24 UTF-16 units (~512 MiB): larger inputs cannot be parsed whole. */
export const MAX_WHOLE_BYTES = 2 ** 29 - 24;

function errnoCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^E[A-Z0-9_]+$/.test(code) ? code : null;
}

/** Turn anything a file check threw into that file's one result. */
export function failureFor(
  error: unknown,
  b: ResultBase,
  engine: EngineOptions,
  durationMs: number,
): DocumentResult {
  if (error instanceof InputLimitError) {
    return failureResult(
      b,
      'skipped',
      'EMAXSIZE',
      `Not checked: the decompressed input is over ${error.limitName} (${error.limit} bytes).`,
      durationMs,
    );
  }
  if (isGzipError(error)) {
    const report = findingsReport(
      [{ kind: 'syntax', message: `Corrupt gzip data (${error.code}): ${error.message}.` }],
      engine,
      () => undefined,
    );
    return documentResult(b, report, durationMs);
  }
  const code = errnoCode(error);
  const message = error instanceof Error ? error.message : String(error);
  if (code !== null) return failureResult(b, 'error', code, `Cannot read: ${message}`, durationMs);
  // Not the document's fault and not the file system's: a bug, reported on this file alone so that the
  // other files of the batch still get their results.
  return failureResult(b, 'error', 'EINTERNAL', `Internal error while checking: ${message}`, durationMs);
}
