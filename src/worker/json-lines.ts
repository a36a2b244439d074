// A JSON Lines input: one DocumentResult per non-blank line, read as a stream (gzip or not), so a
// multi-GB registry dump holds only one line at a time. `--max-file-size` applies to each line, and to
// the decompressed total of a gzip input.
import { loadJsonLineParser, splitLines } from '../parsing/jsonl.js';
import { streamFile } from '../parsing/read.js';
import type { CheckOptions, DocumentResult } from '../types.js';
import { checkBytes, PARSERS } from './check-bytes.js';
import { failureFor, MAX_WHOLE_BYTES } from './failures.js';
import { documentResult, engineOptions, failureResult, findingsReport, type ResultBase } from './results.js';

export async function checkJsonLines(
  source: string | Buffer,
  gzip: boolean,
  fileBase: ResultBase,
  options: CheckOptions,
): Promise<DocumentResult[]> {
  await loadJsonLineParser();
  const engine = engineOptions(options);
  const limit = Math.min(options.maxFileSize, MAX_WHOLE_BYTES);
  const documents: DocumentResult[] = [];
  let lastLine = 0;
  let started = performance.now();
  try {
    // Gzip: the decompressed total is bounded too (each document holds a result, so a bomb of short
    // lines would otherwise grow without end). Plain files are bounded by their size on disk.
    await streamFile(
      source,
      gzip,
      async (bytes) => {
        for await (const line of splitLines(bytes, limit)) {
          lastLine = line.line;
          const b: ResultBase = { ...fileBase, bytes: line.size, line: line.line };
          if (line.oversize) {
            const message = `Not checked: the line is ${line.size} bytes, over --max-file-size (${limit} bytes).`;
            documents.push(failureResult(b, 'skipped', 'EMAXSIZE', message, performance.now() - started));
          } else {
            const report = checkBytes(line.bytes, PARSERS.jsonl, engine, line.line);
            documents.push(documentResult(b, report, performance.now() - started));
          }
          started = performance.now();
        }
      },
      gzip ? options.maxFileSize : Number.POSITIVE_INFINITY,
    );
  } catch (error) {
    // Lines before a read or gzip failure keep their results; the failure is one more record, on the
    // line where reading stopped.
    const b: ResultBase = documents.length > 0 ? { ...fileBase, bytes: 0, line: lastLine + 1 } : fileBase;
    documents.push(failureFor(error, b, engine, performance.now() - started));
    return documents;
  }
  if (documents.length === 0) {
    const report = findingsReport(
      [{ kind: 'syntax', message: 'The JSON Lines input holds no document (no non-blank line).' }],
      engine,
      () => ({ line: 1, column: 1 }),
    );
    documents.push(documentResult(fileBase, report, performance.now() - started));
  }
  return documents;
}
