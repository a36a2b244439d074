// What the HTML report knows about a run while it streams: one row per document (written at once,
// never kept), and tallies whose size depends on the rules, folders and versions seen, never on the
// number of findings. Each tally is capped too (a stored report may name any rule; a registry may put
// every document in a folder of its own): past a cap, things are counted under "other".
import type { DocumentResult, LocatedDiagnostic, Severity } from '../types.js';
import type { DocRow, FindingRow, PageCaps, StatusName } from './html-data.js';
import { inputError } from './output.js';

export const STATUSES: readonly StatusName[] = ['valid', 'invalid', 'error', 'skipped'];
const SEVERITY_INDEX: Readonly<Record<Severity, 0 | 1 | 2>> = { error: 0, warning: 1, info: 2 };

export interface PageLimits {
  /** Rows of documents that need attention (findings, or not checked). */
  rows: number;
  /** Rows of valid documents: listed too, so a reader can find a server, but they must not crowd out the rest. */
  validRows: number;
  /** Findings listed (line, pointer, message); counts stay exact past it. */
  findings: number;
  /** Characters of code frames embedded in all. */
  frameChars: number;
}

// The real corpus (3,015 documents, 50,240 findings) fits whole, frames aside, in ~6 MB; a page at
// every cap is ~20 MB.
export const DEFAULT_LIMITS: PageLimits = {
  rows: 100_000,
  validRows: 20_000,
  findings: 60_000,
  frameChars: 1_200_000,
};

/** Distinct rules, folders and versions tallied one by one; the rest go under "other". */
const MAX_RULES = 500;
const MAX_FOLDERS = 10_000;
const MAX_VERSIONS = 50;
/** A message or pointer longer than this is cut (quoted document content is short already). */
const MAX_TEXT = 1_000;

export const OTHER = '(other)';

export interface RuleTally {
  id: string;
  error: number;
  warning: number;
  info: number;
  /** Findings the run counted but did not list (--max-diagnostics-per-file, --quiet): severity not recorded. */
  unlisted: number;
}

export interface FolderTally {
  folder: string;
  total: number;
  byRule: Map<number, number>;
}

export interface PageModel {
  /**
   * The findings of `result` the page lists (a copy, in line order), or null when the document gets no
   * row (past the row caps). Counts it in every tally.
   */
  admit(result: DocumentResult): LocatedDiagnostic[] | null;
  /** Characters of code frame still allowed. */
  readonly frameRoom: number;
  /** The row of an admitted document, with the frames read for its listed findings. */
  row(result: DocumentResult, listed: LocatedDiagnostic[], frames?: Map<LocatedDiagnostic, string>): DocRow;
  readonly rules: readonly RuleTally[];
  readonly folders: ReadonlyMap<string, FolderTally>;
  /** Documents by declared `mcpdesc` (null: none declared), in the order first seen. */
  readonly versions: ReadonlyMap<string | null, number>;
  /** The folder of each row (DocRow.f indexes it). */
  readonly rowFolders: readonly string[];
  /** The messages of the listed findings (FindingRow[5] indexes it). */
  readonly messages: readonly string[];
  caps(documents: number, findingsTotal: number): PageCaps;
}

export function folderOf(file: string): string {
  const slash = file.lastIndexOf('/');
  return slash < 0 ? '.' : file.slice(0, slash) || '/';
}

function cut(text: string): string {
  return text.length <= MAX_TEXT ? text : `${text.slice(0, MAX_TEXT)}…`;
}

/** The findings worth listing first when not all fit: errors, then warnings, then infos. */
function bySeverity(a: LocatedDiagnostic, b: LocatedDiagnostic): number {
  return SEVERITY_INDEX[a.severity] - SEVERITY_INDEX[b.severity];
}

function byPosition(a: LocatedDiagnostic, b: LocatedDiagnostic): number {
  return (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0);
}

/** `seed`: rule ids given indexes first (the catalogue), so their order does not depend on the run. */
export function createPageModel(limits: PageLimits, seed: readonly string[]): PageModel {
  const { rules, index: ruleIndex } = ruleTable(seed);

  const folders = new Map<string, FolderTally>();
  const rowFolders: string[] = [];
  const rowFolderIndexes = new Map<string, number>();
  const versions = new Map<string | null, number>();
  const versionIndexes = new Map<string | null, number>();
  // Bounded by the findings listed, which the page holds anyway.
  const { values: messages, index: messageIndex } = interner<string>();
  let rows = 0;
  let validRows = 0;
  let listedFindings = 0;
  let frameChars = 0;
  let framesLeftOut = 0;
  let findingsLeftOut = 0;

  const tallyVersion = (declared: string | null) => {
    const version = versions.has(declared) || versions.size < MAX_VERSIONS ? declared : OTHER;
    if (!versionIndexes.has(version)) versionIndexes.set(version, versionIndexes.size);
    versions.set(version, (versions.get(version) ?? 0) + 1);
  };

  return {
    admit(result) {
      const listedByRule = new Map<number, number>();
      for (const d of result.diagnostics) {
        const index = ruleIndex(d.ruleId);
        rules[index]![d.severity]++;
        listedByRule.set(index, (listedByRule.get(index) ?? 0) + 1);
      }
      for (const [rule, n] of Object.entries(result.byRule)) {
        const index = ruleIndex(rule);
        const unlisted = n - (listedByRule.get(index) ?? 0);
        if (unlisted > 0) rules[index]!.unlisted += unlisted;
      }
      tallyFolder(folders, folderOf(result.file), result, ruleIndex);
      tallyVersion(result.mcpdesc);

      const attention = result.status !== 'valid' || result.diagnostics.length > 0;
      if (attention ? rows >= limits.rows : validRows >= limits.validRows) {
        findingsLeftOut += result.diagnostics.length;
        return null;
      }
      if (attention) rows++;
      else validRows++;
      const room = Math.max(0, limits.findings - listedFindings);
      const listed =
        result.diagnostics.length <= room
          ? [...result.diagnostics]
          : [...result.diagnostics].sort(bySeverity).slice(0, room);
      listedFindings += listed.length;
      findingsLeftOut += result.diagnostics.length - listed.length;
      return listed.sort(byPosition);
    },

    get frameRoom() {
      return limits.frameChars - frameChars;
    },

    row(result, listed, frames) {
      const findings: FindingRow[] = listed.map((d) => {
        let frame = frames?.get(d);
        if (frame !== undefined && frameChars + frame.length > limits.frameChars) {
          frame = undefined;
          framesLeftOut++;
        }
        const finding: FindingRow = [
          ruleIndex(d.ruleId),
          SEVERITY_INDEX[d.severity],
          d.line ?? null,
          d.line === undefined ? null : (d.column ?? null),
          cut(d.pointer),
          messageIndex(cut(d.message)),
        ];
        if (d.suppressed || frame !== undefined) finding.push(d.suppressed ? 1 : 0);
        if (frame !== undefined) {
          frameChars += frame.length;
          finding.push(frame);
        }
        return finding;
      });
      const folder = folderOf(result.file);
      let f: number | string | undefined = rowFolderIndexes.get(folder);
      if (f === undefined) {
        if (rowFolders.length < MAX_FOLDERS) {
          f = rowFolders.length;
          rowFolders.push(folder);
          rowFolderIndexes.set(folder, f);
        } else f = folder;
      }
      const r: number[] = [];
      for (const rule of Object.keys(result.byRule).sort()) r.push(ruleIndex(rule), result.byRule[rule]!);
      const row: DocRow = {
        f,
        n: folder === '.' ? result.file : result.file.slice(folder === '/' ? 1 : folder.length + 1),
        s: STATUSES.indexOf(result.status),
        e: result.errors,
        w: result.warnings,
        i: result.infos,
        v: versionIndexOf(result.mcpdesc),
        r,
        d: findings,
        u: result.errors + result.warnings + result.infos - findings.length,
      };
      if (result.line !== undefined) row.l = result.line;
      if (result.error) row.x = cut(inputError(result.error));
      return row;
    },

    rules,
    folders,
    versions,
    rowFolders,
    messages,
    caps(documents, findingsTotal) {
      return {
        ...limits,
        listedRows: rows + validRows,
        documents,
        listedFindings,
        findingsTotal,
        findingsLeftOut,
        framesLeftOut,
      };
    },
  };

  /** The index of the version in the page's table (null, "none declared", also has one). */
  function versionIndexOf(version: string | null): number {
    return versionIndexes.get(version) ?? versionIndexes.get(OTHER) ?? -1;
  }
}

/** The rules of the page, in the order first seen; past the cap, all share the last place. */
function ruleTable(seed: readonly string[]): { rules: RuleTally[]; index(id: string): number } {
  const rules: RuleTally[] = [];
  const indexes = new Map<string, number>();
  const index = (id: string): number => {
    const known = indexes.get(id);
    if (known !== undefined) return known;
    // The last place is kept for all the rules past the cap.
    const key = rules.length < MAX_RULES - 1 ? id : OTHER;
    let at = indexes.get(key);
    if (at === undefined) {
      at = rules.length;
      rules.push({ id: key, error: 0, warning: 0, info: 0, unlisted: 0 });
      indexes.set(key, at);
    }
    return at;
  };
  for (const id of seed) index(id);
  return { rules, index };
}

/** Values kept once each, by index. Bounded by the findings listed, which the page holds anyway. */
function interner<T>(): { values: T[]; index(value: T): number } {
  const values: T[] = [];
  const indexes = new Map<T, number>();
  return {
    values,
    index(value) {
      let at = indexes.get(value);
      if (at === undefined) {
        at = values.length;
        values.push(value);
        indexes.set(value, at);
      }
      return at;
    },
  };
}

function tallyFolder(
  folders: Map<string, FolderTally>,
  folder: string,
  result: DocumentResult,
  ruleIndex: (id: string) => number,
): void {
  const total = result.errors + result.warnings + result.infos;
  const key = folders.has(folder) || folders.size < MAX_FOLDERS - 1 ? folder : OTHER;
  let tally = folders.get(key);
  if (!tally) {
    tally = { folder: key, total: 0, byRule: new Map() };
    folders.set(key, tally);
  }
  tally.total += total;
  for (const [rule, n] of Object.entries(result.byRule)) {
    const index = ruleIndex(rule);
    tally.byRule.set(index, (tally.byRule.get(index) ?? 0) + n);
  }
}
