// The configuration file (`mcpdesc-validate.config.json`): settings a CI pipeline commits instead of a
// long command line. It only fills in what the command line left out, and it can set nothing the
// command line cannot: every key maps onto an existing option and is checked as strictly as that
// option's value, so a config file never changes behaviour in a way the flags could not.
//
// Plain JSON only (no comments or trailing commas): the project has no JSONC reader, and a hand-made
// comment stripper is one more parser whose edge cases would differ from every editor's.
// The check is the schema generated from the option table, compiled at build time (no schema
// compiler is loaded to read a config file); the messages say what the option would say.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, normalize, relative, resolve, sep } from 'node:path';
import type { Command } from 'commander';
import type { Level, Target } from '../types.js';
import { EXTRA_EXPECT } from './config-schema.js';
import { configEntries } from './option-table.js';
import { type FailOn, type FormatSpec, type FormatTable, LEVELS, parseFormat, parseSize } from './options.js';
import type { CliSettings } from './run.js';
import { shownSettings } from './run-record.js';

export const CONFIG_FILE = 'mcpdesc-validate.config.json';

/** A config file that cannot be used; the message names the file (and the key). Exit 2. */
export class ConfigError extends Error {}

/** The keys of a config file, validated, with relative paths already rebased onto the working directory. */
export interface ConfigValues {
  patterns?: string[];
  ignorePath?: string;
  target?: Target;
  rules?: Record<string, Level>;
  failOn?: FailOn;
  maxWarnings?: number;
  maxDiagnosticsPerFile?: number;
  concurrency?: 'auto' | number;
  streamThreshold?: number;
  maxFileSize?: number;
  maxElementSize?: number;
  workerMemory?: number;
  cache?: boolean;
  cacheLocation?: string;
  baseline?: string;
  strictBaseline?: boolean;
  showSuppressed?: boolean;
  formats?: FormatSpec[];
  quiet?: boolean;
  codeFrame?: boolean;
  stats?: boolean;
}

/** The option entries a config file can set, by key (commander's attribute name). */
const CONFIG_OPTIONS = new Map(configEntries());

/** Keys whose value commander holds under the same name; the config sets them as source 'config'. */
export const OPTION_KEYS: readonly string[] = [...CONFIG_OPTIONS.keys()];

/** Every key a config file may hold (`$schema` is for editors and ignored). */
export const CONFIG_KEYS: readonly string[] = ['$schema', 'patterns', 'rules', 'formats', ...OPTION_KEYS];

export interface LoadedConfig {
  /** The file as shown in messages and the run record: cwd-relative with `/`, or absolute as given. */
  shown: string;
  values: ConfigValues;
}

/** `/`-separated, as every path the CLI reports. */
const slashed = (path: string) => path.split(sep).join('/');

/**
 * The config file that applies in `cwd`: the first `mcpdesc-validate.config.json` from `cwd` upward.
 * The search stops at the repository root (a directory holding `.git`: a directory in a clone, a file
 * in a worktree or submodule), so a checkout never picks up a file from whatever directory it sits
 * in, and at the filesystem root. Returns the absolute path, or null.
 */
export function findConfig(cwd: string): string | null {
  let dir = resolve(cwd);
  for (;;) {
    const candidate = join(dir, CONFIG_FILE);
    if (existsSync(candidate)) return candidate;
    if (existsSync(join(dir, '.git'))) return null;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

const found = (value: unknown) => JSON.stringify(value);

interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  propertyName?: string;
}
type ConfigValidator = ((value: unknown) => boolean) & { errors?: SchemaError[] | null };

let validator: ConfigValidator | undefined;
/** The validator generated from the option table at build time (scripts/build-config-validator.ts). */
function configValidator(): ConfigValidator {
  validator ??= (createRequire(import.meta.url)('./compiled/config.cjs') as { default: ConfigValidator })
    .default;
  return validator;
}

/** `~1` and `~0` of a JSON Pointer segment. */
const unescapePointer = (segment: string) => segment.replaceAll('~1', '/').replaceAll('~0', '~');

/** What the schema's first complaint means, said as the option would say it. */
function describeSchemaError(
  error: SchemaError,
  raw: Record<string, unknown>,
  formatTable: FormatTable,
): string {
  if (error.instancePath === '' && error.keyword === 'additionalProperties') {
    const known = CONFIG_KEYS.filter((k) => k !== '$schema').join(', ');
    return `unknown key ${found(error.params.additionalProperty)} (known: ${known})`;
  }
  const [key = '', item] = error.instancePath.slice(1).split('/').map(unescapePointer);
  const value = raw[key];
  if (key === 'rules' && error.propertyName !== undefined) {
    return `"rules" names an unknown rule id ${found(error.propertyName)} (\`mcpdesc-validate rules\` lists them)`;
  }
  if (key === 'rules' && item !== undefined) {
    const level = (value as Record<string, unknown>)[item];
    return `"rules".${found(item)} must be one of off, info, warning, error; found ${found(level)}`;
  }
  if (item !== undefined) {
    const entry = (value as unknown[])[Number(item)];
    if (key === 'patterns' && entry === '-') {
      return `"patterns"[${item}] cannot be "-" (standard input is given on the command line)`;
    }
    if (key === 'formats' && typeof entry === 'string' && entry !== '') {
      try {
        parseFormat(entry, formatTable);
      } catch (reason) {
        return `"formats"[${item}] ${found(entry)} is invalid: ${(reason as Error).message}`;
      }
    }
    return `${found(key)}[${item}] must be a non-empty string; found ${found(entry)}`;
  }
  const expect = EXTRA_EXPECT[key] ?? CONFIG_OPTIONS.get(key)?.config.expect ?? 'valid';
  return `${found(key)} must be ${expect}; found ${found(value)}`;
}

/** The checked value of one option key, as the option itself would hold it. */
function convertValue(
  key: string,
  value: unknown,
  rebase: (path: string) => string,
  fail: (message: string) => never,
): unknown {
  const entry = CONFIG_OPTIONS.get(key)!;
  switch (entry.config.convert) {
    case 'path':
      return rebase(value as string);
    case 'failOn':
      return value === 'warn' ? 'warning' : value;
    case 'concurrency':
      return value === 'off' ? 0 : value;
    case 'size':
      if (typeof value === 'number') return value;
      try {
        return parseSize(value as string);
      } catch (error) {
        return fail(
          `${found(key)} must be ${entry.config.expect}; found ${found(value)} (${(error as Error).message})`,
        );
      }
    default:
      return value;
  }
}

/** Reads a config file's text and parses it as JSON, placing an error by line and column. */
async function readConfigJson(
  file: string,
  shown: string,
  read: (file: string) => Promise<string>,
): Promise<unknown> {
  let text: string;
  try {
    text = await read(file);
  } catch (error) {
    throw new ConfigError(`cannot read the config file ${shown}: ${(error as Error).message}`);
  }
  // Editors on Windows may save a byte order mark; it is not part of the JSON text.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // The document parser places errors by line and column (V8's JSON.parse messages do not). Loaded
  // here, only when a config file exists, so a run without one starts no slower.
  const [{ parseJsonText }, { positionAt }] = await Promise.all([
    import('../parsing/json.js'),
    import('../parsing/position.js'),
  ]);
  const parsed = parseJsonText(text);
  if (parsed.ok) return parsed.value;
  const finding = parsed.findings[0]!;
  const at = positionAt(text, finding.offset ?? 0);
  // JSON.parse would keep the last copy of a repeated key; a setting given twice is a mistake to name.
  const message =
    finding.kind === 'duplicate-key'
      ? `${found((finding.path ?? []).join('.'))} is given twice (JSON.parse would keep the last; remove one)`
      : finding.message;
  throw new ConfigError(`${shown}:${at.line}:${at.column}: ${message}`);
}

/**
 * Reads and validates one config file. `file` is absolute; `shown` names it in messages. Relative
 * paths inside it (patterns, ignorePath, cacheLocation, baseline, formats' `=path`) are relative to
 * the file's directory, so the same file works from any directory below it; they are returned relative
 * to `cwd`, as if typed there.
 */
export async function loadConfig(
  file: string,
  shown: string,
  cwd: string,
  formatTable: FormatTable,
  read: (file: string) => Promise<string> = (f) => readFile(f, 'utf8'),
): Promise<LoadedConfig> {
  const fail = (message: string): never => {
    throw new ConfigError(`${shown}: ${message}`);
  };
  const raw = await readConfigJson(file, shown, read);
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    fail(`must hold a JSON object of settings; found ${Array.isArray(raw) ? 'an array' : found(raw)}`);
  }
  const object = raw as Record<string, unknown>;
  const validate = configValidator();
  if (!validate(object)) fail(describeSchemaError(validate.errors![0]!, object, formatTable));

  const base = dirname(file);
  const rebase = (path: string) =>
    isAbsolute(path) ? path : slashed(relative(cwd, resolve(base, path))) || '.';
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) {
    if (key === '$schema') continue;
    if (key === 'patterns') {
      values.patterns = (value as string[]).map((p) =>
        p.startsWith('!') ? `!${rebase(p.slice(1))}` : rebase(p),
      );
    } else if (key === 'rules') {
      // Own keys only, and checked by the schema: every level is one of LEVELS' words.
      values.rules = Object.fromEntries(
        Object.entries(value as Record<string, string>).map(([id, level]) => [id, LEVELS[level]!]),
      );
    } else if (key === 'formats') {
      const specs = (value as string[]).map((f) => {
        const spec = parseFormat(f, formatTable);
        return spec.path === null ? spec : { name: spec.name, path: rebase(spec.path) };
      });
      if (specs.filter((s) => s.path === null).length > 1) {
        fail(`"formats": only one format may write to stdout; give the others =PATH`);
      }
      values.formats = specs;
    } else values[key] = convertValue(key, value, rebase, fail);
  }
  return { shown, values: values as ConfigValues };
}

export type SettingSource = 'cli' | 'config' | 'default';

/**
 * Finds (or takes `--config`) the config file, checks it, and writes its option values into `program`
 * as source 'config' wherever the command line did not give that option. Returns what commander does
 * not hold under the same name (patterns, rules, formats) for the caller to merge, or null when no
 * config file applies.
 */
export async function applyConfig(
  program: Command,
  cwd: string,
  formatTable: FormatTable,
  named: { config?: string | false; both: boolean; read?: (file: string) => Promise<string> },
): Promise<LoadedConfig | null> {
  if (named.both) throw new ConfigError("options '--config <file>' and '--no-config' contradict each other");
  if (named.config === false) return null;
  let file: string | null;
  let shown: string;
  if (named.config !== undefined) {
    // '' would resolve to the working directory itself (an unset shell variable?).
    if (named.config.trim() === '') throw new ConfigError("option '--config <file>' needs a file name");
    file = resolve(cwd, named.config);
    // Written as every reported path is: `./ci/x.json` is `ci/x.json`.
    shown = slashed(normalize(named.config));
    if (!existsSync(file)) throw new ConfigError(`cannot read the config file ${shown}: no such file`);
  } else {
    file = findConfig(cwd);
    if (file === null) return null;
    shown = slashed(relative(cwd, file));
  }
  const loaded = await loadConfig(file, shown, cwd, formatTable, named.read);
  for (const key of OPTION_KEYS) {
    const value = (loaded.values as Record<string, unknown>)[key];
    if (value === undefined || program.getOptionValueSource(key) === 'cli') continue;
    program.setOptionValueWithSource(key, value, 'config');
  }
  return loaded;
}

/**
 * `--print-config`: the settings a run would use, each with where it came from, so a CI log can show
 * why a run behaved as it did. Paths are as the run uses them (relative to the working directory).
 */
export function describeSettings(
  settings: CliSettings,
  program: Command,
  config: LoadedConfig | null,
  patternsFromCli: boolean,
): { configFile: string | null; settings: Record<string, unknown>; sources: Record<string, unknown> } {
  const opts = program.opts<{ cacheLocation: string; rule?: string[] }>();
  const sources: Record<string, unknown> = {};
  for (const key of OPTION_KEYS) {
    const source = program.getOptionValueSource(key);
    sources[key] = source === 'cli' || source === 'config' ? source : 'default';
  }
  sources.patterns = patternsFromCli ? 'cli' : config?.values.patterns ? 'config' : 'default';
  sources.formats =
    program.getOptionValueSource('format') === 'cli' ? 'cli' : config?.values.formats ? 'config' : 'default';
  const fromCli = new Set((opts.rule ?? []).map((r) => r.slice(0, r.lastIndexOf('=')).trim()));
  sources.rules = Object.fromEntries(
    Object.keys(settings.ruleLevels)
      .sort()
      .map((id) => [id, fromCli.has(id) ? 'cli' : 'config']),
  );
  const shown = shownSettings(settings);
  const effective = {
    patterns: settings.patterns,
    ignorePath: settings.ignorePath,
    target: settings.target,
    rules: settings.ruleLevels,
    failOn: settings.failOn,
    maxWarnings: settings.maxWarnings ?? null,
    maxDiagnosticsPerFile: settings.maxDiagnosticsPerFile,
    concurrency: settings.concurrency,
    streamThreshold: settings.streamThreshold,
    maxFileSize: shown.maxFileSize,
    maxElementSize: shown.maxElementSize,
    workerMemory: settings.workerMemoryMb,
    cache: settings.cacheLocation !== null,
    cacheLocation: opts.cacheLocation,
    baseline: settings.baseline,
    strictBaseline: settings.strictBaseline,
    showSuppressed: settings.showSuppressed === true,
    formats: shown.formats,
    quiet: settings.quiet,
    codeFrame: settings.codeFrame,
    stats: settings.stats === true,
  };
  return {
    configFile: config?.shown ?? null,
    settings: effective,
    // In the order of `settings`, so the two read side by side.
    sources: Object.fromEntries(Object.keys(effective).map((key) => [key, sources[key]])),
  };
}
