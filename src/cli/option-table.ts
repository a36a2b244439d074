// Every option of the validation command, declared once. The commander program, the config file's
// schema (and so its generated validator), the option reference in docs/cli.md (checked by a test) and
// `merge`'s list of options shards may differ in are all read from this table: adding an option is one
// entry here plus its behaviour.
import { type Command, InvalidArgumentError, Option } from 'commander';
import { parseShard, type Shard } from '../reports/shard.js';
import { TARGETS } from '../types.js';
import {
  collect,
  FAIL_ON,
  type FormatTable,
  parseBail,
  parseConcurrency,
  parseFailOn,
  parseFormat,
  parseMaxWarnings,
  parseNonNegativeInt,
  parsePositiveInt,
  parseSize,
  parseStdinFilename,
  parseStdinFormat,
  parseTarget,
  STDIN_FORMATS,
} from './options.js';

/** `--shard K/N`; commander names the option, so the message does not again. */
function parseShardOption(value: string): Shard {
  try {
    return parseShard(value);
  } catch (error) {
    const message = (error as Error).message.replace(/^--shard:? /, '');
    throw new InvalidArgumentError(`${message[0]!.toUpperCase()}${message.slice(1)}.`);
  }
}

export type OptionGroup = 'Inputs' | 'Rules and verdict' | 'Reports' | 'Scale' | 'Settings';

/** How a config-file key is written and checked (the schema) and what a wrong value is told. */
export interface ConfigKey {
  /** JSON Schema of the value (draft-07), without its description. */
  schema: Record<string, unknown>;
  /** The key's description in the schema: what editors show. */
  description: string;
  /** "must be …" in the message for a wrong value. */
  expect: string;
  /** How the checked value becomes the option's value (paths are relative to the config file). */
  convert?: 'path' | 'size' | 'concurrency' | 'failOn';
}

/**
 * An option in the `run` record's `options`: its `key`, its place `at` in the record's own order, and
 * whether it is written `always` or only when `set` (left out when null or false). `same`: it changes
 * records or the verdict, and `merge` refuses shards that differ in it (`compare` notes it); `may-differ`:
 * it describes one invocation (where its reports or its config file are, whether it used the cache).
 */
export interface RecordTreatment {
  key: RecordKey;
  at: number;
  written: 'always' | 'set';
  shards: 'same' | 'may-differ';
}

/** The run record's option keys (src/cli/run-record.ts gives each its value). */
export type RecordKey =
  | 'failOn'
  | 'ruleLevels'
  | 'maxDiagnosticsPerFile'
  | 'streamThreshold'
  | 'maxFileSize'
  | 'maxElementSize'
  | 'quiet'
  | 'formats'
  | 'cache'
  | 'baseline'
  | 'strictBaseline'
  | 'maxWarnings'
  | 'exitZero'
  | 'bail'
  | 'stdinFilename'
  | 'allowEmpty'
  | 'config'
  | 'stats';

/** An option of a command: the main command's (OptionEntry) or a subcommand's (subcommand-table.ts). */
export interface CommandOption {
  /** Commander's flags: `-f, --format <name[=path]>`. */
  flags: string;
  /** One line for --help. */
  help: string;
  /** The heading it is listed under in --help (default: Options). */
  group?: OptionGroup;
  default?: { value: unknown; shown?: string };
  /** Parses the command line's value (commander's argParser). */
  parse?: (value: string, previous: never) => unknown;
  /** Other tools' spellings of the same option, hidden from --help (docs/cli.md names them). */
  aliases?: readonly string[];
  /** The usage error when it and an alias are given different values (default: they disagree). */
  disagree?: string;
  /** Not listed in --help (docs/cli.md still documents it). */
  hidden?: boolean;
}

export interface OptionEntry extends CommandOption {
  group: OptionGroup;
  /** Set by the config file under the option's attribute name (`failOn` for --fail-on). */
  config?: ConfigKey;
  /** How the `run` record's `options` carries it; null: they do not (it changes no record, or the record has it elsewhere). */
  record: RecordTreatment | null;
}

const SIZE_SCHEMA = {
  oneOf: [
    { type: 'integer', minimum: 0 },
    { type: 'string', pattern: '^\\s*\\d+(\\.\\d+)?\\s*([bB]|[kKmMgG]([iI]?[bB])?)?\\s*$' },
  ],
};
const SIZE_WORDS =
  'Bytes as a number, or a string with a unit: k, KiB, m, MiB, g, GiB are binary, KB, MB, GB decimal (e.g. "64MiB", "1.5GiB").';
const SIZE_EXPECT = 'a size: bytes as a number, or a string such as "64MiB", "512KB" or "2GiB"';
const PATH_SCHEMA = { type: 'string', minLength: 1 };
const BOOLEAN: Pick<ConfigKey, 'schema' | 'expect'> = {
  schema: { type: 'boolean' },
  expect: 'true or false',
};

/** A boolean config key described by its option. */
const flag = (description: string): ConfigKey => ({ ...BOOLEAN, description });

export const OPTION_TABLE: readonly OptionEntry[] = [
  // Inputs
  {
    flags: '--files-from <file|->',
    help: 'read input paths from a file (- for stdin)',
    group: 'Inputs',
    record: null,
  },
  { flags: '-0, --null', help: 'with --files-from: NUL-separated paths', group: 'Inputs', record: null },
  {
    flags: '--stdin-filename <name>',
    help: 'name of the document read from -',
    group: 'Inputs',
    parse: parseStdinFilename,
    aliases: ['--stdin-filepath <name>'],
    record: { key: 'stdinFilename', at: 14, written: 'set', shards: 'same' },
  },
  {
    flags: '--stdin-format <format>',
    help: `format of - (${STDIN_FORMATS.join('|')})`,
    group: 'Inputs',
    default: { value: 'unknown', shown: 'auto' },
    parse: parseStdinFormat,
    record: null,
  },
  {
    flags: '--ignore-path <file>',
    help: 'ignore file instead of ./.mcpdescignore',
    group: 'Inputs',
    config: {
      schema: PATH_SCHEMA,
      description: '--ignore-path: the ignore file (gitignore syntax) to use instead of ./.mcpdescignore.',
      expect: 'a non-empty string',
      convert: 'path',
    },
    record: null,
  },
  {
    flags: '--ignore-pattern <glob>',
    help: 'skip files matching this glob (repeatable)',
    group: 'Inputs',
    parse: collect((v) => v),
    record: null,
  },
  { flags: '--no-ignore', help: 'read no ignore file', group: 'Inputs', record: null },
  {
    flags: '--allow-empty',
    help: 'exit 0 when no input matches',
    group: 'Inputs',
    aliases: ['--no-error-on-unmatched-pattern'],
    record: { key: 'allowEmpty', at: 15, written: 'set', shards: 'same' },
  },
  // Rules and verdict
  {
    flags: '--target <version>',
    help: 'check documents against this version',
    group: 'Rules and verdict',
    parse: parseTarget,
    config: {
      schema: { enum: [...TARGETS] },
      description: '--target: check every document against this version.',
      expect: `one of ${TARGETS.join(', ')}`,
    },
    record: null,
  },
  {
    flags: '--rule <id=level>',
    help: 'off|info|warning|error (repeatable)',
    group: 'Rules and verdict',
    // Checked against the catalogue after parsing, so runs without --rule never load it here.
    parse: collect((v) => v),
    record: { key: 'ruleLevels', at: 1, written: 'always', shards: 'same' },
  },
  {
    flags: '--fail-on <level>',
    help: `${FAIL_ON.join('|')}: fails the run`,
    group: 'Rules and verdict',
    default: { value: 'error' },
    parse: parseFailOn,
    aliases: ['--fail-severity <level>'],
    config: {
      schema: { enum: ['error', 'warning', 'warn', 'info', 'never'] },
      description: '--fail-on: the lowest severity that makes the exit code 1.',
      expect: `one of ${FAIL_ON.join(', ')}`,
      convert: 'failOn',
    },
    record: { key: 'failOn', at: 0, written: 'always', shards: 'same' },
  },
  {
    flags: '--max-warnings <n>',
    help: 'exit 1 above n warnings',
    group: 'Rules and verdict',
    parse: parseMaxWarnings,
    config: {
      schema: { type: 'integer', minimum: -1 },
      description: '--max-warnings: exit 1 above this many warnings; -1 means no limit.',
      expect: 'a non-negative integer (or -1 for no limit)',
    },
    record: { key: 'maxWarnings', at: 11, written: 'set', shards: 'same' },
  },
  {
    flags: '--exit-zero',
    help: 'exit 0 where findings would exit 1',
    group: 'Rules and verdict',
    record: { key: 'exitZero', at: 12, written: 'set', shards: 'same' },
  },
  {
    flags: '--bail [n]',
    help: 'stop after n (default 1) failing files',
    group: 'Rules and verdict',
    parse: parseBail,
    record: { key: 'bail', at: 13, written: 'set', shards: 'same' },
  },
  {
    flags: '--max-diagnostics-per-file <n>',
    help: 'diagnostics kept per document',
    group: 'Rules and verdict',
    default: { value: 1000 },
    parse: parseNonNegativeInt,
    config: {
      schema: { type: 'integer', minimum: 0 },
      description: '--max-diagnostics-per-file.',
      expect: 'a non-negative integer',
    },
    record: { key: 'maxDiagnosticsPerFile', at: 2, written: 'always', shards: 'same' },
  },
  // Reports
  {
    flags: '-o, --output-file <file>',
    help: 'write the report to a file, not stdout',
    group: 'Reports',
    record: null,
  },
  {
    flags: '-q, --quiet',
    help: 'errors only; no progress, no closing line',
    group: 'Reports',
    config: flag('--quiet: report error-level diagnostics only.'),
    record: { key: 'quiet', at: 6, written: 'always', shards: 'same' },
  },
  {
    flags: '--code-frame',
    help: 'stylish, text, html: show the lines',
    group: 'Reports',
    config: flag('--code-frame: the text and html reports show the offending lines.'),
    record: null,
  },
  {
    flags: '--show-suppressed',
    help: 'stylish and text: list baselined findings',
    group: 'Reports',
    config: flag(
      '--show-suppressed: the stylish and text reports also list the findings the baseline covers.',
    ),
    record: null,
  },
  {
    flags: '--color',
    help: 'colour stylish and text even in a file',
    group: 'Reports',
    record: null,
  },
  { flags: '--no-color', help: 'never colour stylish and text', group: 'Reports', record: null },
  {
    flags: '--no-progress',
    help: 'never draw the progress line',
    group: 'Reports',
    record: null,
  },
  {
    flags: '--stats',
    help: 'time each document and each rule',
    group: 'Reports',
    config: flag('--stats: phase timings on every file record, per-rule time in the summary.'),
    record: { key: 'stats', at: 17, written: 'set', shards: 'same' },
  },
  // Scale
  {
    flags: '--concurrency <auto|N>',
    help: 'worker threads; 0: in-process',
    group: 'Scale',
    default: { value: 'auto' },
    parse: parseConcurrency,
    config: {
      schema: { oneOf: [{ enum: ['auto', 'off'] }, { type: 'integer', minimum: 0, maximum: 1024 }] },
      description: '--concurrency: worker threads; 0 or "off" runs in-process.',
      expect: '"auto", "off" or a number of threads from 0 (in-process) to 1024',
      convert: 'concurrency',
    },
    record: null,
  },
  {
    flags: '--stream-threshold <size>',
    help: 'stream JSON files above this size',
    group: 'Scale',
    default: { value: 64 * 1024 * 1024, shown: '64MiB' },
    parse: parseSize,
    config: {
      schema: SIZE_SCHEMA,
      description: `--stream-threshold: JSON files above this size are streamed. ${SIZE_WORDS}`,
      expect: SIZE_EXPECT,
      convert: 'size',
    },
    record: { key: 'streamThreshold', at: 3, written: 'always', shards: 'same' },
  },
  {
    flags: '--max-file-size <size>',
    help: 'skip files above this size',
    group: 'Scale',
    parse: parseSize,
    config: {
      schema: SIZE_SCHEMA,
      description: `--max-file-size: larger files are skipped. ${SIZE_WORDS}`,
      expect: SIZE_EXPECT,
      convert: 'size',
    },
    record: { key: 'maxFileSize', at: 4, written: 'always', shards: 'same' },
  },
  {
    // The largest tool of the real dump is 49 KB as JSON; the limit only stops a pathological element
    // from being buffered whole (it is reported and skipped; the rest of the dump is checked).
    flags: '--max-element-size <size>',
    help: 'skip a streamed value above it',
    group: 'Scale',
    default: { value: 32 * 1024 * 1024, shown: '32MiB' },
    parse: parseSize,
    config: {
      schema: SIZE_SCHEMA,
      description: `--max-element-size: streamed files skip a value above this size. ${SIZE_WORDS}`,
      expect: SIZE_EXPECT,
      convert: 'size',
    },
    record: { key: 'maxElementSize', at: 5, written: 'always', shards: 'same' },
  },
  {
    flags: '--worker-memory <MB>',
    help: 'heap limit per worker thread',
    group: 'Scale',
    parse: parsePositiveInt,
    config: {
      schema: { type: 'integer', minimum: 1 },
      description: '--worker-memory: heap limit per worker thread, in MB.',
      expect: 'a positive integer (MB)',
    },
    record: null,
  },
  {
    flags: '--shard <K/N>',
    help: 'check shard K of N; see merge',
    group: 'Scale',
    parse: parseShardOption,
    record: null,
  },
  {
    flags: '--cache',
    help: 'replay the results of unchanged files',
    group: 'Scale',
    config: flag('--cache: replay the results of unchanged files.'),
    record: { key: 'cache', at: 8, written: 'set', shards: 'may-differ' },
  },
  {
    flags: '--cache-location <dir>',
    help: "--cache's store (default: node_modules/.cache/ in a Node project, else ./.mcpdesc-validate-cache/)",
    group: 'Scale',
    config: {
      schema: PATH_SCHEMA,
      description: '--cache-location: where --cache keeps its store.',
      expect: 'a non-empty string',
      convert: 'path',
    },
    record: null,
  },
  {
    flags: '--baseline <file>',
    help: 'findings in this file do not fail',
    group: 'Scale',
    config: {
      schema: PATH_SCHEMA,
      description: '--baseline: findings recorded in this file do not fail the run.',
      expect: 'a non-empty string',
      convert: 'path',
    },
    record: { key: 'baseline', at: 9, written: 'set', shards: 'same' },
  },
  {
    flags: '--write-baseline <file>',
    help: 'record the findings as a baseline',
    group: 'Scale',
    record: null,
  },
  {
    flags: '--strict-baseline',
    help: 'also fail when baselined ones are gone',
    group: 'Scale',
    config: flag('--strict-baseline: also fail when baselined findings are gone (needs baseline).'),
    record: { key: 'strictBaseline', at: 10, written: 'set', shards: 'same' },
  },
  // Settings
  {
    flags: '--config <file>',
    help: 'settings file (default: found upward)',
    group: 'Settings',
    record: { key: 'config', at: 16, written: 'set', shards: 'may-differ' },
  },
  { flags: '--no-config', help: 'use no config file', group: 'Settings', record: null },
  { flags: '--print-config', help: 'print the settings as JSON and exit', group: 'Settings', record: null },
];

// A shard names its own report files.
const FORMATS_RECORD: RecordTreatment = { key: 'formats', at: 7, written: 'always', shards: 'may-differ' };

/** The -f option, which needs the reporters' names; listed in the table's place for reports. */
export function formatEntry(formats: FormatTable): OptionEntry {
  return {
    flags: '-f, --format <name[=path]>',
    help: `${formats.names.join(', ')}; repeat with =path (default: stylish on a terminal, else ndjson)`,
    group: 'Reports',
    parse: collect((v) => parseFormat(v, formats)),
    record: FORMATS_RECORD,
  };
}

/** The table with -f in it, in --help's order. */
export function optionEntries(formats: FormatTable): OptionEntry[] {
  const at = OPTION_TABLE.findIndex((e) => e.group === 'Reports');
  return [...OPTION_TABLE.slice(0, at), formatEntry(formats), ...OPTION_TABLE.slice(at)];
}

/** Commander's attribute name of an entry: `failOn` for `--fail-on <level>`, `color` for `--no-color`. */
export const attributeOf = (entry: Pick<OptionEntry, 'flags'>): string =>
  new Option(entry.flags).attributeName();

/** The commander options of an entry: the option itself, then each alias (hidden). */
export function commanderOptions(entry: CommandOption): Option[] {
  const option = new Option(entry.flags, entry.help);
  if (entry.group !== undefined) option.helpGroup(`${entry.group}:`);
  if (entry.default !== undefined) option.default(entry.default.value, entry.default.shown);
  if (entry.parse) option.argParser(entry.parse as (value: string, previous: unknown) => unknown);
  if (entry.hidden) option.hideHelp();
  const aliases = (entry.aliases ?? []).map((flags) => {
    const alias = new Option(flags).hideHelp();
    if (entry.parse) alias.argParser(entry.parse as (value: string, previous: unknown) => unknown);
    return alias;
  });
  return [option, ...aliases];
}

/**
 * Other tools' spellings (hidden aliases) set the option they stand for. Both spellings given with
 * different values is a mistake to name, not a silent choice: the usage error's message, or null.
 */
export function conflictingAlias(program: Command, entries: readonly CommandOption[]): string | null {
  for (const entry of entries) {
    const key = attributeOf(entry);
    for (const flags of entry.aliases ?? []) {
      const alias = new Option(flags);
      const aliasKey = alias.attributeName();
      if (program.getOptionValueSource(aliasKey) !== 'cli') continue;
      // A negated alias (--no-error-on-unmatched-pattern) turns its option on.
      const value = alias.negate ? true : program.getOptionValue(aliasKey);
      if (program.getOptionValueSource(key) === 'cli' && program.getOptionValue(key) !== value) {
        return (
          entry.disagree ??
          `options '${new Option(entry.flags).long}' and '${alias.long}' disagree (${JSON.stringify(program.getOptionValue(key))} and ${JSON.stringify(value)})`
        );
      }
      program.setOptionValueWithSource(key, value, 'cli');
    }
  }
  return null;
}

/** Config keys in the table's order: attribute name → its entry. */
export function configEntries(): Array<[string, OptionEntry & { config: ConfigKey }]> {
  return OPTION_TABLE.filter((e): e is OptionEntry & { config: ConfigKey } => e.config !== undefined).map(
    (e) => [attributeOf(e), e],
  );
}

/** What the `run` record's `options` carries, in the record's order (the -f entry's included). */
export const RECORD_TREATMENTS: readonly RecordTreatment[] = [
  ...OPTION_TABLE.flatMap((e) => (e.record ? [e.record] : [])),
  FORMATS_RECORD,
].sort((a, b) => a.at - b.at);

/**
 * Keys of `run.options` that shards of one run may differ in (`merge` requires the others equal), and
 * that `compare` does not note as a difference between two runs: they describe one invocation.
 */
export const OPTIONS_SHARDS_MAY_DIFFER: ReadonlySet<string> = new Set(
  RECORD_TREATMENTS.filter((r) => r.shards === 'may-differ').map((r) => r.key),
);
