// Composition root: argv → settings (commander) → runValidate → process.exitCode. Never process.exit():
// stdout may still hold piped records that must reach the consumer.

import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Command, CommanderError } from 'commander';
import { helpWidth, wrapHelp } from '../help-text.js';
import { formatTable, isHumanFormat } from '../reporting/reporter-registry.js';
import type { Shard } from '../reports/shard.js';
import { defaultCacheLocation } from '../state/cache.js';
import { applyConfig, ConfigError, describeSettings, type LoadedConfig } from './config.js';
import { EXIT_FAILURE } from './exit-code.js';
import { listenForInterrupt } from './interrupt.js';
import { commanderOptions, conflictingAlias, optionEntries } from './option-table.js';
import { type FormatSpec, parseRule, resolveFormats, spellBail } from './options.js';
import { type CliIo, type CliSettings, runValidate } from './run.js';
import { closest } from './suggest.js';
import { tryHelp, usageError } from './usage.js';

// Short on purpose: docs/cli.md is the reference.
const HELP_AFTER = `
Inputs: files, directories (searched for .json, .yaml, .yml, .jsonl, .ndjson
and their .gz), quoted globs ('registry/**/*.json', '!registry/old/**'), or -
for standard input. Output: stylish on a terminal, else NDJSON; progress and
notes go to stderr.

Exit codes: 0 no finding at or above --fail-on, 1 findings, 2 usage error or
unreadable input, 130 interrupted.

Commands (each takes --help):
  mcpdesc-validate rules [ID]                list or explain the rules
  mcpdesc-validate report RESULTS.ndjson...  render reports again, any format
  mcpdesc-validate merge SHARD.ndjson...     combine --shard outputs
  mcpdesc-validate compare OLD NEW           new, fixed and unchanged findings

Reference: docs/cli.md`;

/** Subcommands, and words other tools use for the main command, for "did you mean". */
const SUBCOMMANDS = ['rules', 'report', 'merge', 'compare'] as const;
const OTHER_TOOLS_WORDS: ReadonlySet<string> = new Set(['help', 'lint', 'validate', 'check']);

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

interface RawOptions {
  format?: FormatSpec[];
  filesFrom?: string;
  null?: boolean;
  ignorePath?: string;
  stdinFormat: CliSettings['stdinFormat'];
  concurrency: 'auto' | number;
  failOn: CliSettings['failOn'];
  rule?: string[];
  maxDiagnosticsPerFile: number;
  target?: CliSettings['target'];
  streamThreshold: number;
  maxFileSize?: number;
  maxElementSize: number;
  workerMemory?: number;
  quiet?: boolean;
  progress: boolean;
  codeFrame?: boolean;
  color?: boolean;
  shard?: Shard;
  cache?: boolean;
  cacheLocation: string;
  baseline?: string;
  writeBaseline?: string;
  strictBaseline?: boolean;
  showSuppressed?: boolean;
  maxWarnings?: number;
  exitZero?: boolean;
  bail?: number;
  stdinFilename?: string;
  allowEmpty?: boolean;
  /** `--config <file>`; false: `--no-config`. */
  config?: string | false;
  printConfig?: boolean;
  stats?: boolean;
  outputFile?: string;
  ignorePattern?: string[];
  ignore: boolean;
  failSeverity?: CliSettings['failOn'];
}

export function buildProgram(version: string): Command {
  const program = new Command('mcpdesc-validate')
    .description('Validate MCP Description (mcpdesc) documents in bulk: files, directories, globs or stdin.')
    .argument('[patterns...]', 'files, directories, quoted globs (! to exclude), - for stdin')
    .version(version, '-v, --version', 'print the version')
    .helpOption('-h, --help', 'show this help');
  for (const entry of optionEntries(formatTable())) {
    for (const option of commanderOptions(entry)) program.addOption(option);
  }
  return program.addHelpText('after', HELP_AFTER).showHelpAfterError(tryHelp()).exitOverride();
}

/**
 * A positional that names no file but is (nearly) a command word: `rule`, `help`, `lint registry`.
 * Said before any work, rather than reported as a missing input after checking the others.
 */
function commandWordTypo(args: readonly string[], cwd: string): string | null {
  const first = args[0];
  if (first === undefined || first === '-' || existsSync(resolve(cwd, first))) return null;
  if (OTHER_TOOLS_WORDS.has(first.toLowerCase())) {
    const rest = args.slice(1).join(' ');
    const meant =
      first.toLowerCase() === 'help' || rest === '' ? 'mcpdesc-validate --help' : `mcpdesc-validate ${rest}`;
    return `'${first}' is no file and no command; did you mean '${meant}'?`;
  }
  const near = closest(first.toLowerCase(), SUBCOMMANDS, 1);
  return near === undefined
    ? null
    : `'${first}' is no file; did you mean the command 'mcpdesc-validate ${near}'?`;
}

export async function main(argv: string[], overrides: Partial<CliIo> = {}): Promise<number> {
  const version = packageVersion();
  const io: CliIo = {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    cwd: process.cwd(),
    stdoutIsTTY: process.stdout.isTTY === true,
    stderrIsTTY: process.stderr.isTTY === true,
    version,
    ...overrides,
  };
  if (overrides.stdout === undefined) {
    // A reader that leaves early (`--help | head -1`, `rules | head`) is no error. The validation run and
    // the report readers watch stdout themselves; this covers every other writer (help, version, the
    // catalogue), where Node's default for an unhandled 'error' was a stack trace.
    process.stdout.on('error', (error: NodeJS.ErrnoException) => {
      // The validation run and the report readers report their own write failures once.
      if (error.code === 'EPIPE' || process.stdout.listenerCount('error') > 1) return;
      process.stderr.write(`mcpdesc-validate: cannot write to stdout: ${error.message}\n`);
      process.exitCode = EXIT_FAILURE;
    });
  }
  let code: number;
  // Signals are the command's from here on, its first read included (the config file, a named pipe
  // given as an input: cli/interrupt.ts); `rules` reads nothing.
  const interrupt = argv[0] === 'rules' ? null : listenForInterrupt(io.signals ?? process);
  if (interrupt) io.interrupt = interrupt;
  try {
    if (argv[0] === 'merge' || argv[0] === 'compare') {
      // Loaded on demand, like `rules`: a validation run does not need the report readers.
      const { runCompare, runMerge } = await import('./subcommands.js');
      code =
        argv[0] === 'merge'
          ? await runMerge(argv.slice(1), io.stdout, io.stderr, interrupt!, { cwd: io.cwd })
          : await runCompare(argv.slice(1), io.stdout, io.stderr, interrupt!, {
              stdoutIsTTY: io.stdoutIsTTY,
              cwd: io.cwd,
            });
    } else if (argv[0] === 'report') {
      // Loaded on demand: the report readers and the rendering are not needed to validate.
      const { runReportCommand } = await import('./report-command.js');
      code = await runReportCommand(argv.slice(1), io);
    } else if (argv[0] === 'rules') {
      // Loaded on demand: the catalogue is not needed to start a validation run.
      const { runRulesCommand } = await import('./rules-command.js');
      code = await runRulesCommand(argv.slice(1), io.stdout, io.stderr);
    } else {
      code = await validateCommand(argv, io, version);
    }
  } catch (error) {
    // The reader of a listing left (`rules | head`): what it read was all it wanted.
    if ((error as NodeJS.ErrnoException).code === 'EPIPE' && overrides.stdout === undefined) {
      process.exitCode = 0;
      return 0;
    }
    // A bug, not a bad input (those become records): say so once, without hiding where it happened.
    io.stderr.write(`mcpdesc-validate: internal error: ${(error as Error).stack ?? String(error)}\n`);
    code = EXIT_FAILURE;
  } finally {
    interrupt?.stop();
  }
  process.exitCode = code;
  return code;
}

/** `-V`, commander's usual spelling, prints the version as `-v` does (up to `--`). */
function versionFlag(argv: readonly string[]): string[] {
  const end = argv.indexOf('--');
  return argv.map((arg, i) => (arg === '-V' && (end < 0 || i < end) ? '--version' : arg));
}

/** The command line parsed, its aliases applied; or the exit code when parsing ended the command. */
function parseCommandLine(argv: string[], io: CliIo, version: string): Command | number {
  const program = buildProgram(version).configureOutput({
    // Help text commander does not wrap (the text after the options) is fitted too.
    writeOut: (s) => io.stdout.write(wrapHelp(s, io.stdoutIsTTY ? helpWidth(process.stdout) : 80)),
    writeErr: (s) => io.stderr.write(s),
    // Wrapped to the terminal, or to 80 columns when the help goes to a file or a pipe.
    getOutHelpWidth: () => (io.stdoutIsTTY ? process.stdout.columns || 80 : 80),
    getErrHelpWidth: () => 80,
  });
  // --config and --no-config share one value in commander (the last wins); both given is a mistake
  // worth naming rather than a silent choice.
  let configFlags = 0;
  program.on('option:config', () => configFlags++);
  program.on('option:no-config', () => configFlags++);
  try {
    program.parse(spellBail(versionFlag(argv)), { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : EXIT_FAILURE;
    throw error;
  }
  const aliasConflict = conflictingAlias(program, optionEntries(formatTable()));
  if (aliasConflict !== null) return usageError(io.stderr, aliasConflict);
  if (configFlags > 1)
    return usageError(io.stderr, "options '--config <file>' and '--no-config' contradict each other");
  const typo = commandWordTypo(program.args, io.cwd);
  if (typo !== null) return usageError(io.stderr, typo);
  return program;
}

/** --rule entries override the config's level of the same id, and leave its other ids alone. */
async function ruleLevelsOf(
  o: RawOptions,
  config: LoadedConfig | null,
): Promise<CliSettings['ruleLevels'] | string> {
  const ruleLevels: CliSettings['ruleLevels'] = { ...config?.values.rules };
  if (!o.rule) return ruleLevels;
  const { RULES } = await import('../validation/rules/index.js');
  const known = new Set(RULES.map((r) => r.id));
  for (const value of o.rule) {
    try {
      const [id, level] = parseRule(value, known);
      ruleLevels[id] = level;
    } catch (error) {
      return `option '--rule <id=level>' argument '${value}' is invalid. ${(error as Error).message}`;
    }
  }
  return ruleLevels;
}

/** Options that contradict each other or do nothing as given: the usage error's message, or null. */
function contradiction(o: RawOptions, program: Command, config: LoadedConfig | null): string | null {
  if (o.strictBaseline && o.baseline === undefined) {
    return program.getOptionValueSource('strictBaseline') === 'config'
      ? `${config!.shown}: "strictBaseline" needs "baseline" (or --baseline <file>)`
      : "option '--strict-baseline' needs --baseline <file>";
  }
  // Without --cache nothing reads or writes the store: a location given alone would be ignored, and
  // the user would believe the run was cached.
  if (program.getOptionValueSource('cacheLocation') === 'cli' && !o.cache) {
    return "option '--cache-location <dir>' needs --cache";
  }
  // Named for a document that is never read, the name would silently do nothing.
  if (o.stdinFilename !== undefined && !program.args.includes('-') && o.filesFrom === undefined) {
    return "option '--stdin-filename <name>' needs - (standard input) among the inputs";
  }
  if (o.bail !== undefined && o.failOn === 'never') {
    return "option '--bail [n]' needs a --fail-on level other than never (no file would ever fail)";
  }
  // A baseline written from a run that stopped early would lack the findings of the files not checked,
  // and the next run would fail on them as new.
  if (o.bail !== undefined && o.writeBaseline !== undefined) {
    return "option '--bail [n]' cannot be combined with --write-baseline (the baseline would miss the files not checked)";
  }
  if (o.null && o.filesFrom === undefined) return "option '-0, --null' needs --files-from <file|->";
  // An empty argument resolves to the working directory, so an unset shell variable
  // (`mcpdesc-validate "$REGISTRY"`) would silently check everything under it.
  if (program.args.includes('')) return "an empty pattern ('') names no file (an unset shell variable?)";
  if (o.ignore === false && program.getOptionValueSource('ignorePath') === 'cli')
    return "options '--no-ignore' and '--ignore-path <file>' contradict each other";
  return null;
}

/** The report formats, `-o` giving the one without a path its file. */
function formatsOf(o: RawOptions, config: LoadedConfig | null, stdoutIsTTY: boolean): FormatSpec[] | string {
  let formats: FormatSpec[];
  try {
    // A report written to a file is not read on a terminal: it defaults to NDJSON there.
    formats = resolveFormats(
      o.format ?? config?.values.formats ?? [],
      stdoutIsTTY && o.outputFile === undefined,
    );
  } catch (error) {
    return `option '--format <name[=path]>': ${(error as Error).message}`;
  }
  if (o.outputFile === undefined) return formats;
  if (o.outputFile === '') return "option '-o, --output-file <file>' needs a file path";
  const toStdout = formats.findIndex((f) => f.path === null);
  if (toStdout < 0) return "option '-o, --output-file <file>': every --format already names its file";
  formats[toStdout] = { name: formats[toStdout]!.name, path: o.outputFile };
  return formats;
}

/**
 * Options of the reports for people only: without one, say so rather than ignore them (the user
 * asked for something the run will not show).
 */
function noteTextOnlyOptions(
  o: RawOptions,
  program: Command,
  formats: readonly FormatSpec[],
  io: CliIo,
): void {
  if (formats.some((f) => isHumanFormat(f.name))) return;
  const textOnly = [
    // From a config file it is no mistake: one file serves terminal runs and CI reports alike.
    o.codeFrame === true &&
    program.getOptionValueSource('codeFrame') === 'cli' &&
    !formats.some((f) => f.name === 'html')
      ? '--code-frame'
      : null,
    program.getOptionValueSource('color') === 'cli' ? (o.color ? '--color' : '--no-color') : null,
    program.getOptionValueSource('showSuppressed') === 'cli' ? '--show-suppressed' : null,
  ].filter((name) => name !== null);
  if (textOnly.length > 0) {
    io.stderr.write(
      `mcpdesc-validate: ${textOnly.join(' and ')} ${textOnly.length > 1 ? 'apply' : 'applies'} to the stylish and text reports only, and this run writes neither (add -f stylish)\n`,
    );
  }
}

function settingsOf(
  argv: string[],
  o: RawOptions,
  config: LoadedConfig | null,
  derived: { formats: FormatSpec[]; ruleLevels: CliSettings['ruleLevels']; patterns: string[] },
): CliSettings {
  return {
    argv,
    patterns: derived.patterns,
    filesFrom: o.filesFrom ?? null,
    nul: o.null === true,
    ignorePath: o.ignorePath ?? null,
    ...(o.ignore === false ? { ignore: false } : {}),
    stdinFormat: o.stdinFormat,
    formats: derived.formats,
    concurrency: o.concurrency,
    failOn: o.failOn,
    ruleLevels: derived.ruleLevels,
    maxDiagnosticsPerFile: o.maxDiagnosticsPerFile,
    target: o.target ?? null,
    streamThreshold: o.streamThreshold,
    maxFileSize: o.maxFileSize ?? Number.POSITIVE_INFINITY,
    maxElementBytes: o.maxElementSize,
    workerMemoryMb: o.workerMemory ?? null,
    quiet: o.quiet === true,
    progress: o.progress,
    codeFrame: o.codeFrame === true,
    color: o.color ?? null,
    shard: o.shard ?? null,
    cacheLocation: o.cache ? o.cacheLocation : null,
    baseline: o.baseline ?? null,
    writeBaseline: o.writeBaseline ?? null,
    strictBaseline: o.strictBaseline === true,
    showSuppressed: o.showSuppressed === true,
    maxWarnings: o.maxWarnings === undefined || o.maxWarnings < 0 ? null : o.maxWarnings,
    exitZero: o.exitZero === true,
    bail: o.bail ?? null,
    stdinFilename: o.stdinFilename ?? null,
    allowEmpty: o.allowEmpty === true,
    configFile: config?.shown ?? null,
    stats: o.stats === true,
  };
}

async function validateCommand(argv: string[], io: CliIo, version: string): Promise<number> {
  const program = parseCommandLine(argv, io, version);
  if (typeof program === 'number') return program;
  const o = program.opts<RawOptions>();
  // The config file fills in what the command line left out; it writes into `o` (src/cli/config.ts).
  let config: LoadedConfig | null;
  try {
    config = await applyConfig(program, io.cwd, formatTable(), {
      ...(o.config !== undefined ? { config: o.config } : {}),
      both: false,
      ...(io.interrupt
        ? { read: (file) => io.interrupt!.reading([file], () => readFile(file, 'utf8')) }
        : {}),
    });
  } catch (error) {
    // Interrupted while the config file was read (a named pipe waiting for its writer): the run ends at
    // once, with its summary, from the command line's settings.
    if (io.interrupt?.interrupted) config = null;
    else if (error instanceof ConfigError) return usageError(io.stderr, error.message);
    else throw error;
  }
  if (o.cacheLocation === undefined) {
    program.setOptionValueWithSource('cacheLocation', defaultCacheLocation(io.cwd), 'default');
  }
  const formats = formatsOf(o, config, io.stdoutIsTTY);
  if (typeof formats === 'string') return usageError(io.stderr, formats);
  const ruleLevels = await ruleLevelsOf(o, config);
  if (typeof ruleLevels === 'string') return usageError(io.stderr, ruleLevels);
  const wrong = contradiction(o, program, config);
  if (wrong !== null) return usageError(io.stderr, wrong);
  noteTextOnlyOptions(o, program, formats, io);
  // The config's patterns are the inputs of a command line that names none (negations still add).
  const namesInputs = program.args.some((p) => !p.startsWith('!')) || o.filesFrom !== undefined;
  // --ignore-pattern is ESLint's spelling of a negated pattern.
  const negated = (o.ignorePattern ?? []).map((p) => `!${p}`);
  const patterns = [...(namesInputs ? [] : (config?.values.patterns ?? [])), ...program.args, ...negated];
  const settings = settingsOf(argv, o, config, { formats, ruleLevels, patterns });
  if (o.printConfig) {
    io.stdout.write(`${JSON.stringify(describeSettings(settings, program, config, namesInputs), null, 2)}\n`);
    return 0;
  }
  // Typed at a terminal, `-` waits for the user's typing: say so, and how to end it.
  if (
    (io.stdin as { isTTY?: boolean }).isTTY === true &&
    (program.args.includes('-') || o.filesFrom === '-')
  ) {
    io.stderr.write('mcpdesc-validate: reading standard input (-); type or paste, then Ctrl-D ends it\n');
  }
  return runValidate(settings, io);
}
