// The shared vocabulary of the pipeline. Everything here is plain data: it crosses the worker
// boundary by structured clone, so no classes, no functions, no Error objects.

export type Severity = 'error' | 'warning' | 'info';
/** A rule's configured level: a severity, or switched off. */
export type Level = Severity | 'off';

/** The `mcpdesc` versions whose documents we validate (the structure a document is checked against). */
export const SPEC_VERSIONS = ['0.4.0', '0.5.0', '0.5.1', '0.5.2', '0.6.0', '0.7.0', '0.8.0'] as const;
export type SpecVersion = (typeof SPEC_VERSIONS)[number];

/**
 * The draft version a document may declare: checked as 0.8.0, its nearest release, plus the draft's
 * Tool rule (`mcpdesc.tool.members` as the 0.9.0-rc.3 rule states it).
 */
export const DRAFT_VERSION = '0.9.0-rc.3';

/** What `--target` may name: a document version, or the draft (the forward check of its Tool rule). */
export const TARGETS = [...SPEC_VERSIONS, DRAFT_VERSION] as const;
export type Target = (typeof TARGETS)[number];

/** The level table a rule declares: one entry per spec version and per forward target. */
export type LevelTable = Readonly<Record<Target, Level>>;

export type PathSegment = string | number;

/** One finding, as a rule produces it (positions are added later, only for files that have findings). */
export interface Diagnostic {
  ruleId: string;
  severity: Severity;
  message: string;
  /** RFC 6901 JSON pointer into the document ('' is the root). */
  pointer: string;
  path: PathSegment[];
  specSection: string;
  docsUrl: string;
}

/**
 * A diagnostic placed in its file: 1-based line and column (absent when the position is unknown), and
 * where its span ends: `endLine`/`endColumn` name the position just after the span's last character
 * (end-exclusive, as SARIF's region.endColumn; present exactly when `line` is). docs/cli.md "Spans".
 */
export interface LocatedDiagnostic extends Diagnostic {
  line?: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
  /** `--baseline`: the finding is recorded in the baseline (reported, but does not fail the run). */
  suppressed?: boolean;
}

export type FileStatus = 'valid' | 'invalid' | 'error' | 'skipped';
export type InputFormat = 'json' | 'yaml' | 'jsonl' | 'unknown';

/**
 * The result of one document: one per input file, or one per non-empty line of a JSON Lines file.
 * `diagnostics` holds at most `maxDiagnosticsPerFile` entries; `counts` and `byRule` stay exact.
 */
export interface DocumentResult {
  /** Position of the input in the sorted input list; records are emitted in this order. */
  index: number;
  file: string;
  /** 1-based line of the document inside a JSON Lines file. */
  line?: number;
  status: FileStatus;
  format: InputFormat;
  /** 'gzip' when the input was decompressed. */
  compression?: 'gzip';
  /** Whether the element splitter streamed the document rather than parsing it whole. */
  streamed?: boolean;
  bytes: number;
  /** The declared `mcpdesc` value when it is a string, else null. */
  mcpdesc: string | null;
  errors: number;
  warnings: number;
  infos: number;
  tools: number;
  durationMs: number;
  truncated: boolean;
  byRule: Record<string, number>;
  diagnostics: LocatedDiagnostic[];
  /** Why the file could not be checked (status 'error' or 'skipped'). */
  error?: { code: string; message: string };
  /** `--cache`: replayed from the result cache (the content was checked before under the same key). */
  cached?: boolean;
  /** `--stats` only: where this run's check of the document spent its time (absent on replayed results). */
  timings?: PhaseTimings;
  /**
   * The document's NDJSON records, written by the worker that checked it (CheckOptions.ndjsonRecords
   * only). Its `diagnostics` are then left out (empty): they are in the records, and the main thread
   * of such a run reads nothing else of them.
   */
  ndjson?: string;
}

/**
 * `--stats`: a document's time by phase, in ms (docs/cli.md "--stats"): getting its bytes, decoding and
 * parsing them, running the rules, and placing findings / building the record.
 */
export interface PhaseTimings {
  readMs: number;
  parseMs: number;
  validateMs: number;
  locateMs: number;
}

/** `--stats`: time spent in each rule's code (its visitor hooks, `create` and `project`), by rule id. */
export type RuleTimings = Record<string, { ms: number; calls: number }>;

/** What a worker is asked to do: paths, never contents. */
export interface FileJob {
  index: number;
  /** Absolute or cwd-relative path to read; '-' is never sent to a worker. */
  path: string;
  /** The name reported in records (as the user gave it, relative to cwd). */
  file: string;
  size: number;
  /**
   * Not a regular file, so its size (0) says nothing and it can be read only once, as it comes: a named
   * pipe (mkfifo, `<(zcat dump.gz)`) or a device (`/dev/stdin`, `/dev/zero`). See worker/check-file.ts.
   */
  special?: 'fifo' | 'device';
}

/** The options a worker needs; plain data so it can be sent once per task. */
export interface CheckOptions {
  /** Version to check against when it differs from the document's (the forward Tool check). */
  target: Target | null;
  /** Per-rule level overrides from `--rule id=level`. */
  ruleLevels: Record<string, Level>;
  maxDiagnosticsPerFile: number;
  /** Files above this many bytes are streamed through the element splitter. */
  streamThreshold: number;
  /** Files above this many bytes are skipped with a diagnostic naming the limit. */
  maxFileSize: number;
  /**
   * `--cache`: the run key (tool version + result-affecting options + target). Set, the worker hashes
   * the bytes it reads and returns the entry key in FileOutcome.cacheKey. (Unchanged files never reach
   * the worker: the CLI replays them itself.)
   */
  cacheRunKey?: string;
  /**
   * Streamed files: a root member value or collection element above this many bytes is reported and
   * skipped, never buffered (`--max-element-size`; default 32 MiB, see src/parsing/splitter.ts).
   */
  maxElementBytes?: number;
  /** `--stats`: time each document's phases, and validate with self-timing rules (worker/stats.ts). */
  stats?: boolean;
  /**
   * `--stats`: the table a task's rules are timed into, its own (worker/stats.ts `withRuleTable`, at
   * the task's start); what the task returns carries its contents.
   */
  ruleTimings?: RuleTimings;
  /**
   * The run's only output is NDJSON on stdout and nothing on the main thread reads a diagnostic (no
   * baseline, --quiet, cache, --stats...; cli/run.ts decides): a batch's documents come back with their
   * records written (`DocumentResult.ndjson`) and without their diagnostics, so the main thread only
   * orders and writes text, and the diagnostics never cross the thread boundary by structured clone.
   * Batches only (the worker's default export): other tasks' documents are adjusted on the main thread.
   */
  ndjsonRecords?: boolean;
}

/** All records one input produced (several for JSON Lines). */
export interface FileOutcome {
  index: number;
  documents: DocumentResult[];
  /**
   * More outcomes of the same input follow (a large JSON Lines file reported range by range, so that
   * its records need not all be held at once); the input's last outcome has none.
   */
  partial?: boolean;
  /** `--cache`: the entry key of the bytes checked, for the main thread to record. */
  cacheKey?: string;
  /**
   * `--stats`: rule time the thread spent since it last reported some (any document's: the run only
   * sums them). Travels with whichever outcome the thread returns next.
   */
  ruleTimings?: RuleTimings;
}

/** The first NDJSON record of a run. */
export interface RunRecord {
  type: 'run';
  schemaVersion: 1;
  tool: { name: string; version: string };
  startedAt: string;
  cwd: string;
  argv: string[];
  node: string;
  platform: string;
  /** Resolved options that change results (target, rule levels, fail-on, limits). */
  options: Record<string, unknown>;
  /** Spec versions this build checks. */
  specVersions: string[];
  target: string | null;
  concurrency: number;
  shard: { index: number; count: number } | null;
  filesPlanned: number;
  /**
   * The whole input list, before --shard: how many files and a sha256 of their names (in order, each
   * ended by NUL). Shards of one run have the same; `merge` refuses shards whose lists differ.
   */
  inputs?: { files: number; sha256: string };
}

/** The last NDJSON record of a run, always written (also after SIGINT or a crashed worker). */
export interface SummaryRecord {
  type: 'summary';
  exitCode: number;
  aborted: boolean;
  failOn: 'error' | 'warning' | 'info' | 'never';
  files: { total: number; valid: number; invalid: number; error: number; skipped: number };
  /** Documents (equals files.total unless JSON Lines inputs hold several documents). */
  documents: number;
  counts: { error: number; warning: number; info: number };
  byRule: Record<string, number>;
  bytes: number;
  tools: number;
  wallMs: number;
  throughput: { filesPerSec: number; mbPerSec: number; toolsPerSec: number };
  peakRssBytes: number;
  shard: { index: number; count: number } | null;
  /** With --baseline only: the findings it covered, by severity (included in `counts`, not failing). */
  suppressed?: { error: number; warning: number; info: number };
  /** With --strict-baseline only: baseline entries whose findings are gone (each fails the run). */
  staleBaseline?: number;
  /** With --max-warnings only: the warnings that count (not suppressed), and whether they exceed it. */
  maxWarnings?: { limit: number; warnings: number; exceeded: boolean };
  /** With --bail only: whether it stopped the run, and how many inputs it left unchecked. */
  bail?: { limit: number; stopped: boolean; skipped: number };
  /** With --exit-zero only: the run's exit code 1 was turned into 0 (`exitCode` is what the process returned). */
  exitZero?: { masked: boolean };
  /** With --stats only: the file records' phases summed, and each rule's time summed over the run. */
  stats?: { phases: PhaseTimings; rules: RuleTimings };
  /**
   * Only when a report output failed during the run (the others got the whole run; exit 2): each one's
   * format, its file (null: stdout) and why.
   */
  failedOutputs?: Array<{ format: string; path: string | null; message: string }>;
  /** Why the run did not pass, in order of weight (empty when it passed). Reports written before it have none. */
  reasons?: VerdictReason[];
}

/**
 * One reason a run did not pass (its exit code is not 0, or would not be without --exit-zero). The
 * summary lists them in this order of weight: an interrupt (130), what the tool could not do (2),
 * then what the inputs hold (1).
 */
export type VerdictReason =
  | { kind: 'interrupted' }
  | { kind: 'nothing-matched' }
  | { kind: 'unreadable'; inputs: number }
  | { kind: 'failed-output'; outputs: number }
  /** The findings at or above `failOn` that no baseline covers, by severity (those below it: 0). */
  | { kind: 'findings'; failOn: Severity; counts: Record<Severity, number> }
  | { kind: 'max-warnings'; limit: number; warnings: number }
  | { kind: 'stale-baseline'; entries: number }
  | { kind: 'bail'; limit: number; skipped: number };

/** `error.code` of the `skipped` record of an input that `--bail` left unchecked. */
export const BAIL_SKIP_CODE = 'EBAIL';

/**
 * A report format. Reporters stream: they get the run start, every document result in output order,
 * and the summary, and write as they go (no whole-run array in memory).
 */
export interface Reporter {
  onStart(run: RunRecord): void | Promise<void>;
  onDocument(result: DocumentResult): void | Promise<void>;
  onEnd(summary: SummaryRecord): void | Promise<void>;
}
