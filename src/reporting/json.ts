// One JSON document, `{run, documents: [...], summary}`, for small runs and tools that want a single
// value. It is written as it goes (one document per line), but a reader has to parse it whole: for large
// runs (thousands of files, or anything a consumer would stream) use the ndjson format instead.
import type { DocumentResult, Reporter, RunRecord, SummaryRecord } from '../types.js';
import { writeChunk } from './output.js';

export function createJsonReporter(out: NodeJS.WritableStream): Reporter {
  let first = true;
  return {
    async onStart(run: RunRecord) {
      await writeChunk(out, `{"run":${JSON.stringify(run)},\n"documents":[`);
    },
    async onDocument(result: DocumentResult) {
      await writeChunk(out, `${first ? '\n' : ',\n'}${JSON.stringify(result)}`);
      first = false;
    },
    async onEnd(summary: SummaryRecord) {
      await writeChunk(out, `${first ? '' : '\n'}],\n"summary":${JSON.stringify(summary)}}\n`);
    },
  };
}
