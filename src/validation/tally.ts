// A document's report, and how findings are counted into it: by rule and severity exactly, and kept
// under the per-document cap errors first. Shared by the engine, the fast path and the parsers' findings.
import type { Diagnostic, Severity, SpecVersion } from '../types.js';

export interface DocumentReport {
  mcpdesc: string | null;
  /** The version the document was checked against (null: not recognized). */
  version: SpecVersion | null;
  diagnostics: Diagnostic[];
  byRule: Record<string, number>;
  errors: number;
  warnings: number;
  infos: number;
  truncated: boolean;
  tools: number;
}

/** A report with nothing in it yet. */
export function emptyReport(mcpdesc: string | null = null): DocumentReport {
  return {
    mcpdesc,
    version: null,
    diagnostics: [],
    byRule: {},
    errors: 0,
    warnings: 0,
    infos: 0,
    truncated: false,
    tools: 0,
  };
}

/**
 * Count one finding: counts by rule and severity stay exact beyond the per-document cap, whatever the
 * list keeps. The one place that does this, for the engine, the parsers' findings and the streamed
 * path alike.
 */
export function countFinding(report: DocumentReport, ruleId: string, severity: Severity): void {
  report.byRule[ruleId] = (report.byRule[ruleId] ?? 0) + 1;
  if (severity === 'error') report.errors++;
  else if (severity === 'warning') report.warnings++;
  else report.infos++;
}

/** 0 for errors, 1 for warnings, 2 for infos: what the cap keeps first. */
export function rank(severity: Severity): number {
  return severity === 'error' ? 0 : severity === 'warning' ? 1 : 2;
}

/**
 * Count a built diagnostic and keep it under the cap. At the cap, it takes the place of the last kept
 * finding of the lowest severity below its own, if there is one: a capped list keeps errors before
 * warnings before infos (a file with 1,000 warnings and then an error must not list only warnings
 * while it fails the run), and otherwise the order it was found in.
 */
export function addDiagnostic<D extends Diagnostic>(
  report: DocumentReport,
  diagnostic: D,
  max: number,
): void {
  countFinding(report, diagnostic.ruleId, diagnostic.severity);
  const list = report.diagnostics;
  if (list.length < max) {
    list.push(diagnostic);
    return;
  }
  report.truncated = true;
  const own = rank(diagnostic.severity);
  for (let worse = 2; worse > own; worse--) {
    for (let i = list.length - 1; i >= 0; i--) {
      if (rank(list[i]!.severity) !== worse) continue;
      list.splice(i, 1);
      list.push(diagnostic);
      return;
    }
  }
}

/**
 * The first `max` of `list` by severity, then in their order: every error up to the cap, then warnings,
 * then infos, each the earliest found. `list` keeps at most `max` of each severity (see `record`).
 */
export function keepBySeverity<D extends Diagnostic>(list: D[], max: number): D[] {
  if (list.length <= max) return list;
  const left = [0, 0, 0];
  for (const d of list) left[rank(d.severity)]!++;
  left[0] = Math.min(left[0]!, max);
  left[1] = Math.min(left[1]!, max - left[0]!);
  left[2] = max - left[0]! - left[1]!;
  return list.filter((d) => left[rank(d.severity)]!-- > 0);
}
