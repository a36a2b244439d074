// Baselines: record today's findings, then fail only on new ones.
//
// A finding is identified by its fingerprint: file + rule id + JSON pointer, never its line, since
// editing a document above a defect moves the defect's line but not its pointer. A pointer does move
// when an element is inserted before it in the same array (`/tools/3` becomes `/tools/4`); that
// finding then reads as one new plus one stale, the trade-off ESLint's bulk suppressions make too.
// Identical findings are counted (as ESLint counts per file × rule): with 2 recorded and 3 found,
// one is new.
//
// File format (NDJSON, sorted, so baselines diff well in review):
//   {"type":"baseline","schemaVersion":1,"tool":{"name":…,"version":…},"entries":N,"findings":M}
//   {"file":"registry/a.json","ruleId":"mcpdesc.tool.members","pointer":"/tools/3","fingerprint":"…","count":1}
// Any previous NDJSON report of ours is accepted as a baseline too (gitleaks-style): its `diagnostic`
// records are the findings.
import { type AtomicFile, writeFileAtomic } from '../atomic-file.js';
import { fingerprint } from '../reports/fingerprint.js';
import { ReportError, readRecords } from '../reports/ndjson.js';
import { normalizePath } from '../reports/shard.js';
import type { SeverityCounts } from '../reports/verdict.js';
import { emptyCounts } from '../reports/verdict.js';

export const BASELINE_SCHEMA_VERSION = 1;

export interface Finding {
  file: string;
  ruleId: string;
  pointer: string;
}

export interface BaselineEntry extends Finding {
  fingerprint: string;
  count: number;
}

export interface Baseline {
  /** The file it was read from (for messages). */
  path: string;
  /** 'baseline' for a baseline file, 'report' for a previous NDJSON report used as one. */
  kind: 'baseline' | 'report';
  /** Entries by fingerprint. */
  entries: Map<string, BaselineEntry>;
  /** How many of each fingerprint this run has matched so far (applyBaseline counts them). */
  used: Map<string, number>;
}

/** The baseline's own error, with a code the CLI maps to exit 2. */
export class BaselineError extends Error {
  readonly code = 'E_BASELINE';
  constructor(message: string) {
    super(message);
    this.name = 'BaselineError';
  }
}

/** Accumulates findings (one call per document) into counted, de-duplicated entries. */
export interface FindingCollector {
  add(
    file: string,
    diagnostics: ReadonlyArray<{ ruleId: string; pointer: string }>,
    truncated?: boolean,
  ): void;
  /** The entries so far, sorted by file, rule id, pointer. */
  entries(): BaselineEntry[];
  /** Documents whose diagnostics were cut by --max-diagnostics-per-file: their hidden findings are not recorded. */
  readonly truncatedDocuments: number;
}

export function collectFindings(): FindingCollector {
  const entries = new Map<string, BaselineEntry>();
  let truncated = 0;
  return {
    add(file, diagnostics, wasTruncated = false) {
      if (wasTruncated) truncated++;
      const normalized = normalizePath(file);
      for (const d of diagnostics) {
        const fp = fingerprint(normalized, d.ruleId, d.pointer);
        const entry = entries.get(fp);
        if (entry) entry.count++;
        else
          entries.set(fp, {
            file: normalized,
            ruleId: d.ruleId,
            pointer: d.pointer,
            fingerprint: fp,
            count: 1,
          });
      }
    },
    entries: () => sortEntries([...entries.values()]),
    get truncatedDocuments() {
      return truncated;
    },
  };
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function sortEntries(entries: BaselineEntry[]): BaselineEntry[] {
  return entries.sort(
    (a, b) =>
      compareStrings(a.file, b.file) ||
      compareStrings(a.ruleId, b.ruleId) ||
      compareStrings(a.pointer, b.pointer),
  );
}

/**
 * Write a baseline of `findings` (each occurrence once, or entries with a `count`) to `target` (a path,
 * or a file the caller opened), sorted, with a versioned header; atomically (temporary file + rename).
 */
export async function writeBaseline(
  findings: Iterable<Finding & { count?: number }> | FindingCollector,
  target: string | AtomicFile,
  tool: { name: string; version: string } = { name: 'mcpdesc-validate', version: 'unknown' },
): Promise<{ entries: number; findings: number }> {
  let entries: BaselineEntry[];
  if (!Array.isArray(findings) && 'truncatedDocuments' in findings) {
    // A collector (an array also has an `entries` method, hence the test on truncatedDocuments).
    entries = findings.entries();
  } else {
    const merged = new Map<string, BaselineEntry>();
    for (const f of findings as Iterable<Finding & { count?: number }>) {
      const file = normalizePath(f.file);
      const fp = fingerprint(file, f.ruleId, f.pointer);
      const entry = merged.get(fp);
      const n = f.count ?? 1;
      if (entry) entry.count += n;
      else merged.set(fp, { file, ruleId: f.ruleId, pointer: f.pointer, fingerprint: fp, count: n });
    }
    entries = sortEntries([...merged.values()]);
  }
  const total = entries.reduce((sum, e) => sum + e.count, 0);
  const header = {
    type: 'baseline',
    schemaVersion: BASELINE_SCHEMA_VERSION,
    tool,
    entries: entries.length,
    findings: total,
  };
  const lines = [JSON.stringify(header)];
  for (const e of entries) {
    lines.push(
      JSON.stringify({
        file: e.file,
        ruleId: e.ruleId,
        pointer: e.pointer,
        fingerprint: e.fingerprint,
        count: e.count,
      }),
    );
  }
  const text = `${lines.join('\n')}\n`;
  if (typeof target === 'string') await writeFileAtomic(target, text, { createDirectory: true });
  else {
    await target.write(text);
    await target.commit();
  }
  return { entries: entries.length, findings: total };
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}

/**
 * Read a baseline file, or a previous NDJSON report used as one. Throws BaselineError naming the
 * file (and line) when it is missing, unreadable, empty, of another schema version, or malformed:
 * a baseline that cannot be read must stop the run (exit 2), never silently suppress nothing.
 */
export async function loadBaseline(path: string): Promise<Baseline> {
  const baseline: Baseline = { path, kind: 'baseline', entries: new Map(), used: new Map() };
  const damaged: string[] = [];
  let first = true;
  // A report cut at a line boundary leaves only whole records; it is caught by its missing summary.
  // A baseline file is caught by its header's counts: an entry deleted by hand (to un-baseline a
  // finding) needs the header corrected too, so that a file cut short is never taken for an edit.
  let summarized = false;
  let declared: { entries: unknown; findings: unknown } | null = null;
  let entries = 0;
  let findings = 0;
  const add = (file: string, ruleId: string, pointer: string, count: number) => {
    const normalized = normalizePath(file);
    const fp = fingerprint(normalized, ruleId, pointer);
    const entry = baseline.entries.get(fp);
    if (entry) entry.count += count;
    else baseline.entries.set(fp, { file: normalized, ruleId, pointer, fingerprint: fp, count });
  };
  try {
    for await (const { lineNo, record } of readRecords(path, (m) => damaged.push(m))) {
      if (damaged.length > 0) break;
      if (first) {
        first = false;
        if (record.type === 'run') {
          baseline.kind = 'report';
          continue;
        }
        if (record.type !== 'baseline') {
          throw new BaselineError(
            `${path} is not a baseline (its first record should be {"type":"baseline",…})`,
          );
        }
        if (record.schemaVersion !== BASELINE_SCHEMA_VERSION) {
          throw new BaselineError(
            `${path} is a baseline of schemaVersion ${JSON.stringify(record.schemaVersion)}; this version reads ${BASELINE_SCHEMA_VERSION}`,
          );
        }
        declared = { entries: record.entries, findings: record.findings };
        continue;
      }
      if (baseline.kind === 'report') {
        summarized = record.type === 'summary';
        if (record.type !== 'diagnostic') continue;
        if (!isString(record.file) || !isString(record.ruleId) || !isString(record.pointer)) {
          throw new BaselineError(`${path}:${lineNo}: diagnostic record without file, ruleId and pointer`);
        }
        add(record.file, record.ruleId, record.pointer, 1);
        continue;
      }
      const { file, ruleId, pointer, count } = record;
      if (!isString(file) || !isString(ruleId) || !isString(pointer)) {
        throw new BaselineError(`${path}:${lineNo}: entry needs string file, ruleId and pointer`);
      }
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) {
        throw new BaselineError(`${path}:${lineNo}: entry count must be a positive integer`);
      }
      entries++;
      findings += count;
      add(file, ruleId, pointer, count);
    }
  } catch (error) {
    if (error instanceof BaselineError) throw error;
    if (error instanceof ReportError) {
      const reason = error.code === 'ENOENT' ? 'does not exist' : `cannot be read (${error.code})`;
      throw new BaselineError(`baseline file ${path} ${reason}`);
    }
    throw error;
  }
  if (damaged.length > 0) throw new BaselineError(`baseline ${damaged[0]}`);
  if (first) throw new BaselineError(`baseline file ${path} is empty`);
  if (declared !== null && (declared.entries !== entries || declared.findings !== findings)) {
    throw new BaselineError(
      `${path} holds ${entries} entries (${findings} findings) where its header says ${String(declared.entries)} (${String(declared.findings)}): it was cut short, or edited without its header; write it again with --write-baseline, or correct the header's "entries" and "findings"`,
    );
  }
  if (baseline.kind === 'report' && !summarized) {
    throw new BaselineError(
      `${path} has no summary record at its end (the report was cut short, or its run did not finish)`,
    );
  }
  return baseline;
}

export interface BaselineMatch {
  /** Diagnostics marked `suppressed: true`. */
  suppressed: number;
  /** The same, by severity: subtract these from the document's counts for the exit code. */
  bySeverity: SeverityCounts;
}

/**
 * Mark the diagnostics of one document that the baseline covers with `suppressed: true`, in order,
 * at most as many per fingerprint as the baseline recorded (so a third occurrence of a finding
 * recorded twice stays unsuppressed). Call once per document, in output order.
 */
export function applyBaseline(
  baseline: Baseline,
  file: string,
  diagnostics: Array<{ ruleId: string; pointer: string; severity: string; suppressed?: boolean }>,
): BaselineMatch {
  const match: BaselineMatch = { suppressed: 0, bySeverity: emptyCounts() };
  if (baseline.entries.size === 0) return match;
  const normalized = normalizePath(file);
  for (const d of diagnostics) {
    const fp = fingerprint(normalized, d.ruleId, d.pointer);
    const entry = baseline.entries.get(fp);
    if (!entry) continue;
    const used = baseline.used.get(fp) ?? 0;
    if (used >= entry.count) continue;
    baseline.used.set(fp, used + 1);
    d.suppressed = true;
    match.suppressed++;
    if (d.severity === 'error' || d.severity === 'warning' || d.severity === 'info')
      match.bySeverity[d.severity]++;
  }
  return match;
}

/**
 * Baseline findings this run did not see again (for `--strict-baseline`: the baseline should shrink),
 * with `count` = how many are gone. `inScope` limits them to files this run was responsible for:
 * pass `(file) => inShard(file, shard)` in a sharded run so each baseline entry is judged by exactly
 * one shard. Only meaningful after every document of the run went through applyBaseline.
 */
export function staleEntries(
  baseline: Baseline,
  inScope: (file: string) => boolean = () => true,
): BaselineEntry[] {
  const stale: BaselineEntry[] = [];
  for (const [fp, entry] of baseline.entries) {
    const remaining = entry.count - (baseline.used.get(fp) ?? 0);
    if (remaining > 0 && inScope(entry.file)) stale.push({ ...entry, count: remaining });
  }
  return sortEntries(stale);
}

/** One stderr line per stale entry, for `--strict-baseline` (the CLI prints them and exits 1). */
export function describeStale(entries: readonly BaselineEntry[], limit = 50): string[] {
  const lines = entries
    .slice(0, limit)
    .map(
      (e) =>
        `stale baseline entry: ${e.file} ${e.ruleId} ${e.pointer || '(root)'}${e.count > 1 ? ` (${e.count} gone)` : ''}`,
    );
  if (entries.length > limit) lines.push(`… and ${entries.length - limit} more stale baseline entries`);
  return lines;
}
