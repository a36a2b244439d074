// The primary machine format (DESIGN §4): one JSON object per line, `run` first, then per document its
// `diagnostic` records followed by its `file` record, `summary` last. A document's records are written
// in one write() so they can never interleave or be cut apart, and a full stdout pipe pauses the run
// (the returned promise waits for 'drain') instead of buffering records in memory.
import type { DocumentResult, LocatedDiagnostic, Reporter, RunRecord, SummaryRecord } from '../types.js';

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

export function diagnosticRecord(file: string, d: LocatedDiagnostic): Record<string, unknown> {
  return {
    type: 'diagnostic',
    file,
    ruleId: d.ruleId,
    severity: d.severity,
    message: d.message,
    pointer: d.pointer,
    path: d.path,
    line: d.line ?? null,
    column: d.column ?? null,
    endLine: d.endLine ?? null,
    endColumn: d.endColumn ?? null,
    specSection: d.specSection,
    docsUrl: d.docsUrl,
    ...(d.suppressed ? { suppressed: true } : {}),
  };
}

export function fileRecord(r: DocumentResult): Record<string, unknown> {
  const record: Record<string, unknown> = { type: 'file', file: r.file };
  if (r.line !== undefined) record.line = r.line;
  record.status = r.status;
  record.format = r.format;
  if (r.compression) record.compression = r.compression;
  if (r.streamed) record.streamed = true;
  record.bytes = r.bytes;
  record.mcpdesc = r.mcpdesc;
  record.errors = r.errors;
  record.warnings = r.warnings;
  record.infos = r.infos;
  record.tools = r.tools;
  record.durationMs = Math.round(r.durationMs * 1000) / 1000;
  // --stats only: a run without it writes the record byte for byte as before.
  if (r.timings) record.timings = r.timings;
  record.truncated = r.truncated;
  // The listed diagnostics are not all the findings (--max-diagnostics-per-file cut them, or --quiet
  // left the warnings out): the counts by rule can then not be recounted from the records, and
  // `report` needs them to render the json format as the run would have.
  if (r.diagnostics.length !== r.errors + r.warnings + r.infos) record.byRule = sortedCounts(r.byRule);
  if (r.error) record.error = r.error;
  if (r.cached) record.cached = true;
  return record;
}

function sortedCounts(counts: Record<string, number>): Record<string, number> {
  const sorted: Record<string, number> = {};
  for (const key of Object.keys(counts).sort()) sorted[key] = counts[key]!;
  return sorted;
}

export function createNdjsonReporter(out: NodeJS.WritableStream): Reporter {
  return {
    onStart(run: RunRecord) {
      return writeChunk(out, `${JSON.stringify(run)}\n`);
    },
    onDocument(result: DocumentResult) {
      let chunk = '';
      for (const d of result.diagnostics) chunk += `${JSON.stringify(diagnosticRecord(result.file, d))}\n`;
      chunk += `${JSON.stringify(fileRecord(result))}\n`;
      return writeChunk(out, chunk);
    },
    onEnd(summary: SummaryRecord) {
      return writeChunk(out, `${JSON.stringify(summary)}\n`);
    },
  };
}
