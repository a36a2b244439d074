// MINIMAL stand-in for the reporters helper's text reporter (which replaces this file): one line per
// diagnostic, `file:line:col: severity ruleId message`, one line per unreadable input, a closing count.
import type { DocumentResult, Reporter, SummaryRecord } from '../types.js';
import { writeChunk } from './ndjson.js';

export function createTextReporter(out: NodeJS.WritableStream, _options: { color: boolean }): Reporter {
  return {
    onStart() {},
    onDocument(r: DocumentResult) {
      let chunk = '';
      const where = r.line !== undefined ? `${r.file}:${r.line}` : r.file;
      for (const d of r.diagnostics) {
        const pos = d.line !== undefined ? `${r.file}:${d.line}:${d.column ?? 1}` : where;
        chunk += `${pos}: ${d.severity} ${d.ruleId} ${d.message}\n`;
      }
      if (r.error) chunk += `${where}: ${r.status} ${r.error.code} ${r.error.message}\n`;
      return chunk === '' ? undefined : writeChunk(out, chunk);
    },
    onEnd(s: SummaryRecord) {
      return writeChunk(
        out,
        `${s.files.total} files: ${s.files.valid} valid, ${s.files.invalid} invalid, ${s.files.error} error, ` +
          `${s.files.skipped} skipped; ${s.counts.error} errors, ${s.counts.warning} warnings\n`,
      );
    },
  };
}
