// Per-file problems that are not document findings: unreadable files and limits. Never thrown further.
import { InputLimitError, isGzipError } from '../parsing/read.js';
import type { DocumentResult } from '../types.js';
import type { EngineOptions } from '../validation/engine.js';
import { documentResult, failureResult, findingsReport, type ResultBase } from './results.js';

export { MAX_WHOLE_BYTES } from '../parsing/read.js';

/** A system error code (ENOENT, EACCES, EISDIR...), or a Node one (ERR_FS_FILE_TOO_LARGE, ERR_WORKER_...). */
function errorCode(error: unknown): { code: string; system: boolean } | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !/^E[A-Z0-9_]+$/.test(code)) return null;
  return { code, system: !code.includes('_') };
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
      `Not checked: ${error.subject} is over ${error.limitName} (${error.limit} bytes).`,
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
  const known = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  if (known !== null) {
    const what = known.system ? 'Cannot read' : 'Could not check';
    return failureResult(b, 'error', known.code, `${what}: ${message}`, durationMs);
  }
  // Not the document's fault and not the file system's: a bug, reported on this file alone so that the
  // other files of the batch still get their results. The same code in whole-file and streamed mode.
  return failureResult(b, 'error', 'EINTERNAL', `Internal error while checking: ${message}`, durationMs);
}
