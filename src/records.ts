// The NDJSON records of one document (docs/cli.md "The NDJSON contract"): its `diagnostic` records,
// then its `file` record, one JSON object per line. One definition for the ndjson reporter and for a
// worker that writes a run's records itself (CheckOptions.ndjsonRecords), so both write the same bytes.
// Plain functions of plain data: types only.
import type { DocumentResult, LocatedDiagnostic } from './types.js';

/** A position member: JSON.stringify writes a missing one as null (and a non-finite number too). */
function position(n: number | undefined): string | number {
  return n !== undefined && Number.isFinite(n) ? n : 'null';
}

/**
 * JSON of the few strings that repeat on every record of a rule (its id, severity, section, link):
 * quoted once, as JSON.stringify's fixed cost per call was most of what these members cost. Bounded,
 * since `report` renders records read from any NDJSON file.
 */
const quotedConstants = new Map<string, string>();
function constant(value: string): string {
  let json = quotedConstants.get(value);
  if (json === undefined) {
    json = JSON.stringify(value);
    if (quotedConstants.size < 1024) quotedConstants.set(value, json);
  }
  return json;
}

/**
 * One `diagnostic` record's line (without its newline), `file` already JSON-quoted: the same bytes as
 * JSON.stringify of the record's members in the documented order, without building the record. For
 * a findings-heavy run this is most of the main thread's work (50k findings on the real corpus).
 */
export function diagnosticLine(fileJson: string, d: LocatedDiagnostic): string {
  return `{"type":"diagnostic","file":${fileJson},"ruleId":${constant(d.ruleId)},"severity":${constant(d.severity)},"message":${JSON.stringify(d.message)},"pointer":${JSON.stringify(d.pointer)},"path":${JSON.stringify(d.path)},"line":${position(d.line)},"column":${position(d.column)},"endLine":${position(d.endLine)},"endColumn":${position(d.endColumn)},"specSection":${constant(d.specSection)},"docsUrl":${constant(d.docsUrl)}${d.suppressed ? ',"suppressed":true' : ''}}`;
}

/** One `file` record's line (without its newline), as JSON.stringify of its members in order. */
export function fileLine(fileJson: string, r: DocumentResult): string {
  let line = `{"type":"file","file":${fileJson}`;
  if (r.line !== undefined) line += `,"line":${JSON.stringify(r.line)}`;
  line += `,"status":${JSON.stringify(r.status)},"format":${JSON.stringify(r.format)}`;
  if (r.compression) line += `,"compression":${JSON.stringify(r.compression)}`;
  if (r.streamed) line += ',"streamed":true';
  line += `,"bytes":${JSON.stringify(r.bytes)},"mcpdesc":${JSON.stringify(r.mcpdesc)},"errors":${JSON.stringify(r.errors)},"warnings":${JSON.stringify(r.warnings)},"infos":${JSON.stringify(r.infos)},"tools":${JSON.stringify(r.tools)},"durationMs":${JSON.stringify(Math.round(r.durationMs * 1000) / 1000)}`;
  // --stats only: a run without it writes the record byte for byte as before.
  if (r.timings) line += `,"timings":${JSON.stringify(r.timings)}`;
  line += `,"truncated":${JSON.stringify(r.truncated)}`;
  // The listed diagnostics are not all the findings (--max-diagnostics-per-file cut them, or --quiet
  // left the warnings out): the counts by rule can then not be recounted from the records, and
  // `report` needs them to render the json format as the run would have.
  if (r.diagnostics.length !== r.errors + r.warnings + r.infos)
    line += `,"byRule":${JSON.stringify(sortedCounts(r.byRule))}`;
  if (r.error) line += `,"error":${JSON.stringify(r.error)}`;
  if (r.cached) line += ',"cached":true';
  return `${line}}`;
}

/** A document's records: its diagnostics, then its file record, each on its own line. */
export function documentLines(r: DocumentResult): string {
  const fileJson = JSON.stringify(r.file);
  let chunk = '';
  for (const d of r.diagnostics) chunk += `${diagnosticLine(fileJson, d)}\n`;
  return `${chunk}${fileLine(fileJson, r)}\n`;
}

/** By rule id, sorted; defined as own keys (a rule id read from data may be `__proto__`). */
function sortedCounts(counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
