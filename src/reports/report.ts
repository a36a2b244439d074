// `mcpdesc-validate report RESULTS.ndjson…`: the reading half. The reports are combined exactly as
// `merge` combines them (combineReports: same refusals, same order, same verdict), and each document's
// records are turned back into the DocumentResult the reporters were given when the run wrote them,
// one document at a time, so a run of millions of findings is rendered in the memory of one document.
//
// What the records cannot give back: `index` is counted over the inputs that have records (an empty
// JSON Lines file has none, so the inputs after it are numbered one lower than in the run), and
// `durationMs` is the record's (rounded to the microsecond). Everything else round-trips; fields a
// later version adds to the records (endLine, say) are passed through as they are.
import type {
  DocumentResult,
  FileStatus,
  InputFormat,
  LocatedDiagnostic,
  PhaseTimings,
  RunRecord,
  Severity,
  SummaryRecord,
} from '../types.js';
import type { MergeResult } from './merge.js';
import { combineReports } from './merge.js';
import type { DocumentGroup, JsonRecord, ReportSource } from './ndjson.js';
import { sourceName } from './ndjson.js';
import type { FailOn } from './verdict.js';

/** The report schema this version reads (the `schemaVersion` of the run record). */
const SCHEMA_VERSION = 1;

export interface RenderSink {
  /** The inputs were accepted: the run to render. Called once, before any document. */
  start(run: RunRecord): Promise<void>;
  document(result: DocumentResult): Promise<void>;
  /** True once the consumer went away: nothing more is read. */
  readonly closed: boolean;
}

export interface ReadReportsResult {
  /** 0 clean, 1 findings at or above failOn, 2 refused, unreadable, incomplete or invalid input. */
  exitCode: number;
  /** True when nothing was passed to the sink (the inputs were refused). */
  refused: boolean;
  /** Each names the input, and the line where there is one. */
  problems: string[];
  /**
   * The summary of the run as its reports state it (recombined for shards), with the verdict under
   * `failOn`. Null when refused, and when a problem means it may not describe what was rendered (a
   * report cut short, a document in two shards, a damaged or invalid record): the caller then tallies
   * the documents it rendered.
   */
  summary: SummaryRecord | null;
  failOn: FailOn;
  /** The reports say the run was interrupted (also when `summary` is null). */
  aborted: boolean;
  /** One input, rendered as it is (its run record and shard kept). */
  single: boolean;
  /** Every output went away before the end (`| head`): the exit code covers what was rendered. */
  stopped?: boolean;
}

const SEVERITIES: ReadonlySet<string> = new Set(['error', 'warning', 'info']);
const STATUSES: ReadonlySet<string> = new Set(['valid', 'invalid', 'error', 'skipped']);
const FORMATS: ReadonlySet<string> = new Set(['json', 'yaml', 'jsonl', 'unknown']);

// Diagnostic fields the reporters know, in the order a worker builds them; `line`/`column` are null
// in the record when the position is unknown, and absent from the result.
const DIAGNOSTIC_FIELDS = ['ruleId', 'severity', 'message', 'pointer', 'path', 'specSection', 'docsUrl'];
const FILE_FIELDS = new Set([
  'type',
  'file',
  'line',
  'status',
  'format',
  'compression',
  'streamed',
  'bytes',
  'mcpdesc',
  'errors',
  'warnings',
  'infos',
  'tools',
  'durationMs',
  'truncated',
  'byRule',
  'error',
  'cached',
  'timings',
]);

class InvalidRecord extends Error {
  /** The line of the record at fault, once known. */
  line: number | undefined;
}

function need<T>(ok: boolean, value: unknown, what: string): T {
  if (!ok) throw new InvalidRecord(what);
  return value as T;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

function diagnosticOf(record: JsonRecord): LocatedDiagnostic {
  const d: Record<string, unknown> = {};
  for (const key of DIAGNOSTIC_FIELDS) {
    const value = record[key];
    if (key === 'path') need(Array.isArray(value), value, 'a diagnostic whose path is not an array');
    else if (key === 'severity')
      need(
        isString(value) && SEVERITIES.has(value),
        value,
        `a diagnostic with severity ${JSON.stringify(value)}`,
      );
    else need(isString(value), value, `a diagnostic without a string ${key}`);
    d[key] = value;
  }
  for (const key of ['line', 'column']) {
    const value = record[key];
    if (value === null || value === undefined) continue;
    d[key] = need(isCount(value), value, `a diagnostic whose ${key} is not a number`);
  }
  // Anything else the record carries (a later version's fields) goes through, null meaning absent as
  // for line and column; `suppressed` is written only when true.
  for (const [key, value] of Object.entries(record)) {
    if (key === 'type' || key === 'file' || key in d || key === 'line' || key === 'column') continue;
    if (value === null || value === undefined || (key === 'suppressed' && value !== true)) continue;
    d[key] = value;
  }
  return d as unknown as LocatedDiagnostic;
}

/**
 * The DocumentResult a document's records were written from. Throws InvalidRecord (with what is
 * wrong) for a record the reporters could not render.
 */
export function documentOf(group: DocumentGroup, index: number): DocumentResult {
  const diagnostics: LocatedDiagnostic[] = [];
  for (const { record, lineNo } of group.records) {
    if (record.type !== 'diagnostic') continue;
    try {
      diagnostics.push(diagnosticOf(record));
    } catch (error) {
      if (error instanceof InvalidRecord) error.line = lineNo;
      throw error;
    }
  }
  const f = group.fileRecord.record;
  const status = need<FileStatus>(
    isString(f.status) && STATUSES.has(f.status),
    f.status,
    'a file record without a valid status',
  );
  const format = need<InputFormat>(
    isString(f.format) && FORMATS.has(f.format),
    f.format,
    'a file record without a valid format',
  );
  const count = (key: string) =>
    need<number>(isCount(f[key]), f[key], `a file record whose ${key} is not a count`);
  const result: DocumentResult = {
    index,
    file: group.file,
    status,
    format,
    bytes: count('bytes'),
    mcpdesc: need<string | null>(
      f.mcpdesc === null || isString(f.mcpdesc),
      f.mcpdesc,
      'a file record whose mcpdesc is not a string or null',
    ),
    errors: count('errors'),
    warnings: count('warnings'),
    infos: count('infos'),
    tools: count('tools'),
    durationMs: typeof f.durationMs === 'number' ? f.durationMs : 0,
    truncated: f.truncated === true,
    byRule: byRuleOf(f, diagnostics),
    diagnostics,
  };
  if (group.line !== undefined) result.line = group.line;
  if (f.compression === 'gzip') result.compression = 'gzip';
  if (f.streamed === true) result.streamed = true;
  if (f.error !== undefined) {
    const e = f.error as { code?: unknown; message?: unknown } | null;
    need(
      e !== null && isString(e.code) && isString(e.message),
      e,
      'a file record whose error has no code and message',
    );
    result.error = { code: e!.code as string, message: e!.message as string };
  }
  if (f.cached === true) result.cached = true;
  // --stats: passed on as the run wrote them (the reporters only copy them).
  const timings = f.timings;
  if (timings !== null && typeof timings === 'object' && !Array.isArray(timings))
    result.timings = timings as PhaseTimings;
  for (const [key, value] of Object.entries(f)) {
    if (!FILE_FIELDS.has(key) && value !== undefined) (result as unknown as JsonRecord)[key] = value;
  }
  return result;
}

/**
 * A document's findings by rule: the record's own `byRule` where the run wrote one (it does when the
 * listed diagnostics do not account for every finding: --max-diagnostics-per-file, --quiet), else
 * counted from the diagnostics, which then are all of them.
 */
function byRuleOf(f: JsonRecord, diagnostics: readonly LocatedDiagnostic[]): Record<string, number> {
  const given = f.byRule;
  // Rule ids are the report's: counted in a Map and defined as own keys (`constructor`, `__proto__`).
  if (given !== null && typeof given === 'object' && !Array.isArray(given)) {
    return Object.fromEntries(
      Object.entries(given).map(([rule, n]) => [
        rule,
        need<number>(isCount(n), n, 'a file record whose byRule holds a non-count'),
      ]),
    );
  }
  const byRule = new Map<string, number>();
  for (const d of diagnostics) byRule.set(d.ruleId, (byRule.get(d.ruleId) ?? 0) + 1);
  return Object.fromEntries(byRule);
}

/** Check that a run record can be rendered; the reason when it cannot. */
function runProblem(run: JsonRecord): string | null {
  if (run.schemaVersion !== SCHEMA_VERSION) {
    return `report schema version ${JSON.stringify(run.schemaVersion)} is not one this version reads (${SCHEMA_VERSION})`;
  }
  const tool = run.tool as { name?: unknown; version?: unknown } | undefined;
  if (!tool || !isString(tool.name) || !isString(tool.version)) return 'its run record names no tool';
  if (run.options === null || typeof run.options !== 'object' || Array.isArray(run.options)) {
    return 'its run record has no options';
  }
  return null;
}

function isSeverityCounts(v: unknown): v is Record<Severity, number> {
  const c = v as Record<string, unknown> | null;
  return c !== null && typeof c === 'object' && isCount(c.error) && isCount(c.warning) && isCount(c.info);
}

/** A summary the reporters can rely on (every tally they read is there), else null. */
function summaryOf(record: JsonRecord | null): SummaryRecord | null {
  if (record === null) return null;
  const files = record.files as Record<string, unknown> | undefined;
  const ok =
    isSeverityCounts(record.counts) &&
    files !== null &&
    typeof files === 'object' &&
    ['total', 'valid', 'invalid', 'error', 'skipped'].every((k) => isCount(files[k])) &&
    isCount(record.documents);
  return ok ? (record as unknown as SummaryRecord) : null;
}

/**
 * Read `inputs` (one run, or the shards of one run) and pass the run and its documents to `sink`.
 * `failOn` re-judges the findings (default: the run's own --fail-on).
 */
export async function readReports(
  inputs: readonly ReportSource[],
  sink: RenderSink,
  options: { failOn?: FailOn; optionsMayDiffer: ReadonlySet<string> },
): Promise<ReadReportsResult> {
  const invalid: string[] = [];
  let failOn: FailOn = options.failOn ?? 'error';
  let started = false;
  // A run record that cannot be rendered: stop reading at once (the inputs may be gigabytes).
  let rejected = false;
  const result: MergeResult = await combineReports(
    inputs,
    {
      async start(run) {
        const reason = runProblem(run);
        if (reason !== null) {
          invalid.push(`${sourceName(inputs[0]!)}: ${reason}`);
          rejected = true;
          return;
        }
        const runOptions = run.options as Record<string, unknown>;
        if (options.failOn === undefined) {
          if (
            runOptions.failOn === 'warning' ||
            runOptions.failOn === 'info' ||
            runOptions.failOn === 'never'
          )
            failOn = runOptions.failOn;
        }
        // Reporters read the run's --fail-on (JUnit fails a test case by it): they must judge as the
        // exit code does.
        const rendered = { ...run, options: { ...runOptions, failOn } } as unknown as RunRecord;
        started = true;
        await sink.start(rendered);
      },
      async document(group, ordinal, source) {
        if (!started) return;
        let document: DocumentResult;
        try {
          document = documentOf(group, ordinal);
        } catch (error) {
          if (!(error instanceof InvalidRecord)) throw error;
          const line = error.line ?? group.fileRecord.lineNo;
          invalid.push(`${source}:${line}: ${group.file}: ${error.message}; the document is left out`);
          return;
        }
        await sink.document(document);
      },
      async trailer() {
        // Records of a type this version does not know: no reporter has a place for them.
      },
      get closed() {
        return rejected || sink.closed;
      },
    },
    {
      single: true,
      optionsMayDiffer: options.optionsMayDiffer,
      ...(options.failOn ? { failOn: options.failOn } : {}),
    },
  );
  const single = inputs.length === 1;
  if (result.refused) {
    return {
      exitCode: 2,
      refused: true,
      problems: result.problems,
      summary: null,
      failOn,
      aborted: false,
      single,
    };
  }
  if (!started) {
    // The run record itself could not be rendered: nothing was written, as for a refusal. Reading
    // stopped there, so what combineReports says about the rest (no summary read) is beside the point.
    return { exitCode: 2, refused: true, problems: invalid, summary: null, failOn, aborted: false, single };
  }
  if (result.stopped) {
    // Nobody is reading any more: nothing to render a summary for, and nothing wrong with the inputs.
    return {
      ...result,
      refused: false,
      problems: [...result.problems, ...invalid],
      summary: null,
      failOn,
      aborted: false,
      single,
    };
  }
  const problems = [...result.problems, ...invalid];
  const summary = problems.length > 0 ? null : summaryOf(result.summary);
  return {
    exitCode: problems.length > 0 || summary === null ? 2 : result.exitCode,
    refused: false,
    problems:
      summary === null && problems.length === 0
        ? ['the summary record is incomplete (no counts or files)']
        : problems,
    summary,
    failOn,
    aborted: result.summary?.aborted === true,
    single,
  };
}
