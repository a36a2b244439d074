// The NDJSON records of one document (docs/cli.md "The NDJSON contract"): its `diagnostic` records,
// then its `file` record, one JSON object per line. One definition for the ndjson reporter and for a
// worker that writes a run's records itself (CheckOptions.ndjsonRecords), so both write the same bytes.
// Plain functions of plain data: types only.
import { isPlain } from './quote.js';
import type { DocumentResult, LocatedDiagnostic, PathSegment } from './types.js';

/** A position member: JSON.stringify writes a missing one as null (and a non-finite number too). */
function position(n: number | undefined): string | number {
  return n !== undefined && Number.isFinite(n) ? n : 'null';
}

/** JSON of a string: most pointers and path names need no escaping, and a scan costs less than the call. */
function jsonString(text: string): string {
  return isPlain(text) ? `"${text}"` : JSON.stringify(text);
}

/** JSON of a path (names and indexes), as JSON.stringify writes it, without its generic array walk. */
function jsonPath(path: readonly PathSegment[]): string {
  if (path.length === 0) return '[]';
  let out = '[';
  for (let i = 0; i < path.length; i++) {
    const segment = path[i]!;
    if (i > 0) out += ',';
    out += typeof segment === 'string' ? jsonString(segment) : String(position(segment));
  }
  return `${out}]`;
}

/**
 * The members of a diagnostic line that repeat on every record of a rule (its id and severity before
 * the message, its section and link at the end), quoted once per rule and severity rather than once
 * per record.
 */
interface RuleParts {
  severity: string;
  specSection: string;
  docsUrl: string;
  /** `,"ruleId":…,"severity":…,"message":` */
  head: string;
  /** `,"specSection":…,"docsUrl":…` */
  tail: string;
  /** The last message written for the rule and its JSON: many rules word most findings alike. */
  message: string;
  messageJson: string;
}
const partsOfRule = new Map<string, RuleParts>();

function ruleParts(d: LocatedDiagnostic): RuleParts {
  const parts = partsOfRule.get(d.ruleId);
  if (
    parts !== undefined &&
    parts.severity === d.severity &&
    parts.specSection === d.specSection &&
    parts.docsUrl === d.docsUrl
  )
    return parts;
  const made: RuleParts = {
    severity: d.severity,
    specSection: d.specSection,
    docsUrl: d.docsUrl,
    head: `,"ruleId":${JSON.stringify(d.ruleId)},"severity":${JSON.stringify(d.severity)},"message":`,
    tail: `,"specSection":${JSON.stringify(d.specSection)},"docsUrl":${JSON.stringify(d.docsUrl)}`,
    message: '',
    messageJson: '""',
  };
  // Bounded, since `report` renders records read from any NDJSON file: full, it starts over.
  if (parts === undefined && partsOfRule.size >= 1024) partsOfRule.clear();
  partsOfRule.set(d.ruleId, made);
  return made;
}

/**
 * One `diagnostic` record's line (without its newline), `file` already JSON-quoted: the same bytes as
 * JSON.stringify of the record's members in the documented order, without building the record. For
 * a findings-heavy run this is most of the main thread's work (50k findings on the real corpus).
 */
export function diagnosticLine(fileJson: string, d: LocatedDiagnostic): string {
  const parts = ruleParts(d);
  if (parts.message !== d.message) {
    parts.message = d.message;
    parts.messageJson = JSON.stringify(d.message);
  }
  return `{"type":"diagnostic","file":${fileJson}${parts.head}${parts.messageJson},"pointer":${jsonString(d.pointer)},"path":${jsonPath(d.path)},"line":${position(d.line)},"column":${position(d.column)},"endLine":${position(d.endLine)},"endColumn":${position(d.endColumn)}${parts.tail}${d.suppressed ? ',"suppressed":true' : ''}}`;
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
