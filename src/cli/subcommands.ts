// The `merge` and `compare` subcommands as functions of (args, out, err) → exit code, so the CLI wires
// them under commander (passing the arguments after the subcommand name through) and tests call them
// directly. They parse their own arguments with node:util parseArgs and never touch process.
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

import { parseArgs } from 'node:util';
import { type AtomicFile, openAtomicFile } from '../atomic-file.js';
import { helpWidth, wrapHelp } from '../help-text.js';
import type { Change, ComparedFinding } from '../reports/compare.js';
import { CHANGES, compareRuns, formatComparisonText, formatFindingText } from '../reports/compare.js';
import { mergeRuns } from '../reports/merge.js';
import { streamOut } from '../reports/output.js';
import { emptyCounts, type FailOn, failingCount, isFailOn } from '../reports/verdict.js';
import { OPTIONS_SHARDS_MAY_DIFFER } from './option-table.js';

type Out = NodeJS.WritableStream;

/**
 * The command's signal handling (cli/interrupt.ts), as far as these commands use it: their inputs are
 * read through `reading`, so a named pipe waiting for its writer does not outlast an interrupt.
 */
export interface Interruptible {
  readonly interrupted: boolean;
  reading<T>(paths: readonly string[], read: () => Promise<T>): Promise<T>;
}

const UNINTERRUPTED: Interruptible = { interrupted: false, reading: (_paths, read) => read() };

/** Exit code of an interrupted command (SIGINT, SIGTERM), as a validation run's. */
const EXIT_INTERRUPTED = 130;

export const MERGE_USAGE = `Usage: mcpdesc-validate merge [-o FILE] SHARD.ndjson...

Combine the NDJSON outputs of the shards of one run (--shard K/N) into one report in document order,
with one summary recomputed for the whole run. Inputs may be gzip-compressed (.gz).

Options:
  -o, --output FILE  write the merged report to FILE (atomically) instead of stdout
  -h, --help         show this help

Exit codes: 0 clean, 1 findings at or above the run's --fail-on, 2 inputs refused, incomplete or unreadable.
`;

export const COMPARE_USAGE = `Usage: mcpdesc-validate compare [options] OLD.ndjson NEW.ndjson

List findings that are new, fixed or unchanged between two reports (matched by file, rule and JSON
pointer, never by line), followed by a tally.

Options:
  -f, --format ndjson|text  output format (default: text on a terminal, else ndjson)
  -o, --output FILE         write the comparison to FILE (atomically) instead of stdout
  --only LIST               changes to list, comma-separated from new,fixed,unchanged
                            (default: all for ndjson, new,fixed for text); the tally always counts all
  --fail-on LEVEL           lowest severity of a new finding that makes the exit code 1:
                            error|warning|info|never (warn for warning; default: info, any new finding)
  -h, --help                show this help

Exit codes: 0 no new findings at or above --fail-on, 1 some, 2 usage error or unreadable input.
`;

/** A command's help on `out`; a failed write is said on `err` and is exit 2 (the reader leaving is not). */
async function writeHelp(out: Out, err: Out, command: string, text: string): Promise<number> {
  const stream = streamOut(out);
  await stream.write(wrapHelp(text, helpWidth(out)));
  if (stream.error === null) return 0;
  err.write(`mcpdesc-validate ${command}: cannot write to stdout: ${stream.error.message}\n`);
  return 2;
}

/** A usage error, worded as the main command's (src/cli/usage.ts): one line, then where the help is. */
function usageError(err: Out, command: string, message: string): number {
  err.write(`error: ${message}\n(run 'mcpdesc-validate ${command} --help' for usage)\n`);
  return 2;
}
type OptionsSpec = NonNullable<NonNullable<Parameters<typeof parseArgs>[0]>['options']>;

function parse(args: string[], options: OptionsSpec) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    // parseArgs' own wording for an unknown option is a paragraph about '--' with unbalanced quotes;
    // say it as the main command does.
    const e = error as Error & { code?: string };
    const option = e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? /'([^']*)'/.exec(e.message)?.[1] : undefined;
    throw option === undefined ? e : new Error(`unknown option '${option}'`);
  }
}

/** `-o, --output`, or `--output-file` as the main command spells it; both, naming two files, is an error. */
function outputOf(values: Record<string, unknown>): string | undefined | Error {
  const [short, long] = [values.output, values['output-file']] as (string | undefined)[];
  if (short !== undefined && long !== undefined && short !== long)
    return new Error('--output and --output-file name different files; give one');
  return short ?? long;
}

/** `-o FILE`: the file written in place of stdout (atomically), or null; a number when it cannot be opened. */
async function openOutputFile(command: string, path: unknown, err: Out): Promise<AtomicFile | null | number> {
  if (typeof path !== 'string') return null;
  try {
    return await openAtomicFile(path);
  } catch (error) {
    err.write(`mcpdesc-validate ${command}: cannot write ${path}: ${(error as Error).message}\n`);
    return 2;
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
    return 2;
  }
}

/** `merge`: see MERGE_USAGE. Problems go to `err`, the merged report to `out` (or --output). */
export async function runMerge(
  args: string[],
  out: Out,
  err: Out,
  interrupt: Interruptible = UNINTERRUPTED,
): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args, {
      output: { type: 'string', short: 'o' },
      'output-file': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    });
  } catch (error) {
    return usageError(err, 'merge', (error as Error).message);
  }
  if (parsed.values.help) {
    return writeHelp(out, err, 'merge', MERGE_USAGE);
  }
  if (parsed.positionals.length === 0) {
    return usageError(err, 'merge', 'name the shard outputs to merge');
  }
  const outputPath = outputOf(parsed.values);
  if (outputPath instanceof Error) return usageError(err, 'merge', outputPath.message);
  const file = await openOutputFile('merge', outputPath, err);
  if (typeof file === 'number') return file;
  const inputs = parsed.positionals;
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

function parseOnly(value: string): Set<Change> | string {
  const picked = new Set<Change>();
  for (const part of value.split(',').map((s) => s.trim())) {
    if (!(CHANGES as readonly string[]).includes(part)) {
      return `--only takes a comma-separated list of ${CHANGES.join(', ')}; got "${part}"`;
    }
    picked.add(part as Change);
  }
  return picked;
}

/** `compare`: see COMPARE_USAGE. `stdoutIsTTY`: text is the default, as the other commands print it there. */
export async function runCompare(
  args: string[],
  out: Out,
  err: Out,
  interrupt: Interruptible = UNINTERRUPTED,
  options: { stdoutIsTTY?: boolean } = {},
): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args, {
      format: { type: 'string', short: 'f' },
      output: { type: 'string', short: 'o' },
      'output-file': { type: 'string' },
      only: { type: 'string' },
      'fail-on': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    });
  } catch (error) {
    return usageError(err, 'compare', (error as Error).message);
  }
  if (parsed.values.help) {
    return writeHelp(out, err, 'compare', COMPARE_USAGE);
  }
  const outputPath = outputOf(parsed.values);
  if (outputPath instanceof Error) return usageError(err, 'compare', outputPath.message);
  // Text is for a person at a terminal; a file gets NDJSON unless told otherwise.
  const format =
    parsed.values.format ?? (options.stdoutIsTTY && outputPath === undefined ? 'text' : 'ndjson');
  if (format !== 'ndjson' && format !== 'text') {
    return usageError(err, 'compare', `--format must be ndjson or text, got "${String(format)}"`);
  }
  if (parsed.positionals.length !== 2) {
    return usageError(err, 'compare', `expected two reports (OLD NEW), got ${parsed.positionals.length}`);
  }
  // A nightly gate whose runs use --fail-on error should not go red on a new warning: same levels.
  const failOnValue = parsed.values['fail-on'] ?? 'info';
  const failOn = failOnValue === 'warn' ? 'warning' : failOnValue;
  if (!isFailOn(failOn)) {
    return usageError(
      err,
      'compare',
      `--fail-on must be one of error, warning, info, never (or warn), got "${String(failOnValue)}"`,
    );
  }
  let only: Set<Change>;
  if (typeof parsed.values.only === 'string') {
    const picked = parseOnly(parsed.values.only);
    if (typeof picked === 'string') return usageError(err, 'compare', picked);
    only = picked;
  } else {
    only = new Set(format === 'text' ? ['new', 'fixed'] : CHANGES);
  }

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
  const [oldPath, newPath] = parsed.positionals as [string, string];
  const result = await interrupt.reading([oldPath, newPath], () => compareRuns(oldPath, newPath, onFinding));
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
    return 2;
  }
  if (file) {
    const failed = await closeOutputFile('compare', file, outputPath!, result.exitCode !== 2, err);
    if (failed !== null) return failed;
  }
  if (result.exitCode === 2) return 2;
  return failingCount(failOn as FailOn, newBySeverity) > 0 ? 1 : 0;
}

function isSeverity(value: unknown): value is 'error' | 'warning' | 'info' {
  return value === 'error' || value === 'warning' || value === 'info';
}
