// The primary machine format: one JSON object per line, `run` first, then per document its
// `diagnostic` records followed by its `file` record, `summary` last. A document's records are written
// in one write() so they can never interleave or be cut apart, and a full stdout pipe pauses the run
// (the returned promise waits for 'drain') instead of buffering records in memory.
import { documentLines } from '../records.js';
import type { DocumentResult, Reporter, RunRecord, SummaryRecord } from '../types.js';

/** Wait until `out` drains, or closes/errors (EPIPE): a closed consumer must not hang the run. */
export function waitDrain(out: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      out.off('error', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
    out.on('error', done);
  });
}

export function writeChunk(out: NodeJS.WritableStream, chunk: string): void | Promise<void> {
  if (!out.write(chunk)) return waitDrain(out);
}

export function createNdjsonReporter(out: NodeJS.WritableStream): Reporter {
  return {
    onStart(run: RunRecord) {
      return writeChunk(out, `${JSON.stringify(run)}\n`);
    },
    onDocument(result: DocumentResult) {
      // A worker may have written them already (CheckOptions.ndjsonRecords).
      return writeChunk(out, result.ndjson ?? documentLines(result));
    },
    onEnd(summary: SummaryRecord) {
      return writeChunk(out, `${JSON.stringify(summary)}\n`);
    },
  };
}
