// Composition root: argv → settings (commander) → runValidate → process.exitCode. Never process.exit():
// stdout may still hold piped records that must reach the consumer.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { formatTable, isHumanFormat } from '../reporting/reporter-registry.js';
import { DEFAULT_CACHE_LOCATION } from '../scale/cache.js';
import { parseShard, type Shard } from '../scale/shard.js';
import { TARGETS } from '../types.js';
import { applyConfig, ConfigError, describeSettings, type LoadedConfig } from './config.js';
import { EXIT_FAILURE } from './exit-code.js';
import { listenForInterrupt } from './interrupt.js';
import {
  collect,
  FAIL_ON,
  type FormatSpec,
  formatOption,
  parseBail,
  parseConcurrency,
  parseFailOn,
  parseMaxWarnings,
  parseNonNegativeInt,
  parsePositiveInt,
  parseRule,
  parseSize,
  parseStdinFilename,
  parseStdinFormat,
  parseTarget,
  resolveFormats,
  STDIN_FORMATS,
  spellBail,
} from './options.js';
import { type CliIo, type CliSettings, runValidate } from './run.js';

const HELP_AFTER = `
Inputs are de-duplicated and checked in sorted path order. Directories are searched for
*.json, *.yaml, *.yml, *.jsonl, *.ndjson and their .gz (not below node_modules or .git).
Quote globs so the shell does not expand them: 'registry/**/*.json' '!registry/old/**'.
A .mcpdescignore file (gitignore syntax) in the working directory excludes files found
through directories and globs; files named explicitly are always checked.

Settings can be committed in mcpdesc-validate.config.json (the first one from the working
directory up to the repository root; paths in it are relative to it). The command line wins
over it; --print-config shows the result.

Output: NDJSON (one record per line: run, diagnostic…, file, …, summary) when stdout is
not a terminal, stylish (findings grouped under each file) otherwise; -f text (or compact)
prints one line per finding, for grep. Progress and notes go to stderr. Reports for people
are coloured on a terminal unless NO_COLOR is set; FORCE_COLOR=1 or --color colours them.

Exit codes:
  0    every file checked, no finding at or above --fail-on
  1    findings at or above --fail-on (malformed input is a finding), or more
       warnings than --max-warnings; --exit-zero turns this into 0
  2    usage error, nothing matched (unless --allow-empty), unreadable input or crashed worker
       (every other file is still checked and the summary written)
  130  interrupted (SIGINT/SIGTERM); the summary covers what finished

Commands:
  mcpdesc-validate rules [ID] [--format text|json]   list the rule catalogue
  mcpdesc-validate merge [-o FILE] SHARD.ndjson...    combine --shard outputs into one run's report
  mcpdesc-validate compare OLD.ndjson NEW.ndjson      new, fixed and unchanged findings between runs
  mcpdesc-validate report RESULTS.ndjson... [-f FMT]  render NDJSON reports (one run, or its shards)
                                                      in any format, without validating again
  (each takes --help)

Reference: docs/cli.md`;

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
  stdinFilepath?: string;
  allowEmpty?: boolean;
  errorOnUnmatchedPattern: boolean;
  /** `--config <file>`; false: `--no-config`. */
  config?: string | false;
  printConfig?: boolean;
  stats?: boolean;
}

function parseShardOption(value: string): Shard {
  try {
    return parseShard(value);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

export function buildProgram(version: string): Command {
  const formats = formatTable();
  return new Command('mcpdesc-validate')
    .description('Validate MCP Description (mcpdesc) documents in bulk: files, directories, globs or stdin.')
    .argument('[patterns...]', 'files, directories, quoted globs (! to exclude), - for stdin')
    .version(version, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show this help')
    .addOption(formatOption(formats))
    .option('--files-from <file|->', 'read input paths from a file (- for stdin), one per line')
    .option('-0, --null', 'with --files-from: paths are NUL-separated (find -print0)')
    .addOption(
      new Option(
        '--stdin-filename <name>',
        'name of the document read from - in every report; its extension sets the format under --stdin-format auto (alias --stdin-filepath)',
      ).argParser(parseStdinFilename),
    )
    .addOption(
      // Spectral's spelling, for scripts written for it.
      new Option('--stdin-filepath <name>').hideHelp().argParser(parseStdinFilename),
    )
    .option('--allow-empty', 'exit 0 when no input matches (alias --no-error-on-unmatched-pattern)')
    .addOption(
      // ESLint's spelling of --allow-empty.
      new Option('--no-error-on-unmatched-pattern').hideHelp(),
    )
    .option('--ignore-path <file>', 'ignore file to use instead of ./.mcpdescignore')
    .addOption(
      new Option('--stdin-format <format>', `format of a document read from - (${STDIN_FORMATS.join('|')})`)
        .default('unknown', 'auto')
        .argParser(parseStdinFormat),
    )
    .addOption(
      new Option('--concurrency <auto|N>', 'worker threads; 0 runs in-process')
        .default('auto')
        .argParser(parseConcurrency),
    )
    .addOption(
      new Option('--fail-on <level>', `lowest severity that fails the run (${FAIL_ON.join('|')})`)
        .default('error')
        .argParser(parseFailOn),
    )
    .addOption(
      new Option(
        '--max-warnings <n>',
        'exit 1 when more than n warnings count (after --rule; baselined ones do not)',
      ).argParser(parseMaxWarnings),
    )
    .option('--exit-zero', 'exit 0 where findings would exit 1 (never hides exit 2 or 130)')
    .addOption(
      new Option(
        '--bail [n]',
        'start no more files once n (default 1) have findings at or above --fail-on; the rest are skipped',
      ).argParser(parseBail),
    )
    .addOption(
      // Checked against the catalogue after parsing, so runs without --rule never load it here.
      new Option('--rule <id=level>', 'set a rule to off|info|warning|error (repeatable)').argParser(
        collect((v) => v),
      ),
    )
    .addOption(
      new Option(
        '--max-diagnostics-per-file <n>',
        'diagnostics kept per document, errors first; counts stay exact',
      )
        .default(1000)
        .argParser(parseNonNegativeInt),
    )
    .addOption(
      new Option('--target <version>', `check against this version (${TARGETS.join('|')})`).argParser(
        parseTarget,
      ),
    )
    .addOption(
      new Option('--stream-threshold <size>', 'JSON files above this size are streamed (e.g. 64MiB)')
        .default(64 * 1024 * 1024, '64MiB')
        .argParser(parseSize),
    )
    .addOption(
      new Option('--max-file-size <size>', 'skip files above this size (default: no limit)').argParser(
        parseSize,
      ),
    )
    .addOption(
      // The largest tool of the real 17,578-tool dump is 49 KB as JSON; 32 MiB only stops a pathological
      // element from being buffered whole (it is reported and skipped; the rest of the dump is checked).
      new Option('--max-element-size <size>', 'streamed files: skip a tool or member value above this size')
        .default(32 * 1024 * 1024, '32MiB')
        .argParser(parseSize),
    )
    .addOption(
      new Option(
        '--worker-memory <MB>',
        'heap limit per worker thread in MB (default: RAM share, 512–4096)',
      ).argParser(parsePositiveInt),
    )
    .addOption(
      new Option(
        '--shard <K/N>',
        'check shard K of N (1-based) of the sorted input; merge the outputs with `merge`',
      ).argParser(parseShardOption),
    )
    .option('--cache', 'replay the results of files whose content did not change since the last --cache run')
    .option('--cache-location <dir>', 'where --cache keeps its store', DEFAULT_CACHE_LOCATION)
    .option(
      '--baseline <file>',
      'findings recorded in this baseline (or a previous NDJSON report) do not fail the run',
    )
    .option('--write-baseline <file>', "record this run's findings as a baseline")
    .option('--strict-baseline', 'with --baseline: also fail when baselined findings are gone')
    .option('--show-suppressed', 'stylish and text: also list the findings the --baseline covers')
    .option('--stats', 'time each document by phase and each rule; adds timings and summary stats')
    .option('-q, --quiet', 'report error-level diagnostics only; no progress or closing line')
    .option('--no-progress', 'never draw the progress line')
    .option('--code-frame', 'stylish, text and html: show the offending lines under each finding')
    .option('--color', 'colour stylish and text even when stdout is not a terminal (also FORCE_COLOR=1)')
    .option('--no-color', 'never colour stylish and text (also NO_COLOR=1)')
    .option(
      '--config <file>',
      'settings file to use instead of the mcpdesc-validate.config.json found from the working directory up',
    )
    .option('--no-config', 'use no config file')
    .option('--print-config', 'print the effective settings (config file and command line) as JSON and exit')
    .addHelpText('after', HELP_AFTER)
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
}

/** A usage error found after parsing, worded and closed as commander's own (exit 2). */
function usageError(io: Pick<CliIo, 'stderr'>, message: string): number {
  io.stderr.write(`error: ${message}\n(run with --help for usage)\n`);
  return EXIT_FAILURE;
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
    ...(process.env.MCPDESC_VALIDATE_TEST_WORKER
      ? { workerUrl: new URL(process.env.MCPDESC_VALIDATE_TEST_WORKER, `file://${process.cwd()}/`) }
      : {}),
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
      const { runCompare, runMerge } = await import('../scale/subcommands.js');
      code =
        argv[0] === 'merge'
          ? await runMerge(argv.slice(1), io.stdout, io.stderr, interrupt!)
          : await runCompare(argv.slice(1), io.stdout, io.stderr, interrupt!, {
              stdoutIsTTY: io.stdoutIsTTY,
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

async function validateCommand(argv: string[], io: CliIo, version: string): Promise<number> {
  const program = buildProgram(version).configureOutput({
    writeOut: (s) => io.stdout.write(s),
    writeErr: (s) => io.stderr.write(s),
  });
  // --config and --no-config share one value in commander (the last wins); both given is a mistake
  // worth naming rather than a silent choice.
  const configFlags = new Set<string>();
  program.on('option:config', () => configFlags.add('config'));
  program.on('option:no-config', () => configFlags.add('no-config'));
  try {
    program.parse(spellBail(argv), { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : EXIT_FAILURE;
    throw error;
  }
  const o = program.opts<RawOptions>();
  // The config file fills in what the command line left out; it writes into `o` (src/cli/config.ts).
  let config: LoadedConfig | null;
  try {
    config = await applyConfig(program, io.cwd, formatTable(), {
      ...(o.config !== undefined ? { config: o.config } : {}),
      both: configFlags.size > 1,
      ...(io.interrupt
        ? { read: (file) => io.interrupt!.reading([file], () => readFile(file, 'utf8')) }
        : {}),
    });
  } catch (error) {
    // Interrupted while the config file was read (a named pipe waiting for its writer): the run ends at
    // once, with its summary, from the command line's settings.
    if (io.interrupt?.interrupted) config = null;
    else if (error instanceof ConfigError) return usageError(io, error.message);
    else throw error;
  }
  let formats: FormatSpec[];
  try {
    formats = resolveFormats(o.format ?? config?.values.formats ?? [], io.stdoutIsTTY);
  } catch (error) {
    return usageError(io, `option '--format <name[=path]>': ${(error as Error).message}`);
  }
  // --rule entries override the config's level of the same id, and leave its other ids alone.
  const ruleLevels: CliSettings['ruleLevels'] = { ...config?.values.rules };
  if (o.rule) {
    const { RULES } = await import('../validation/rules/index.js');
    const known = new Set(RULES.map((r) => r.id));
    for (const value of o.rule) {
      try {
        const [id, level] = parseRule(value, known);
        ruleLevels[id] = level;
      } catch (error) {
        return usageError(
          io,
          `option '--rule <id=level>' argument '${value}' is invalid. ${(error as Error).message}`,
        );
      }
    }
  }
  if (o.strictBaseline && o.baseline === undefined) {
    return usageError(
      io,
      program.getOptionValueSource('strictBaseline') === 'config'
        ? `${config!.shown}: "strictBaseline" needs "baseline" (or --baseline <file>)`
        : "option '--strict-baseline' needs --baseline <file>",
    );
  }
  // Without --cache nothing reads or writes the store: a location given alone would be ignored, and
  // the user would believe the run was cached.
  if (program.getOptionValueSource('cacheLocation') === 'cli' && !o.cache) {
    return usageError(io, "option '--cache-location <dir>' needs --cache");
  }
  if (o.stdinFilename !== undefined && o.stdinFilepath !== undefined && o.stdinFilename !== o.stdinFilepath) {
    return usageError(io, "options '--stdin-filename' and '--stdin-filepath' name the document differently");
  }
  const stdinFilename = o.stdinFilename ?? o.stdinFilepath ?? null;
  // Named for a document that is never read, the name would silently do nothing.
  if (stdinFilename !== null && !program.args.includes('-') && o.filesFrom === undefined) {
    return usageError(io, "option '--stdin-filename <name>' needs - (standard input) among the inputs");
  }
  if (o.bail !== undefined && o.failOn === 'never') {
    return usageError(
      io,
      "option '--bail [n]' needs a --fail-on level other than never (no file would ever fail)",
    );
  }
  // A baseline written from a run that stopped early would lack the findings of the files not checked,
  // and the next run would fail on them as new.
  if (o.bail !== undefined && o.writeBaseline !== undefined) {
    return usageError(
      io,
      "option '--bail [n]' cannot be combined with --write-baseline (the baseline would miss the files not checked)",
    );
  }
  if (o.null && o.filesFrom === undefined) {
    return usageError(io, "option '-0, --null' needs --files-from <file|->");
  }
  if (program.args.includes('')) {
    // An empty argument resolves to the working directory, so an unset shell variable
    // (`mcpdesc-validate "$REGISTRY"`) would silently check everything under it.
    return usageError(io, "an empty pattern ('') names no file (an unset shell variable?)");
  }
  // Options of the reports for people only: without one, say so rather than ignore them (the user
  // asked for something the run will not show).
  if (!formats.some((f) => isHumanFormat(f.name))) {
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
  // The config's patterns are the inputs of a command line that names none (negations still add).
  const namesInputs = program.args.some((p) => !p.startsWith('!')) || o.filesFrom !== undefined;
  const settings: CliSettings = {
    argv,
    patterns: namesInputs ? program.args : [...(config?.values.patterns ?? []), ...program.args],
    filesFrom: o.filesFrom ?? null,
    nul: o.null === true,
    ignorePath: o.ignorePath ?? null,
    stdinFormat: o.stdinFormat,
    formats,
    concurrency: o.concurrency,
    failOn: o.failOn,
    ruleLevels,
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
    stdinFilename,
    allowEmpty: o.allowEmpty === true || !o.errorOnUnmatchedPattern,
    configFile: config?.shown ?? null,
    stats: o.stats === true,
  };
  if (o.printConfig) {
    io.stdout.write(`${JSON.stringify(describeSettings(settings, program, config, namesInputs), null, 2)}\n`);
    return 0;
  }
  return runValidate(settings, io);
}
