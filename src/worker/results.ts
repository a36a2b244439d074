// Building reports and DocumentResults: parser findings merged in front of rule diagnostics, positions
// added last (and only when there is something to place).
import type { ParserFinding, PathLocator } from '../parsing/finding.js';
import { safeMessage } from '../parsing/finding.js';
import { LineIndex, type Position } from '../parsing/position.js';
import type {
  CheckOptions,
  DocumentResult,
  FileJob,
  InputFormat,
  LocatedDiagnostic,
  PathSegment,
} from '../types.js';
import {
  addDiagnostic,
  type DocumentReport,
  type EngineOptions,
  emptyReport,
  keepBySeverity,
} from '../validation/engine.js';
import { ruleDiagnostic } from '../validation/report.js';
import type { PhaseClock } from './stats.js';

export const SYNTAX_RULE = 'mcpdesc.document.syntax';
export const BOM_RULE = 'mcpdesc.document.bom';
export const DUPLICATE_KEY_RULE = 'mcpdesc.document.duplicate-key';

const RULE_OF_FINDING: Record<ParserFinding['kind'], string> = {
  syntax: SYNTAX_RULE,
  bom: BOM_RULE,
  'duplicate-key': DUPLICATE_KEY_RULE,
};

/**
 * One EngineOptions per task's options object: every file of a batch then shares it, and the engine's
 * per-options caches (its plan) hit by identity instead of rebuilding a key string per file.
 */
const engineOptionsOf = new WeakMap<CheckOptions, EngineOptions>();

export function engineOptions(options: CheckOptions): EngineOptions {
  let engine = engineOptionsOf.get(options);
  if (engine === undefined) {
    engine = {
      target: options.target,
      ruleLevels: options.ruleLevels,
      maxDiagnostics: options.maxDiagnosticsPerFile,
    };
    engineOptionsOf.set(options, engine);
  }
  return engine;
}

/** Where a document starts inside its file: line 1 for whole files, the line of a JSON Lines document. */
export function shift(position: Position, firstLine: number): Position {
  return { line: position.line + firstLine - 1, column: position.column };
}

/** Where a finding starts and where its span ends (exclusive). */
export interface Placed {
  start: Position;
  end: Position;
}

/** A finding's start and end as diagnostic fields (the span is empty when no end is known). */
export function placed(
  start: Position,
  end: Position = start,
): Required<Pick<LocatedDiagnostic, 'line' | 'column' | 'endLine' | 'endColumn'>> {
  return { line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
}

/** A parser finding as a diagnostic of the rule that owns it (null when that rule is switched off). */
export function findingDiagnostic(
  finding: ParserFinding,
  engine: EngineOptions,
  at: Placed | undefined,
): LocatedDiagnostic | null {
  const rule = RULE_OF_FINDING[finding.kind];
  const diagnostic = ruleDiagnostic(rule, safeMessage(finding.message), engine, finding.path);
  if (diagnostic === null) return null;
  return at ? { ...diagnostic, ...placed(at.start, at.end) } : diagnostic;
}

/** A report made only of parser findings (the document could not be parsed). */
export function findingsReport(
  findings: readonly ParserFinding[],
  engine: EngineOptions,
  place: (finding: ParserFinding) => Placed | undefined,
): DocumentReport {
  const report = emptyReport();
  for (const finding of findings) {
    const diagnostic = findingDiagnostic(finding, engine, place(finding));
    if (diagnostic) addDiagnostic(report, diagnostic, engine.maxDiagnostics);
  }
  return report;
}

/**
 * `leading` (findings about the whole input, the BOM's) ahead of the validation's, as both modes order
 * them: counted first, so they are kept when the per-document cap truncates the list, and first in
 * `byRule`. Validation counted its own diagnostics exactly, including those it did not keep.
 */
export function withLeading(
  leading: readonly LocatedDiagnostic[],
  validation: DocumentReport,
  max: number,
): DocumentReport {
  if (leading.length === 0) return validation;
  const report: DocumentReport = {
    ...validation,
    diagnostics: [],
    byRule: {},
    errors: 0,
    warnings: 0,
    infos: 0,
  };
  for (const d of leading) addDiagnostic(report, d, max);
  for (const [rule, count] of Object.entries(validation.byRule)) {
    report.byRule[rule] = (report.byRule[rule] ?? 0) + count;
  }
  report.errors += validation.errors;
  report.warnings += validation.warnings;
  report.infos += validation.infos;
  const list = [...report.diagnostics, ...validation.diagnostics];
  if (list.length > max) {
    report.diagnostics = keepBySeverity(list, max);
    report.truncated = true;
  } else {
    report.diagnostics = list;
  }
  return report;
}

/**
 * Parser findings (a BOM warning) in front of the rule diagnostics, then positions for every diagnostic
 * that has none, resolved in one pass over the text.
 */
export function mergeAndLocate(
  leading: readonly LocatedDiagnostic[],
  validation: DocumentReport,
  text: string,
  locate: PathLocator,
  firstLine: number,
  max: number,
): DocumentReport {
  const report = withLeading(leading, validation, max);
  const unplaced: LocatedDiagnostic[] = [];
  const paths: (readonly PathSegment[])[] = [];
  for (const d of report.diagnostics as LocatedDiagnostic[]) {
    if (d.line !== undefined) continue;
    unplaced.push(d);
    paths.push(d.path);
  }
  if (unplaced.length > 0) {
    const spans = locate(paths);
    const lines = new LineIndex(text);
    for (let i = 0; i < unplaced.length; i++) lines.place(unplaced[i]!, spans[i]!, firstLine - 1);
  }
  return report;
}

export interface ResultBase {
  index: number;
  file: string;
  format: InputFormat;
  gzip: boolean;
  streamed?: boolean;
  bytes: number;
  line?: number;
}

/**
 * A result with nothing counted yet, built member by member in the order results have always had.
 * Not `{...base, status, ...}`: a spread that then redefines members it copied (mcpdesc, the counts)
 * takes V8's slow path, which costs more than everything else a clean file costs after JSON.parse.
 */
function base(
  b: ResultBase,
  durationMs: number,
  report: DocumentReport | null,
  status: DocumentResult['status'],
): DocumentResult {
  const result = {
    index: b.index,
    file: b.file,
    format: b.format,
    bytes: b.bytes,
    mcpdesc: report ? report.mcpdesc : null,
    errors: report ? report.errors : 0,
    warnings: report ? report.warnings : 0,
    infos: report ? report.infos : 0,
    tools: report ? report.tools : 0,
    durationMs: Math.round(durationMs * 1000) / 1000,
    truncated: report ? report.truncated : false,
    byRule: report ? report.byRule : {},
  } as DocumentResult;
  if (b.line !== undefined) result.line = b.line;
  if (b.gzip) result.compression = 'gzip';
  if (b.streamed !== undefined) result.streamed = b.streamed;
  result.status = status;
  result.diagnostics = report ? report.diagnostics : [];
  return result;
}

/** `clock` (--stats): building the record is the end of the locate phase; the record carries the phases. */
export function documentResult(
  b: ResultBase,
  report: DocumentReport,
  durationMs: number,
  clock: PhaseClock | null = null,
): DocumentResult {
  const result = base(b, durationMs, report, report.errors > 0 ? 'invalid' : 'valid');
  if (clock !== null) {
    clock.lap('locateMs');
    result.timings = clock.timings();
  }
  return result;
}

/** The file could not be checked: unreadable (status 'error') or over a limit (status 'skipped'). */
export function failureResult(
  b: ResultBase,
  status: 'error' | 'skipped',
  code: string,
  message: string,
  durationMs: number,
): DocumentResult {
  const result = base(b, durationMs, null, status);
  result.error = { code, message };
  return result;
}

/**
 * `b` with another format and size. Not `{...b, format}`: a spread that redefines a member it copied
 * takes V8's slow path, a cost every file would pay.
 */
export function rebased(b: ResultBase, format: InputFormat, bytes: number): ResultBase {
  const out: ResultBase = { index: b.index, file: b.file, format, gzip: b.gzip, bytes };
  if (b.streamed !== undefined) out.streamed = b.streamed;
  if (b.line !== undefined) out.line = b.line;
  return out;
}

/** The result base of a job (before the format is known it says 'unknown'). */
export function jobBase(job: FileJob, format: InputFormat, gzip: boolean): ResultBase {
  return { index: job.index, file: job.file, format, gzip, bytes: job.size };
}
