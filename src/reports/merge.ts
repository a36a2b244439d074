// `mcpdesc-validate merge A.ndjson B.ndjson …`: the shard outputs of one run combined into the stream
// a single machine would have written.
//
// Each shard's report is already in document order (see compareDocumentKeys), so a k-way merge over
// the open streams keeps one document per shard in memory, whatever the size of the run. The merged
// summary is recomputed from the shards: additive tallies (files by status, documents, counts, byRule,
// bytes, tools, and any counter a later version adds) are summed, which equals a single run's tallies
// because the shards partition the input; the exit code is recomputed from the records under the
// run's `failOn`, minus baseline-suppressed findings. Timing fields (wallMs: the slowest shard,
// throughput, peakRssBytes: the largest) are not comparable to a single run and are not meant to be.

import { canonicalJson } from '../canonical-json.js';
import {
  combineSummaries,
  mergedReasons,
  orderSummary,
  runVerdict,
  staleBaselineFailure,
} from './merge-summary.js';
import type { DocumentGroup, JsonRecord, ReportReader, ReportSource, SourcedRecord } from './ndjson.js';
import { openReport, ReportError, sourceName } from './ndjson.js';
import type { StreamOut } from './output.js';
import { streamOut } from './output.js';
import { compareDocumentKeys } from './shard.js';
import type { FailOn, SeverityCounts } from './verdict.js';
import { emptyCounts, failingCount, isFailOn } from './verdict.js';

export interface MergeResult {
  /** 0 clean, 1 findings at or above failOn, 2 refused or incomplete (see `problems`). */
  exitCode: number;
  /** True when the inputs cannot be merged at all and nothing was written. */
  refused: boolean;
  /** Everything that makes the merge incomplete or refused, each naming the input. */
  problems: string[];
  /** The merged summary record as written (null when refused). */
  summary: JsonRecord | null;
  /**
   * The consumer went away before the end (`| head`): the inputs were not read to their summaries,
   * which is not their fault, so it is not reported; the verdict covers the documents passed on.
   */
  stopped?: boolean;
}

interface ShardId {
  index: number;
  count: number;
}

function shardOfRun(run: JsonRecord): ShardId | null {
  const shard = run.shard as { index?: unknown; count?: unknown } | null | undefined;
  if (shard === null || shard === undefined) return null;
  if (typeof shard.index === 'number' && typeof shard.count === 'number') {
    return { index: shard.index, count: shard.count };
  }
  return null;
}

/**
 * The options shards must share, by name (the record's own names: a Map has no `constructor`): all
 * but `mayDiffer`, so a key this version does not know must be equal too.
 */
function resultOptions(run: JsonRecord, mayDiffer: ReadonlySet<string>): Map<string, unknown> {
  const options = (run.options ?? {}) as Record<string, unknown>;
  return new Map(Object.entries(options).filter(([key]) => !mayDiffer.has(key)));
}

function toolOf(run: JsonRecord): string {
  const tool = run.tool as { name?: unknown; version?: unknown } | undefined;
  return `${String(tool?.name)}@${String(tool?.version)}`;
}

/**
 * Check that the inputs are shards of one run: same tool and version, same report schema, same
 * result-affecting options and target, one shard count, no shard twice. Returns refusal reasons;
 * missing shards are returned separately because what was given can still be merged.
 */
export function checkRuns(
  runs: ReadonlyArray<{ name: string; run: JsonRecord }>,
  mayDiffer: ReadonlySet<string>,
): {
  refusals: string[];
  missing: number[];
} {
  const refusals: string[] = [];
  const first = runs[0];
  if (!first) return { refusals: ['no inputs to merge'], missing: [] };
  const describe = (pick: (run: JsonRecord) => string) =>
    runs.map(({ name, run }) => `${name}: ${pick(run)}`).join(', ');
  const differs = (pick: (run: JsonRecord) => string) =>
    runs.some(({ run }) => pick(run) !== pick(first.run));

  if (differs(toolOf)) refusals.push(`inputs come from different tool versions (${describe(toolOf)})`);
  const schema = (run: JsonRecord) => String(run.schemaVersion);
  if (differs(schema)) refusals.push(`inputs use different report schema versions (${describe(schema)})`);
  const target = (run: JsonRecord) => JSON.stringify(run.target ?? null);
  if (differs(target)) refusals.push(`inputs were checked against different targets (${describe(target)})`);
  const specs = (run: JsonRecord) => canonicalJson(run.specVersions ?? null);
  if (differs(specs)) refusals.push(`inputs check different spec versions (${describe(specs)})`);

  // Shards of one run split one input list; a report of an older version has none to compare.
  const list = (run: JsonRecord) => {
    const inputs = run.inputs as { files?: unknown; sha256?: unknown } | undefined;
    return inputs === undefined
      ? 'not recorded'
      : `${String(inputs.files)} files, sha256 ${String(inputs.sha256).slice(0, 12)}`;
  };
  if (differs(list)) refusals.push(`inputs are shards of different input lists (${describe(list)})`);

  const keys = new Set<string>();
  for (const { run } of runs) for (const key of resultOptions(run, mayDiffer).keys()) keys.add(key);
  for (const key of [...keys].sort()) {
    const pick = (run: JsonRecord) => canonicalJson(resultOptions(run, mayDiffer).get(key) ?? null);
    if (differs(pick)) refusals.push(`inputs ran with different options: ${key} differs (${describe(pick)})`);
  }

  const shards = runs.map(({ name, run }) => ({ name, shard: shardOfRun(run) }));
  const sharded = shards.filter((s) => s.shard !== null);
  const missing: number[] = [];
  if (sharded.length > 0 && sharded.length < shards.length) {
    const plain = shards.filter((s) => s.shard === null).map((s) => s.name);
    refusals.push(`cannot merge whole runs with shards (${plain.join(', ')} ran without --shard)`);
  } else if (sharded.length > 0) {
    const counts = new Set(sharded.map((s) => s.shard!.count));
    if (counts.size > 1) {
      refusals.push(
        `inputs split the run into different shard counts (${sharded.map((s) => `${s.name}: ${s.shard!.index}/${s.shard!.count}`).join(', ')})`,
      );
    } else {
      const count = sharded[0]!.shard!.count;
      const seen = new Map<number, string>();
      for (const { name, shard } of sharded) {
        const other = seen.get(shard!.index);
        if (other !== undefined)
          refusals.push(`shard ${shard!.index}/${count} is given twice (${other}, ${name})`);
        else seen.set(shard!.index, name);
      }
      for (let i = 1; i <= count; i++) if (!seen.has(i)) missing.push(i);
    }
  }
  return { refusals, missing };
}

/** Counts of a document that make it fail: its totals minus what a baseline suppressed. */
function unsuppressedCounts(group: DocumentGroup): SeverityCounts {
  const file = group.fileRecord.record;
  const num = (v: unknown) => (typeof v === 'number' ? v : 0);
  const counts: SeverityCounts = {
    error: num(file.errors),
    warning: num(file.warnings),
    info: num(file.infos),
  };
  const countInfos = typeof file.infos !== 'number';
  for (const { record } of group.records) {
    if (record.type !== 'diagnostic') continue;
    const severity = record.severity;
    if (severity !== 'error' && severity !== 'warning' && severity !== 'info') continue;
    if (severity === 'info' && countInfos) counts.info++;
    if (record.suppressed) counts[severity]--;
  }
  return counts;
}

class LineWriter {
  private buffer = '';
  private readonly out: StreamOut;
  constructor(out: NodeJS.WritableStream) {
    this.out = streamOut(out);
  }
  async line(text: string): Promise<void> {
    this.buffer += `${text}\n`;
    // Batch ~64 KiB per write: one write per record costs more than the merge itself.
    if (this.buffer.length >= 65_536) await this.flush();
  }
  async flush(): Promise<void> {
    if (this.buffer === '') return;
    const chunk = this.buffer;
    this.buffer = '';
    await this.out.write(chunk);
  }
  get closed(): boolean {
    return this.out.closed;
  }
  /** Why the output could not be written (EPIPE, a reader that left, is not an error). */
  get error(): Error | null {
    return this.out.error;
  }
}

interface Head {
  reader: ReportReader;
  group: DocumentGroup | null;
  documents: number;
  firstIndex: number | undefined;
}

function numericIndex(record: JsonRecord): number | undefined {
  if (typeof record.index === 'number') return record.index;
  if (typeof record.fileIndex === 'number') return record.fileIndex;
  return undefined;
}

/** Rewrite `index`/`fileIndex` to the merged position; returns the line to write. */
function renumber(item: SourcedRecord, ordinal: number): string {
  const { record } = item;
  let changed = false;
  for (const key of ['index', 'fileIndex'] as const) {
    if (typeof record[key] === 'number' && record[key] !== ordinal) {
      record[key] = ordinal;
      changed = true;
    }
  }
  return changed ? JSON.stringify(record) : item.text;
}

/**
 * Where combined documents go: `merge` writes them back as NDJSON lines, `report` turns them into
 * document results for the reporters (report.ts).
 */
export interface CombineSink {
  /** The inputs were accepted; `run` is the run record of the combined stream. Called once, first. */
  start(run: JsonRecord): Promise<void>;
  /** One document, in document order; `ordinal` is its input's position in the combined run. */
  document(group: DocumentGroup, ordinal: number, source: string): Promise<void>;
  /** Records after an input's last file record that are not diagnostics (kept as read). */
  trailer(item: SourcedRecord): Promise<void>;
  /** True once the consumer went away (`| head`): nothing more is read. */
  readonly closed: boolean;
}

export interface CombineOptions {
  /**
   * Keys of `run.options` that shards of one run may differ in (where each wrote its reports, whether
   * it used the cache): the option table's, passed in by the CLI. Every other key must be equal.
   */
  optionsMayDiffer: ReadonlySet<string>;
  /**
   * `report` of one input: that run as it is (a shard too: its run record keeps naming the shard and
   * no other shard is expected), its summary kept rather than recombined.
   */
  single?: boolean;
  /** The --fail-on to judge the findings by (default: the run's own). */
  failOn?: FailOn;
}

/**
 * The inputs' trailers passed on and their summaries collected, each checked against what was read:
 * a missing summary, a count that disagrees, a shard that failed or was interrupted.
 */
async function closeInputs(
  heads: readonly Head[],
  sink: CombineSink,
  stopped: boolean,
  runFailOn: FailOn,
  problem: (message: string) => void,
): Promise<{ summaries: JsonRecord[]; shardFailed: boolean; aborted: boolean; staleFailure: boolean }> {
  const summaries: JsonRecord[] = [];
  let shardFailed = false;
  let aborted = false;
  let staleFailure = false;
  for (const head of heads) {
    const { reader } = head;
    for (const item of reader.trailer) await sink.trailer(item);
    const summary = reader.summary;
    if (stopped) continue;
    if (summary === null) {
      problem(`${reader.name} has no summary record (the shard did not finish, or its output was cut)`);
      continue;
    }
    summaries.push(summary);
    const documents = summary.documents;
    if (typeof documents === 'number' && documents !== head.documents) {
      problem(
        `${reader.name}: its summary counts ${documents} documents but it holds ${head.documents} file records`,
      );
    }
    if (summary.exitCode === 2 || summary.exitCode === 130) shardFailed = true;
    // A shard's exit 1 is re-judged from the records under failOn, except the one the records cannot
    // show: --strict-baseline's stale entries (the main command fails on those whatever --fail-on says).
    if (staleBaselineFailure(summary, runFailOn)) staleFailure = true;
    if (summary.aborted === true) aborted = true;
  }

  return { summaries, shardFailed, aborted, staleFailure };
}

/**
 * Combine reports into `sink`: one run record, every document in order, then the verdict and the
 * summary (returned, not written). Never throws for bad input: unreadable, damaged, incompatible,
 * incomplete or overlapping inputs are listed in `problems` (exit code 2); incompatible ones are
 * refused before the sink hears of anything.
 */
export async function combineReports(
  inputs: readonly ReportSource[],
  sink: CombineSink,
  options: CombineOptions,
): Promise<MergeResult> {
  const problems: string[] = [];
  const problem = (message: string) => problems.push(message);
  const refuse = (reasons: string[]): MergeResult => ({
    exitCode: 2,
    refused: true,
    problems: [...problems, ...reasons],
    summary: null,
  });
  if (inputs.length === 0) return refuse(['no inputs to merge']);
  const single = options.single === true && inputs.length === 1;

  const readers: ReportReader[] = [];
  const openFailures: string[] = [];
  for (const input of inputs) {
    try {
      readers.push(await openReport(input, problem));
    } catch (error) {
      openFailures.push(error instanceof ReportError ? error.message : `cannot read ${sourceName(input)}`);
    }
  }
  if (openFailures.length > 0) return refuse(openFailures);
  // Each reader without a run record has said why (openReport).
  if (readers.some((r) => r.run === null)) return refuse([]);
  const runs = readers.map((r) => ({ name: r.name, run: r.run! }));
  const { refusals, missing } = checkRuns(runs, options.optionsMayDiffer);
  if (refusals.length > 0) return refuse(refusals);
  const count = shardOfRun(runs[0]!.run)?.count;
  if (missing.length > 0 && !single) {
    problem(
      `missing shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${count}`).join(', ')}`,
    );
  }

  // Shards in shard order, so "the first" run record and problem messages are stable.
  const ordered = readers
    .map((reader, i) => ({ reader, order: shardOfRun(reader.run!)?.index ?? i }))
    .sort((a, b) => a.order - b.order)
    .map((x) => x.reader);
  await sink.start(single ? ordered[0]!.run! : mergedRun(ordered, count));

  const heads: Head[] = [];
  for (const reader of ordered) {
    const group = await reader.next();
    heads.push({
      reader,
      group,
      documents: 0,
      firstIndex: group ? numericIndex(group.fileRecord.record) : undefined,
    });
  }
  const bases = heads.map((h) => h.firstIndex).filter((i): i is number => i !== undefined);
  // Shards number their documents from the same base (0 in DocumentResult.index).
  const base = bases.length > 0 ? Math.min(...bases) : 0;

  let runFailOn: FailOn = 'error';
  const optionFailOn = (runs[0]!.run.options as JsonRecord | undefined)?.failOn;
  if (isFailOn(optionFailOn)) runFailOn = optionFailOn;
  const failOn = options.failOn ?? runFailOn;
  const failing = emptyCounts();
  let duplicates = 0;
  let last: DocumentGroup | null = null;
  let lastSource = '';
  let ordinal = base - 1;
  let stopped = false;

  for (;;) {
    // Linear scan for the smallest head: k is the number of shards (tens), so a heap would not pay.
    let min: Head | null = null;
    for (const head of heads) {
      if (head.group && (min === null || compareDocumentKeys(head.group, min.group!) < 0)) min = head;
    }
    // The reader went away (`| head`): nothing more will be read, stop reading the shards.
    if (min === null) break;
    if (sink.closed) {
      stopped = true;
      break;
    }
    const group = min.group!;
    const prevFile = last?.file;
    min.documents++;
    if (last !== null && compareDocumentKeys(group, last) === 0) {
      duplicates++;
      if (duplicates <= 20) {
        const where = group.line !== undefined ? `${group.file} line ${group.line}` : group.file;
        problem(`${where} is in more than one input (${lastSource}, ${min.reader.name}); kept the first`);
      }
    } else {
      if (prevFile !== group.file) ordinal++;
      await sink.document(group, ordinal, min.reader.name);
      const counts = unsuppressedCounts(group);
      failing.error += counts.error;
      failing.warning += counts.warning;
      failing.info += counts.info;
      last = group;
      lastSource = min.reader.name;
    }
    const next = await min.reader.next();
    if (next && compareDocumentKeys(next, group) < 0) {
      problem(
        `${min.reader.name}:${next.fileRecord.lineNo}: ${next.file} comes after ${group.file}: the input is not in document order`,
      );
    }
    min.group = next;
  }
  if (duplicates > 20) problem(`… ${duplicates - 20} more documents in more than one input`);

  const { summaries, shardFailed, aborted, staleFailure } = await closeInputs(
    heads,
    sink,
    stopped,
    runFailOn,
    problem,
  );

  // One input: its own summary (recombining it would only round its throughput differently).
  const summary = single && summaries.length === 1 ? { ...summaries[0]! } : combineSummaries(summaries);
  summary.type = 'summary';
  summary.failOn = failOn;
  summary.aborted = aborted;
  summary.shard = single ? (shardOfRun(ordered[0]!.run!) ?? null) : null;
  const verdict = runVerdict(runs[0]!.run, summary, summaries, failing);
  let exitCode: number;
  if (problems.length > 0 || shardFailed || aborted) exitCode = 2;
  else if (failingCount(failOn, failing) > 0 || staleFailure || verdict.overWarnings) exitCode = 1;
  else exitCode = 0;
  // --exit-zero shards never exit 1, so a 1 here comes from the records, which they reported alike.
  if (verdict.exitZero) {
    summary.exitZero = { masked: exitCode === 1 };
    if (exitCode === 1) exitCode = 0;
  }
  summary.exitCode = exitCode;
  // Each shard's reasons are its own: the whole run's are worked out again. Shards that recorded none
  // (older reports) leave the merged summary without them, as they were.
  if (summaries.some((s) => Array.isArray(s.reasons))) {
    delete summary.reasons;
    summary.reasons = mergedReasons(summary, summaries);
  }
  return {
    exitCode,
    refused: false,
    problems,
    summary: orderSummary(summary),
    ...(stopped ? { stopped } : {}),
  };
}

/**
 * Merge shard reports into `out`: one run record, every document in order, one summary.
 * Never throws for bad input: unreadable, damaged, incompatible, incomplete or overlapping inputs
 * are listed in `problems` (exit code 2); incompatible ones are refused before anything is written.
 */
export async function mergeRuns(
  inputs: readonly ReportSource[],
  out: NodeJS.WritableStream,
  options: Pick<CombineOptions, 'optionsMayDiffer'>,
): Promise<MergeResult> {
  const writer = new LineWriter(out);
  const result = await combineReports(
    inputs,
    {
      start: (run) => writer.line(JSON.stringify(run)),
      async document(group, ordinal) {
        for (const item of group.records) await writer.line(renumber(item, ordinal));
        await writer.line(renumber(group.fileRecord, ordinal));
      },
      trailer: (item) => writer.line(item.text),
      get closed() {
        return writer.closed;
      },
    },
    options,
  );
  if (result.refused) return result;
  await writer.line(JSON.stringify(result.summary));
  await writer.flush();
  if (writer.error) {
    const problems = [...result.problems, `cannot write the merged report: ${writer.error.message}`];
    return { ...result, exitCode: 2, problems };
  }
  return result;
}

/** The run record of the merged stream: the first shard's, as a whole run, naming its inputs. */
function mergedRun(readers: readonly ReportReader[], count: number | undefined): JsonRecord {
  const run: JsonRecord = { ...readers[0]!.run! };
  let planned = 0;
  let plannedKnown = true;
  let startedAt: string | undefined;
  for (const reader of readers) {
    const r = reader.run!;
    if (typeof r.filesPlanned === 'number') planned += r.filesPlanned;
    else plannedKnown = false;
    if (typeof r.startedAt === 'string' && (startedAt === undefined || r.startedAt < startedAt)) {
      startedAt = r.startedAt;
    }
  }
  if (plannedKnown) run.filesPlanned = planned;
  if (startedAt !== undefined) run.startedAt = startedAt;
  run.shard = null;
  run.merged = {
    inputs: readers.map((r) => r.name),
    shards: count ?? null,
  };
  return run;
}
