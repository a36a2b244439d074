// The options of `report`, `merge` and `compare`, declared as the main command's are (option-table.ts):
// each subcommand's commander program, its --help and its usage errors are built from these entries,
// and docs/cli.md's subcommand sections are checked against them by a test.
import { Command, CommanderError, InvalidArgumentError, type OptionValues } from 'commander';
import { helpWidth, wrapHelp } from '../help-text.js';
import { CHANGES, type Change } from '../reports/compare.js';
import { EXIT_FAILURE } from './exit-code.js';
import { type CommandOption, commanderOptions, conflictingAlias } from './option-table.js';
import { collect, FAIL_ON, type FormatTable, parseFailOn, parseFormat } from './options.js';
import { tryHelp, usageError } from './usage.js';

export type SubcommandName = 'report' | 'merge' | 'compare';

export interface SubcommandSpec {
  name: SubcommandName;
  description: string;
  /** The usage line after the command's name. */
  usage: string;
  /** Commander's argument (`[shards...]`): the command checks the count itself, in its own words. */
  argument: { name: string; help: string };
  options: readonly CommandOption[];
  /** After the options: what the inputs may be, the exit codes. */
  helpAfter: string;
}

/** `-o, --output`, and the main command's spelling of it, hidden. */
const output = (what: string): CommandOption => ({
  flags: '-o, --output <file>',
  help: `write ${what} to this file (atomically) instead of stdout`,
  aliases: ['--output-file <file>'],
  disagree: '--output and --output-file name different files; give one',
});

function parseCompareFormat(value: string): 'ndjson' | 'text' {
  if (value !== 'ndjson' && value !== 'text') throw new InvalidArgumentError('Expected ndjson or text.');
  return value;
}

function parseOnly(value: string): Set<Change> {
  const picked = new Set<Change>();
  for (const part of value.split(',').map((s) => s.trim())) {
    if (!(CHANGES as readonly string[]).includes(part)) {
      throw new InvalidArgumentError(
        `Expected a comma-separated list of ${CHANGES.join(', ')}; got "${part}".`,
      );
    }
    picked.add(part as Change);
  }
  return picked;
}

export const MERGE: SubcommandSpec = {
  name: 'merge',
  description:
    'Combine the NDJSON outputs of the shards of one run (--shard K/N) into one report in document order, with one summary recomputed for the whole run.',
  usage: '[options] SHARD.ndjson...',
  argument: { name: '[shards...]', help: 'the NDJSON outputs of the shards; may be gzip-compressed (.gz)' },
  options: [output('the merged report')],
  helpAfter: `
Exit codes: 0 clean, 1 findings at or above the run's --fail-on, 2 inputs refused, incomplete or
unreadable, 130 interrupted.`,
};

export const COMPARE: SubcommandSpec = {
  name: 'compare',
  description:
    'List findings that are new, fixed or unchanged between two reports (matched by file, rule and JSON pointer, never by line), followed by a tally.',
  usage: '[options] OLD.ndjson NEW.ndjson',
  argument: { name: '[reports...]', help: 'the earlier report, then the later one' },
  options: [
    {
      flags: '-f, --format <ndjson|text>',
      help: 'output format (default: text on a terminal, else ndjson)',
      parse: parseCompareFormat,
    },
    output('the comparison'),
    {
      flags: '--only <list>',
      help: 'changes to list, comma-separated from new,fixed,unchanged (default: all for ndjson, new,fixed for text); the tally always counts all',
      parse: parseOnly,
    },
    {
      flags: '--fail-on <level>',
      help: `lowest severity of a new finding that makes the exit code 1: ${FAIL_ON.join('|')} (default: info, any new finding)`,
      parse: parseFailOn,
    },
  ],
  helpAfter: `
Exit codes: 0 no new finding at or above --fail-on LEVEL, 1 some, 2 usage error or unreadable input,
130 interrupted.`,
};

export function reportSpec(formats: FormatTable): SubcommandSpec {
  return {
    name: 'report',
    description:
      'Render NDJSON reports written by earlier runs (-f ndjson) in any report format, without validating again.',
    usage: '[options] <reports...>',
    argument: {
      name: '<reports...>',
      help: 'NDJSON reports: one run, or the --shard outputs of one run; - for standard input',
    },
    options: [
      {
        flags: '-f, --format <name[=path]>',
        help: `report format (${formats.names.join(', ')}); repeat with =path for files (default: stylish on a terminal, else ndjson)`,
        parse: collect((v) => parseFormat(v, formats)),
      },
      {
        ...output('the format that would go to stdout'),
        help: 'write the format that would go to stdout to this file instead (atomically)',
      },
      {
        flags: '--fail-on <level>',
        help: `lowest severity that makes the exit code 1 (${FAIL_ON.join('|')}; default: the run's own --fail-on)`,
        parse: parseFailOn,
      },
      { flags: '--code-frame', help: 'stylish, text and html: show the offending lines under each finding' },
      {
        flags: '--show-suppressed',
        help: "stylish and text: also list the findings the run's --baseline covers",
      },
      {
        flags: '--compare <old.ndjson>',
        help: 'html format: show what is new and what was fixed since this earlier report (one input only)',
      },
      {
        flags: '--color',
        help: 'colour the text report even when stdout is not a terminal (also FORCE_COLOR=1)',
      },
      { flags: '--no-color', help: 'never colour the text report (also NO_COLOR=1)' },
    ],
    helpAfter: REPORT_HELP_AFTER,
  };
}

const REPORT_HELP_AFTER = `
One input is one run (a whole run, a shard, or a merged report) and is rendered as it is; several
inputs are the shards of one run, combined as \`merge\` combines them (same refusals). Inputs may be
gzip-compressed (.gz; on standard input, recognised by its first bytes). \`-\` (at most once) reads a
report from standard input (\`mcpdesc-validate reg -f ndjson | mcpdesc-validate report - -f sarif\`). Run it where the validation ran: file names in the records are relative to
that directory (code frames re-read the files, SARIF, GitHub and GitLab paths are made relative to
the repository root, GITHUB_WORKSPACE or the working directory).

Exit codes:
  0    no finding at or above --fail-on (baseline-suppressed findings never count), or the run's
       own --exit-zero turned its 1 into 0
  1    findings at or above --fail-on, or more warnings than the run's own --max-warnings (or its
       --strict-baseline failed it)
  2    usage error; an input unreadable, not an NDJSON report, cut short or holding an invalid
       record; inputs that are not shards of one run; or the run itself ended with exit 2
       (inputs it could not check) or was interrupted`;

/** The subcommand's commander program, built from its spec as the main command's is from its table. */
export function subcommandProgram(spec: SubcommandSpec): Command {
  const program = new Command(`mcpdesc-validate ${spec.name}`)
    .description(spec.description)
    .usage(spec.usage)
    .argument(spec.argument.name, spec.argument.help)
    .helpOption('-h, --help', 'show this help');
  for (const entry of spec.options) for (const option of commanderOptions(entry)) program.addOption(option);
  return program.addHelpText('after', spec.helpAfter).showHelpAfterError(tryHelp(spec.name)).exitOverride();
}

export interface ParsedSubcommand<O> {
  options: O;
  args: string[];
  /** Where each option's value came from (`cli`, `default`, `env`). */
  source(key: string): string | undefined;
}

/**
 * The command line of a subcommand, parsed by its program: the options (aliases applied) and the
 * arguments, or the exit code when parsing ended the command (0 after --help, 2 after a usage error,
 * said on `err` as the main command says it).
 */
export function parseSubcommand<O extends OptionValues>(
  spec: SubcommandSpec,
  args: readonly string[],
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream,
): ParsedSubcommand<O> | number {
  const program = subcommandProgram(spec).configureOutput({
    writeOut: (s) => out.write(wrapHelp(s, helpWidth(out))),
    writeErr: (s) => err.write(s),
    getOutHelpWidth: () => helpWidth(out),
    getErrHelpWidth: () => 80,
  });
  try {
    program.parse([...args], { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : EXIT_FAILURE;
    throw error;
  }
  const conflict = conflictingAlias(program, spec.options);
  if (conflict !== null) return usageError(err, conflict, spec.name);
  return {
    options: program.opts<O>(),
    args: program.args,
    source: (key) => program.getOptionValueSource(key),
  };
}
