// `mcpdesc-validate compare OLD.ndjson NEW.ndjson`: what changed between two runs, for the nightly
// report. Findings are matched by fingerprint (file + rule id + pointer, never line numbers), counted
// like a baseline: 2 before and 3 now is 1 new and 2 unchanged.
//
// Both reports are in document order (a run's output, or `merge`'s), so they are walked side by side
// one file at a time: memory holds one file's findings, not two runs' worth.

import { canonicalJson } from '../canonical-json.js';
import { fingerprint } from './fingerprint.js';
import type { DocumentGroup, JsonRecord, ReportReader, ReportSource } from './ndjson.js';
import { openReport, ReportError, sourceName } from './ndjson.js';

export type Change = 'new' | 'fixed' | 'unchanged';
export const CHANGES: readonly Change[] = ['new', 'fixed', 'unchanged'];

export interface ComparedFinding {
  type: 'finding';
  change: Change;
  file: string;
  ruleId: string;
  pointer: string;
  fingerprint: string;
  severity: string;
  message: string;
  /** From the new run (the old one for fixed findings). */
  line?: number;
  column?: number;
  /** Where the finding's span ends (exclusive), from the same run as `line`. */
  endLine?: number;
  endColumn?: number;
  /** JSON Lines: the document's line in its file. */
  documentLine?: number;
}

export interface ChangeCounts {
  new: number;
  fixed: number;
  unchanged: number;
}

export interface ComparisonRecord {
  type: 'comparison';
  old: { source: string; tool: unknown; startedAt: unknown };
  new: { source: string; tool: unknown; startedAt: unknown };
  counts: ChangeCounts;
  byRule: Record<string, ChangeCounts>;
  files: { old: number; new: number; added: number; removed: number };
  /** Things that make the comparison less than exact (tool upgraded, options changed, truncation). */
  notes: string[];
}

export interface CompareResult {
  /** 0 no new findings, 1 new findings, 2 an input is unreadable or not a report (see problems). */
  exitCode: number;
  comparison: ComparisonRecord | null;
  problems: string[];
}

interface FileFindings {
  file: string;
  diagnostics: Array<{ record: JsonRecord; documentLine: number | undefined }>;
  truncated: boolean;
}

/** Reads a report one file at a time (a JSON Lines file's documents together). */
function fileBatches(reader: ReportReader, problem: (m: string) => void) {
  let pending: DocumentGroup | null | undefined;
  let lastFile: string | undefined;
  return async (): Promise<FileFindings | null> => {
    if (pending === undefined) pending = await reader.next();
    if (pending === null) return null;
    const batch: FileFindings = { file: pending.file, diagnostics: [], truncated: false };
    if (lastFile !== undefined && batch.file < lastFile) {
      problem(
        `${reader.name}:${pending.fileRecord.lineNo}: ${batch.file} comes after ${lastFile}: not in document order`,
      );
    }
    lastFile = batch.file;
    while (pending !== null && pending.file === batch.file) {
      for (const { record } of pending.records) {
        if (record.type === 'diagnostic') batch.diagnostics.push({ record, documentLine: pending.line });
      }
      if (pending.fileRecord.record.truncated === true) batch.truncated = true;
      pending = await reader.next();
    }
    return batch;
  };
}

function emptyChangeCounts(): ChangeCounts {
  return { new: 0, fixed: 0, unchanged: 0 };
}

function findingOf(file: string, d: FileFindings['diagnostics'][number], change: Change): ComparedFinding {
  const r = d.record;
  const ruleId = String(r.ruleId);
  const pointer = typeof r.pointer === 'string' ? r.pointer : '';
  const finding: ComparedFinding = {
    type: 'finding',
    change,
    file,
    ruleId,
    pointer,
    fingerprint: fingerprint(file, ruleId, pointer),
    severity: String(r.severity),
    message: String(r.message ?? ''),
  };
  if (typeof r.line === 'number') finding.line = r.line;
  if (typeof r.column === 'number') finding.column = r.column;
  if (typeof r.endLine === 'number') finding.endLine = r.endLine;
  if (typeof r.endColumn === 'number') finding.endColumn = r.endColumn;
  if (d.documentLine !== undefined) finding.documentLine = d.documentLine;
  return finding;
}

type OldFinding = { d: FileFindings['diagnostics'][number]; taken: boolean };

/** The first entry of `list` from `cursor` on that is not taken yet (advancing the cursor past taken ones). */
function firstUntaken(slot: { list: OldFinding[]; cursor: number } | undefined): OldFinding | undefined {
  if (slot === undefined) return undefined;
  while (slot.cursor < slot.list.length && slot.list[slot.cursor]!.taken) slot.cursor++;
  return slot.list[slot.cursor];
}

/**
 * Compare one file's findings: new/unchanged in the new run's order, then fixed in the old run's. A
 * new finding takes an old one with its fingerprint, from the same JSON Lines document when there is
 * one: matching by fingerprint alone paired document 3's finding with document 2's when document 2 was
 * fixed, and reported the fix on line 3. Counts are the same either way.
 */
function compareFile(
  file: string,
  before: FileFindings['diagnostics'],
  after: FileFindings['diagnostics'],
): ComparedFinding[] {
  const old: OldFinding[] = before.map((d) => ({ d, taken: false }));
  const byFingerprint = new Map<string, { list: OldFinding[]; cursor: number }>();
  const byDocument = new Map<string, { list: OldFinding[]; cursor: number }>();
  const add = (map: typeof byFingerprint, key: string, entry: OldFinding) => {
    const slot = map.get(key);
    if (slot) slot.list.push(entry);
    else map.set(key, { list: [entry], cursor: 0 });
  };
  for (const entry of old) {
    const fp = fingerprint(file, String(entry.d.record.ruleId), String(entry.d.record.pointer ?? ''));
    add(byFingerprint, fp, entry);
    if (entry.d.documentLine !== undefined) add(byDocument, `${entry.d.documentLine}\n${fp}`, entry);
  }
  const out: ComparedFinding[] = [];
  for (const d of after) {
    const finding = findingOf(file, d, 'new');
    const match =
      (d.documentLine !== undefined
        ? firstUntaken(byDocument.get(`${d.documentLine}\n${finding.fingerprint}`))
        : undefined) ?? firstUntaken(byFingerprint.get(finding.fingerprint));
    if (match !== undefined) {
      match.taken = true;
      finding.change = 'unchanged';
    }
    out.push(finding);
  }
  for (const entry of old) if (!entry.taken) out.push(findingOf(file, entry.d, 'fixed'));
  return out;
}

export interface CompareOptions {
  /**
   * Keys of `run.options` that describe one invocation rather than its results (where it wrote its
   * reports, whether it used the cache): the option table's, passed in by the CLI. A difference in
   * any other key is noted.
   */
  optionsMayDiffer: ReadonlySet<string>;
}

function runNotes(oldRun: JsonRecord, newRun: JsonRecord, mayDiffer: ReadonlySet<string>): string[] {
  const notes: string[] = [];
  const tool = (r: JsonRecord) => (r.tool as { version?: unknown } | undefined)?.version;
  if (tool(oldRun) !== tool(newRun)) {
    notes.push(
      `tool version changed from ${String(tool(oldRun))} to ${String(tool(newRun))}: rule changes show as new or fixed`,
    );
  }
  const oldOptions = (oldRun.options ?? {}) as JsonRecord;
  const newOptions = (newRun.options ?? {}) as JsonRecord;
  const keys = new Set([...Object.keys(oldOptions), ...Object.keys(newOptions)]);
  const changed = [...keys].filter(
    (k) => !mayDiffer.has(k) && canonicalJson(oldOptions[k] ?? null) !== canonicalJson(newOptions[k] ?? null),
  );
  if (changed.length > 0) notes.push(`options differ between the runs: ${changed.sort().join(', ')}`);
  if (canonicalJson(oldRun.target ?? null) !== canonicalJson(newRun.target ?? null)) {
    notes.push(
      `target differs: ${JSON.stringify(oldRun.target ?? null)} then ${JSON.stringify(newRun.target ?? null)}`,
    );
  }
  return notes;
}

/**
 * Compare two reports. Each finding is passed to `onFinding` in file order (await it for
 * backpressure); the returned comparison record tallies them. Never throws for bad input.
 */
export async function compareRuns(
  oldSource: ReportSource,
  newSource: ReportSource,
  options: CompareOptions,
  onFinding: (finding: ComparedFinding) => void | Promise<void> = () => {},
): Promise<CompareResult> {
  const problems: string[] = [];
  const problem = (m: string) => problems.push(m);
  const readers: ReportReader[] = [];
  for (const source of [oldSource, newSource]) {
    try {
      readers.push(await openReport(source, problem));
    } catch (error) {
      problem(error instanceof ReportError ? error.message : `cannot read ${sourceName(source)}`);
    }
  }
  const [oldReader, newReader] = readers;
  if (!oldReader || !newReader) return { exitCode: 2, comparison: null, problems };
  // A reader without a run record has said why (openReport).
  if (problems.length > 0 || readers.some((r) => r.run === null))
    return { exitCode: 2, comparison: null, problems };

  const comparison: ComparisonRecord = {
    type: 'comparison',
    old: { source: oldReader.name, tool: oldReader.run!.tool, startedAt: oldReader.run!.startedAt },
    new: { source: newReader.name, tool: newReader.run!.tool, startedAt: newReader.run!.startedAt },
    counts: emptyChangeCounts(),
    byRule: {},
    files: { old: 0, new: 0, added: 0, removed: 0 },
    notes: runNotes(oldReader.run!, newReader.run!, options.optionsMayDiffer),
  };
  // Rule ids come from the reports: counted in a Map, where `constructor` is just another key.
  const byRule = new Map<string, ChangeCounts>();
  const nextOld = fileBatches(oldReader, problem);
  const nextNew = fileBatches(newReader, problem);
  let before = await nextOld();
  let after = await nextNew();
  let truncated = 0;
  while (before !== null || after !== null) {
    let file: string;
    let oldDiagnostics: FileFindings['diagnostics'] = [];
    let newDiagnostics: FileFindings['diagnostics'] = [];
    if (after === null || (before !== null && before.file < after.file)) {
      file = before!.file;
      oldDiagnostics = before!.diagnostics;
      if (before!.truncated) truncated++;
      comparison.files.old++;
      comparison.files.removed++;
      before = await nextOld();
    } else if (before === null || after.file < before.file) {
      file = after.file;
      newDiagnostics = after.diagnostics;
      if (after.truncated) truncated++;
      comparison.files.new++;
      comparison.files.added++;
      after = await nextNew();
    } else {
      file = after.file;
      oldDiagnostics = before.diagnostics;
      newDiagnostics = after.diagnostics;
      if (before.truncated || after.truncated) truncated++;
      comparison.files.old++;
      comparison.files.new++;
      before = await nextOld();
      after = await nextNew();
    }
    for (const finding of compareFile(file, oldDiagnostics, newDiagnostics)) {
      comparison.counts[finding.change]++;
      const counts = byRule.get(finding.ruleId) ?? emptyChangeCounts();
      byRule.set(finding.ruleId, counts);
      counts[finding.change]++;
      await onFinding(finding);
    }
  }
  if (truncated > 0) {
    comparison.notes.push(
      `${truncated} file${truncated > 1 ? 's' : ''} had diagnostics cut by --max-diagnostics-per-file; their hidden findings are not compared`,
    );
  }
  for (const [which, reader, shownAs] of [
    ['old', oldReader, 'new'],
    ['new', newReader, 'fixed'],
  ] as const) {
    // A file --bail did not check has no findings in that run, so its findings in the other look changed.
    const skipped = (reader.summary?.bail as { skipped?: unknown } | undefined)?.skipped;
    if (typeof skipped === 'number' && skipped > 0) {
      comparison.notes.push(
        `the ${which} run was cut short by --bail: ${skipped} file${skipped > 1 ? 's were' : ' was'} not checked there, and their findings show as ${shownAs}`,
      );
    }
  }
  for (const reader of readers) {
    if (reader.summary === null)
      problem(`${reader.name} has no summary record (the run did not finish, or its output was cut)`);
  }
  comparison.byRule = Object.fromEntries([...byRule].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const exitCode = problems.length > 0 ? 2 : comparison.counts.new > 0 ? 1 : 0;
  return { exitCode, comparison, problems };
}

/** One line per finding for people: `+ new  file:line:col severity ruleId message`. */
// The text is for a terminal, and what it quotes comes from reports that may have been written by
// anything: C0 and C1 controls (an ESC could rewrite the screen) are shown as `\uXXXX` escapes.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const shown = (text: string) =>
  text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
/** Counts grouped in thousands, as the other reports for people print them. */
const n = (value: number) => value.toLocaleString('en-US');

export function formatFindingText(f: ComparedFinding): string {
  const mark = f.change === 'new' ? '+' : f.change === 'fixed' ? '-' : ' ';
  const where =
    f.line !== undefined ? `${f.file}:${f.line}${f.column !== undefined ? `:${f.column}` : ''}` : f.file;
  return shown(
    `${mark} ${f.change.padEnd(9)} ${where} ${f.severity} ${f.ruleId} ${f.message}${f.pointer ? ` (${f.pointer})` : ''}`,
  );
}

export function formatComparisonText(c: ComparisonRecord): string {
  const lines = [
    `compare: ${n(c.counts.new)} new, ${n(c.counts.fixed)} fixed, ${n(c.counts.unchanged)} unchanged ` +
      `(${c.old.source} → ${c.new.source}; files: ${n(c.files.added)} added, ${n(c.files.removed)} removed)`,
  ];
  for (const note of c.notes) lines.push(`note: ${note}`);
  return lines.map(shown).join('\n');
}
