// The `merge` and `compare` subcommands as functions of (args, out, err) → exit code, so main.ts passes
// them the arguments after the subcommand name and tests call them directly. Their options, --help and
// usage errors come from subcommand-table.ts; they never touch process.
//
//   mcpdesc-validate merge [-o FILE] SHARD.ndjson…
//     exit 0: merged, no finding at or above the run's --fail-on
//     exit 1: merged, findings at or above --fail-on (or a shard failed on --strict-baseline)
//     exit 2: usage error; an input unreadable, damaged, not a report; shards of different tool
//             versions or options (refused, nothing written); a shard missing, given twice, or cut
//             short; a document in two shards; a shard that itself ended with exit 2 or was interrupted
//
//   mcpdesc-validate compare [--format ndjson|text] [--only new,fixed,unchanged] [--fail-on LEVEL] OLD NEW
//     text on a terminal, NDJSON otherwise (or as --format says)
//     exit 0: no new findings at or above --fail-on (default info: any); 1: some; 2: usage error or an
//     input unreadable / not a report

import { type AtomicFile, openAtomicFile } from '../atomic-file.js';
import type { Change, ComparedFinding } from '../reports/compare.js';
import { CHANGES, compareRuns, formatComparisonText, formatFindingText } from '../reports/compare.js';
import { mergeRuns } from '../reports/merge.js';
import { streamOut } from '../reports/output.js';
import { emptyCounts, type FailOn, failingCount } from '../reports/verdict.js';
import { EXIT_FAILURE, EXIT_INTERRUPTED } from './exit-code.js';
import { type Interrupt, UNINTERRUPTED } from './interrupt.js';
import { OPTIONS_SHARDS_MAY_DIFFER } from './option-table.js';
import { asGiven } from './paths.js';
import { COMPARE, MERGE, parseSubcommand } from './subcommand-table.js';
import { usageError } from './usage.js';

type Out = NodeJS.WritableStream;

/**
 * The command's signal handling (cli/interrupt.ts), as far as these commands use it: their inputs are
 * read through `reading`, so a named pipe waiting for its writer does not outlast an interrupt.
 */
type Interruptible = Pick<Interrupt, 'interrupted' | 'reading'>;

/** `-o FILE`: the file written in place of stdout (atomically), or null; a number when it cannot be opened. */
async function openOutputFile(command: string, path: unknown, err: Out): Promise<AtomicFile | null | number> {
  if (typeof path !== 'string') return null;
  try {
    return await openAtomicFile(path);
  } catch (error) {
    err.write(`mcpdesc-validate ${command}: cannot write ${path}: ${(error as Error).message}\n`);
    return EXIT_FAILURE;
  }
}

/** Puts `-o FILE` in place, or leaves the file as it was when `keep` is false; 2 when it cannot. */
async function closeOutputFile(
  command: string,
  file: AtomicFile,
  path: string,
  keep: boolean,
  err: Out,
): Promise<number | null> {
  try {
    if (keep) await file.commit();
    else await file.abort();
    return null;
  } catch (error) {
    err.write(`mcpdesc-validate ${command}: cannot write ${path}: ${(error as Error).message}\n`);
    return EXIT_FAILURE;
  }
}

/** `merge` (subcommand-table.ts). Problems go to `err`, the merged report to `out` (or --output). */
export async function runMerge(
  args: string[],
  out: Out,
  err: Out,
  interrupt: Interruptible = UNINTERRUPTED,
  options: { cwd?: string } = {},
): Promise<number> {
  const parsed = parseSubcommand<{ output?: string }>(MERGE, args, out, err);
  if (typeof parsed === 'number') return parsed;
  if (parsed.args.length === 0) return usageError(err, 'name the shard outputs to merge', 'merge');
  const cwd = options.cwd ?? process.cwd();
  const at = (path: string) => asGiven(cwd, path);
  const outputPath = parsed.options.output === undefined ? undefined : at(parsed.options.output);
  const file = await openOutputFile('merge', outputPath, err);
  if (typeof file === 'number') return file;
  const inputs = parsed.args.map(at);
  const result = await interrupt.reading(inputs, () =>
    mergeRuns(inputs, file?.stream ?? out, { optionsMayDiffer: OPTIONS_SHARDS_MAY_DIFFER }),
  );
  if (interrupt.interrupted) {
    // The inputs were cut short by the interrupt, not damaged: what was merged is partial, and a file
    // keeps what it held before.
    await file?.abort();
    err.write(
      `mcpdesc-validate merge: interrupted; the merged report is partial${file ? ` (${outputPath} was not written)` : ''}\n`,
    );
    return EXIT_INTERRUPTED;
  }
  for (const problem of result.problems) err.write(`mcpdesc-validate merge: ${problem}\n`);
  if (file) {
    // A write that failed was said among the problems: the file stays as it was.
    const failed = await closeOutputFile('merge', file, outputPath!, !result.refused && !file.failure, err);
    if (failed !== null) return failed;
  }
  return result.exitCode;
}

/** `compare` (subcommand-table.ts). `stdoutIsTTY`: text is the default, as the other commands print it there. */
export async function runCompare(
  args: string[],
  out: Out,
  err: Out,
  interrupt: Interruptible = UNINTERRUPTED,
  options: { stdoutIsTTY?: boolean; cwd?: string } = {},
): Promise<number> {
  const parsed = parseSubcommand<{
    format?: 'ndjson' | 'text';
    output?: string;
    only?: Set<Change>;
    failOn?: FailOn;
  }>(COMPARE, args, out, err);
  if (typeof parsed === 'number') return parsed;
  // A nightly gate whose runs use --fail-on error should not go red on a new warning: same levels.
  const cwd = options.cwd ?? process.cwd();
  const at = (path: string) => asGiven(cwd, path);
  const { failOn = 'info' } = parsed.options;
  const outputPath = parsed.options.output === undefined ? undefined : at(parsed.options.output);
  // Text is for a person at a terminal; a file gets NDJSON unless told otherwise.
  const format =
    parsed.options.format ?? (options.stdoutIsTTY && outputPath === undefined ? 'text' : 'ndjson');
  if (parsed.args.length !== 2) {
    return usageError(err, `expected two reports (OLD NEW), got ${parsed.args.length}`, 'compare');
  }
  const only = parsed.options.only ?? new Set<Change>(format === 'text' ? ['new', 'fixed'] : CHANGES);

  const file = await openOutputFile('compare', outputPath, err);
  if (typeof file === 'number') return file;
  const stream = streamOut(file?.stream ?? out);
  let buffer = '';
  const emit = async (line: string) => {
    buffer += `${line}\n`;
    if (buffer.length >= 65_536) {
      const chunk = buffer;
      buffer = '';
      await stream.write(chunk);
    }
  };
  const newBySeverity = emptyCounts();
  const onFinding = async (finding: ComparedFinding) => {
    // A severity this version does not know (a report from another version) counts as an error.
    if (finding.change === 'new') newBySeverity[isSeverity(finding.severity) ? finding.severity : 'error']++;
    if (!only.has(finding.change)) return;
    await emit(format === 'text' ? formatFindingText(finding) : JSON.stringify(finding));
  };
  const [oldPath, newPath] = (parsed.args as [string, string]).map(at) as [string, string];
  const result = await interrupt.reading([oldPath, newPath], () =>
    compareRuns(oldPath, newPath, { optionsMayDiffer: OPTIONS_SHARDS_MAY_DIFFER }, onFinding),
  );
  if (interrupt.interrupted) {
    if (buffer !== '') await stream.write(buffer);
    await file?.abort();
    err.write(
      `mcpdesc-validate compare: interrupted; the comparison is partial${file ? ` (${outputPath} was not written)` : ''}\n`,
    );
    return EXIT_INTERRUPTED;
  }
  if (result.comparison) {
    await emit(
      format === 'text' ? formatComparisonText(result.comparison) : JSON.stringify(result.comparison),
    );
  }
  if (buffer !== '') await stream.write(buffer);
  for (const problem of result.problems) err.write(`mcpdesc-validate compare: ${problem}\n`);
  if (stream.error) {
    if (file) await file.abort();
    err.write(`mcpdesc-validate compare: cannot write the output: ${stream.error.message}\n`);
    return EXIT_FAILURE;
  }
  if (file) {
    const failed = await closeOutputFile('compare', file, outputPath!, result.exitCode !== 2, err);
    if (failed !== null) return failed;
  }
  if (result.exitCode === EXIT_FAILURE) return EXIT_FAILURE;
  return failingCount(failOn, newBySeverity) > 0 ? 1 : 0;
}

function isSeverity(value: unknown): value is 'error' | 'warning' | 'info' {
  return value === 'error' || value === 'warning' || value === 'info';
}
