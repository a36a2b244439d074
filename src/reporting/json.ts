// One JSON document, `{run, documents: [...], summary}`, for small runs and tools that want a single
// value. It is written as it goes (one document per line), but a reader has to parse it whole: for large
// runs (thousands of files, or anything a consumer would stream) use the ndjson format instead.
//
// Each document is written with its members in one fixed order (that of the ndjson `file` record, with
// `index` first and `byRule` (sorted) and `diagnostics` last), not in the order the code path that
// produced it happened to build them: whole files, JSON Lines, cache replays and `report` build their
// results differently, and the same result must read the same whichever way it came.
import type { DocumentResult, Reporter, RunRecord, SummaryRecord } from '../types.js';
import { sortedCounts, writeChunk } from './output.js';

const DOCUMENT_ORDER = [
  'index',
  'file',
  'line',
  'status',
  'format',
  'compression',
  'streamed',
  'bytes',
  'mcpdesc',
  'errors',
  'warnings',
  'infos',
  'tools',
  'durationMs',
  'timings',
  'truncated',
  'cached',
  'error',
];
const DIAGNOSTIC_ORDER = [
  'ruleId',
  'severity',
  'message',
  'pointer',
  'path',
  'specSection',
  'docsUrl',
  'line',
  'column',
];

/** `value`'s members: `order` first, then any others as they come, then `last` (those present). */
function ordered(value: object, order: readonly string[], last: readonly string[]): Record<string, unknown> {
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of order) if (source[key] !== undefined) out[key] = source[key];
  for (const [key, member] of Object.entries(source)) {
    if (!(key in out) && !last.includes(key)) out[key] = member;
  }
  for (const key of last) if (source[key] !== undefined) out[key] = source[key];
  return out;
}

function documentJson(result: DocumentResult): string {
  const byRule = sortedCounts(Object.entries(result.byRule));
  const doc = ordered(result, DOCUMENT_ORDER, ['byRule', 'diagnostics']);
  doc.byRule = byRule;
  // --baseline marks a finding after the rest of it was built: kept last, as the ndjson record has it.
  doc.diagnostics = result.diagnostics.map((d) => ordered(d, DIAGNOSTIC_ORDER, ['suppressed']));
  return JSON.stringify(doc);
}

export function createJsonReporter(out: NodeJS.WritableStream): Reporter {
  let first = true;
  return {
    async onStart(run: RunRecord) {
      await writeChunk(out, `{"run":${JSON.stringify(run)},\n"documents":[`);
    },
    async onDocument(result: DocumentResult) {
      await writeChunk(out, `${first ? '\n' : ',\n'}${documentJson(result)}`);
      first = false;
    },
    async onEnd(summary: SummaryRecord) {
      await writeChunk(out, `${first ? '' : '\n'}],\n"summary":${JSON.stringify(summary)}}\n`);
    },
  };
}
