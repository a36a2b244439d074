// The data the HTML report embeds, as the page's script reads it: written by html.ts, read by
// html-client/client.ts (compiled for the browser on its own). Types only, so both builds share them.
// Keys are one letter and findings tuples: the real corpus's 50,000 findings are most of the page.

/** Status codes of DocRow.s, in this order. */
export type StatusName = 'valid' | 'invalid' | 'error' | 'skipped';

/**
 * One listed finding: rule (index into PageMeta.rules), severity (0 error, 1 warning, 2 info), position,
 * pointer and message (index into PageMeta.messages: the same message is often found thousands of times).
 * The last two members are left out when 0 and null.
 */
export type FindingRow = [
  rule: number,
  severity: 0 | 1 | 2,
  line: number | null,
  column: number | null,
  pointer: string,
  message: number,
  /** 1: recorded in the --baseline (reported, does not fail the run). */
  inBaseline?: 0 | 1,
  /** The code frame under it (--code-frame). */
  frame?: string,
];

/** One document of the table. */
export interface DocRow {
  /** Folder: index into PageMeta.folders, or the folder itself past the table's cap. */
  f: number | string;
  /** File name inside the folder. */
  n: string;
  /** JSON Lines: the document's line in its file. */
  l?: number;
  /** Status: index into the status list (valid, invalid, error, skipped). */
  s: number;
  e: number;
  w: number;
  i: number;
  /** The declared `mcpdesc`: index into PageMeta.versions. */
  v: number;
  /** Findings by rule, flat: rule index, count, rule index, count… (exact). */
  r: number[];
  /** The findings listed on the page, in line order. */
  d: FindingRow[];
  /** Findings of the document not listed (the run's per-file limit, --quiet or the page's cap). */
  u: number;
  /** Why it could not be checked (status error or skipped). */
  x?: string;
}

export interface PageCaps {
  /** Rows of documents with findings (or that could not be checked) listed at most. */
  rows: number;
  /** Rows of valid documents listed at most. */
  validRows: number;
  findings: number;
  frameChars: number;
  /** What the page holds, against the run's totals. */
  listedRows: number;
  documents: number;
  listedFindings: number;
  findingsTotal: number;
  /** Findings the run listed that the page leaves out (past the row or findings cap). */
  findingsLeftOut: number;
  /** Findings whose frame was left out because the frames' budget was spent. */
  framesLeftOut: number;
}

/** Written after the rows: everything the rows refer to, and the run. */
export interface PageMeta {
  /** The run record and the summary, as the other formats carry them (timestamps and timings only here). */
  run: Record<string, unknown>;
  summary: Record<string, unknown>;
  /** Rule ids; `docs` for catalogue rules (each links to its page). */
  rules: Array<{ id: string; docs?: string }>;
  /** The folders rows name by index. */
  folders: string[];
  /** The messages findings name by index. */
  messages: string[];
  /** Declared versions rows name by index; null: none declared. */
  versions: Array<string | null>;
  caps: PageCaps;
}
