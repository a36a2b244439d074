// The configuration file (`mcpdesc-validate.config.json`): settings a CI pipeline commits instead of a
// long command line. It only fills in what the command line left out, and it can set nothing the
// command line cannot: every key maps onto an existing option and is checked as strictly as that
// option's value, so a config file never changes behaviour in a way the flags could not.
//
// Plain JSON only (no comments or trailing commas): the project has no JSONC reader, and a hand-made
// comment stripper is one more parser whose edge cases would differ from every editor's.
// The runtime check is written out here rather than compiled from schemas/config.schema.json with
// Ajv: Ajv is loaded lazily by the worker only, and a run should not pay for compiling a schema to
// read a dozen keys. A test keeps the two in agreement.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, normalize, relative, resolve, sep } from 'node:path';
import type { Command } from 'commander';
import type { Level, Target } from '../types.js';
import { TARGETS } from '../types.js';
import {
  FAIL_ON,
  type FailOn,
  type FormatSpec,
  type FormatTable,
  LEVELS,
  parseFormat,
  parseSize,
} from './options.js';
import type { CliSettings } from './run.js';

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

/** Keys whose value commander holds under the same name; the config sets them as source 'config'. */
export const OPTION_KEYS = [
  'ignorePath',
  'target',
  'failOn',
  'maxWarnings',
  'maxDiagnosticsPerFile',
  'concurrency',
  'streamThreshold',
  'maxFileSize',
  'maxElementSize',
  'workerMemory',
  'cache',
  'cacheLocation',
  'baseline',
  'strictBaseline',
  'showSuppressed',
  'quiet',
  'codeFrame',
  'stats',
] as const satisfies ReadonlyArray<keyof ConfigValues>;

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

type Check = (value: unknown, key: string) => unknown;

const found = (value: unknown) => JSON.stringify(value);

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
  if (!parsed.ok) {
    const finding = parsed.findings[0]!;
    const at = positionAt(text, finding.offset ?? 0);
    // JSON.parse would keep the last copy of a repeated key; a setting given twice is a mistake to name.
    const message =
      finding.kind === 'duplicate-key'
        ? `${found((finding.path ?? []).join('.'))} is given twice (JSON.parse would keep the last; remove one)`
        : finding.message;
    throw new ConfigError(`${shown}:${at.line}:${at.column}: ${message}`);
  }
  const raw = parsed.value;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    fail(`must hold a JSON object of settings; found ${Array.isArray(raw) ? 'an array' : found(raw)}`);
  }
  const entries = Object.entries(raw as Record<string, unknown>);
  for (const [key] of entries) {
    if (!CONFIG_KEYS.includes(key)) {
      fail(`unknown key ${found(key)} (known: ${CONFIG_KEYS.filter((k) => k !== '$schema').join(', ')})`);
    }
  }

  const base = dirname(file);
  const rebase = (path: string) =>
    isAbsolute(path) ? path : slashed(relative(cwd, resolve(base, path))) || '.';

  const string: Check = (v, key) =>
    typeof v === 'string' && v !== '' ? v : fail(`"${key}" must be a non-empty string; found ${found(v)}`);
  const path: Check = (v, key) => rebase(string(v, key) as string);
  const boolean: Check = (v, key) =>
    typeof v === 'boolean' ? v : fail(`"${key}" must be true or false; found ${found(v)}`);
  const integer =
    (min: number, what: string): Check =>
    (v, key) =>
      Number.isSafeInteger(v) && (v as number) >= min
        ? v
        : fail(`"${key}" must be ${what}; found ${found(v)}`);
  const oneOf =
    (values: readonly string[], aliases: Record<string, string> = {}): Check =>
    (v, key) => {
      // Own keys only: `constructor` is no alias of anything.
      if (typeof v === 'string' && Object.hasOwn(aliases, v)) return aliases[v];
      return typeof v === 'string' && values.includes(v)
        ? v
        : fail(`"${key}" must be one of ${values.join(', ')}; found ${found(v)}`);
    };
  const size: Check = (v, key) => {
    const what = `a size: bytes as a number, or a string such as "64MiB", "512KB" or "2GiB"`;
    if (typeof v === 'number')
      return Number.isSafeInteger(v) && v >= 0 ? v : fail(`"${key}" must be ${what}; found ${found(v)}`);
    if (typeof v !== 'string') return fail(`"${key}" must be ${what}; found ${found(v)}`);
    try {
      return parseSize(v);
    } catch (error) {
      return fail(`"${key}" must be ${what}; found ${found(v)} (${(error as Error).message})`);
    }
  };
  const concurrency: Check = (v, key) => {
    if (v === 'auto') return 'auto';
    if (v === 'off') return 0;
    return Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= 1024
      ? v
      : fail(
          `"${key}" must be "auto", "off" or a number of threads from 0 (in-process) to 1024; found ${found(v)}`,
        );
  };
  const strings = (v: unknown, key: string): string[] => {
    if (!Array.isArray(v) || v.length === 0)
      fail(`"${key}" must be a non-empty array of strings; found ${found(v)}`);
    (v as unknown[]).forEach((item, i) => {
      if (typeof item !== 'string' || item === '')
        fail(`"${key}"[${i}] must be a non-empty string; found ${found(item)}`);
    });
    return v as string[];
  };
  const patterns: Check = (v, key) =>
    strings(v, key).map((p, i) => {
      // Standard input is named on the command line only: a committed file cannot supply a pipe.
      if (p === '-') fail(`"${key}"[${i}] cannot be "-" (standard input is given on the command line)`);
      return p.startsWith('!') ? `!${rebase(p.slice(1))}` : rebase(p);
    });
  const formats: Check = (v, key) => {
    const specs = strings(v, key).map((f, i) => {
      try {
        const spec = parseFormat(f, formatTable);
        return spec.path === null ? spec : { name: spec.name, path: rebase(spec.path) };
      } catch (error) {
        return fail(`"${key}"[${i}] ${found(f)} is invalid: ${(error as Error).message}`);
      }
    });
    if (specs.filter((s) => s.path === null).length > 1) {
      fail(`"${key}": only one format may write to stdout; give the others =PATH`);
    }
    return specs;
  };
  const rules = async (v: unknown, key: string): Promise<Record<string, Level>> => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) {
      fail(`"${key}" must be an object of rule ids and levels; found ${found(v)}`);
    }
    const entries = Object.entries(v as Record<string, unknown>);
    // The catalogue is loaded only when a config sets rules; a typo must not leave a rule at its default.
    const known = new Set(
      entries.length > 0 ? (await import('../validation/rules/index.js')).RULES.map((r) => r.id) : [],
    );
    const levels: Record<string, Level> = {};
    for (const [id, level] of entries) {
      if (!known.has(id))
        fail(`"${key}" names an unknown rule id ${found(id)} (\`mcpdesc-validate rules\` lists them)`);
      const l = typeof level === 'string' ? LEVELS[level] : undefined;
      if (l === undefined)
        fail(`"${key}".${found(id)} must be one of off, info, warning, error; found ${found(level)}`);
      levels[id] = l as Level;
    }
    return levels;
  };

  const CHECKS: Record<string, Check> = {
    patterns,
    ignorePath: path,
    target: oneOf(TARGETS),
    failOn: oneOf(FAIL_ON, { warn: 'warning' }),
    maxWarnings: integer(-1, 'a non-negative integer (or -1 for no limit)'),
    maxDiagnosticsPerFile: integer(0, 'a non-negative integer'),
    concurrency,
    streamThreshold: size,
    maxFileSize: size,
    maxElementSize: size,
    workerMemory: integer(1, 'a positive integer (MB)'),
    cache: boolean,
    cacheLocation: path,
    baseline: path,
    strictBaseline: boolean,
    showSuppressed: boolean,
    formats,
    quiet: boolean,
    codeFrame: boolean,
    stats: boolean,
  };
  const values: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    if (key === '$schema') {
      if (typeof value !== 'string') fail(`"$schema" must be a string; found ${found(value)}`);
      continue;
    }
    values[key] = key === 'rules' ? await rules(value, key) : CHECKS[key]!(value, key);
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
    const value = loaded.values[key];
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
    maxFileSize: Number.isFinite(settings.maxFileSize) ? settings.maxFileSize : null,
    maxElementSize: settings.maxElementBytes ?? null,
    workerMemory: settings.workerMemoryMb,
    cache: settings.cacheLocation !== null,
    cacheLocation: opts.cacheLocation,
    baseline: settings.baseline,
    strictBaseline: settings.strictBaseline,
    showSuppressed: settings.showSuppressed === true,
    formats: settings.formats.map((f) => (f.path === null ? f.name : `${f.name}=${f.path}`)),
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
