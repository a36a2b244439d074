// Option values → typed settings. Pure functions that throw InvalidArgumentError with the expected
// value spelled out; commander prefixes the option name ("option '--fail-on <level>' argument 'x' is
// invalid. ..."), so every usage error names the option and what it accepts.
import { normalize, sep } from 'node:path';
import { InvalidArgumentError } from 'commander';
import type { InputFormat, Level, Target } from '../types.js';
import { TARGETS } from '../types.js';
import { closest } from './suggest.js';

export type FailOn = 'error' | 'warning' | 'info' | 'never';
// `info` because --rule can set that level; `merge` already judged it.
export const FAIL_ON: readonly FailOn[] = ['error', 'warning', 'info', 'never'];

const UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  k: 1024,
  kib: 1024,
  kb: 1000,
  m: 1024 ** 2,
  mib: 1024 ** 2,
  mb: 1000 ** 2,
  g: 1024 ** 3,
  gib: 1024 ** 3,
  gb: 1000 ** 3,
};

/** `1048576`, `64MiB`, `64m` (binary), `64MB` (decimal), `1.5GiB`. */
export function parseSize(value: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(value);
  const unit = m ? UNITS[m[2]!.toLowerCase()] : undefined;
  if (!m || unit === undefined) {
    throw new InvalidArgumentError('Expected a size in bytes, e.g. 1048576, 64MiB, 512KB or 2GiB.');
  }
  const bytes = Math.floor(Number(m[1]) * unit);
  if (!Number.isSafeInteger(bytes)) throw new InvalidArgumentError('The size is too large.');
  return bytes;
}

export function parseNonNegativeInt(value: string): number {
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(Number(value))) {
    throw new InvalidArgumentError('Expected a non-negative integer.');
  }
  return Number(value);
}

export function parsePositiveInt(value: string): number {
  // One message for 'abc' and for '0', which is not positive although it is non-negative.
  const n = /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n === 0) throw new InvalidArgumentError('Expected a positive integer.');
  return n;
}

/** `auto`, `0`/`off` (in-process) or a number of worker threads. */
export function parseConcurrency(value: string): 'auto' | number {
  const v = value.trim().toLowerCase();
  if (v === 'auto') return 'auto';
  if (v === 'off') return 0;
  if (!/^\d+$/.test(v) || Number(v) > 1024) {
    throw new InvalidArgumentError('Expected auto, 0 (in-process) or a number of threads up to 1024.');
  }
  return Number(v);
}

export function parseFailOn(value: string): FailOn {
  // `warn`: what ESLint and Spectral users type, and what --rule already accepts.
  if (value === 'warn') return 'warning';
  if (!(FAIL_ON as readonly string[]).includes(value)) {
    throw new InvalidArgumentError(`Expected one of ${FAIL_ON.join(', ')} (or warn for warning).`);
  }
  return value as FailOn;
}

export function parseTarget(value: string): Target {
  if (!(TARGETS as readonly string[]).includes(value)) {
    throw new InvalidArgumentError(`Expected one of ${TARGETS.join(', ')}.`);
  }
  return value as Target;
}

/**
 * The level words `--rule` and the config's `rules` accept (`warn` as Spectral and ESLint spell it).
 * No prototype: a lookup of `constructor` or `toString` must find nothing, not Object.prototype's.
 */
export const LEVELS: Readonly<Record<string, Level>> = Object.assign(
  Object.create(null) as Record<string, Level>,
  {
    off: 'off',
    info: 'info',
    warning: 'warning',
    warn: 'warning',
    error: 'error',
  } as const,
);

/**
 * One `--rule id=level`. `known` is the catalogue's ids; an unknown id is refused here rather than
 * silently ignored, because a typo would otherwise leave a rule at its default level.
 */
export function parseRule(value: string, known: ReadonlySet<string>): [string, Level] {
  const eq = value.lastIndexOf('=');
  const id = eq > 0 ? value.slice(0, eq).trim() : '';
  const level =
    eq > 0
      ? LEVELS[
          value
            .slice(eq + 1)
            .trim()
            .toLowerCase()
        ]
      : undefined;
  if (!id || !level) throw new InvalidArgumentError('Expected <rule-id>=off|info|warning|error.');
  if (!known.has(id)) {
    const near = closest(id, known);
    const hint = near === undefined ? '' : `; did you mean "${near}"?`;
    throw new InvalidArgumentError(`Unknown rule id "${id}"${hint} (\`mcpdesc-validate rules\` lists them).`);
  }
  return [id, level];
}

export interface FormatSpec {
  name: string;
  /** Where the report goes; null is stdout. */
  path: string | null;
}

/**
 * The report formats as the option parsers see them (src/reporting/reporter-registry.ts formatTable):
 * passed in, so that the library, which shares these parsers, never loads the reporters' registry.
 */
export interface FormatTable {
  /** Each format's own name, for messages and --help. */
  names: readonly string[];
  /** The format's own name for `name` (an alias, in any case), or undefined. */
  canonical(name: string): string | undefined;
}

/** `NAME` or `NAME=PATH`, NAME in any case or an alias; the spec carries the format's own name. */
export function parseFormat(value: string, formats: FormatTable): FormatSpec {
  const eq = value.indexOf('=');
  const given = (eq < 0 ? value : value.slice(0, eq)).trim();
  const path = eq < 0 ? null : value.slice(eq + 1);
  const name = formats.canonical(given);
  if (name === undefined)
    throw new InvalidArgumentError(`Expected one of ${formats.names.join(', ')} (optionally =PATH).`);
  if (path === '') throw new InvalidArgumentError('Expected a file path after "=".');
  return { name, path };
}

/** Commander's accumulator for a repeatable option whose every value is parsed. */
export function collect<T>(parse: (value: string) => T) {
  return (value: string, previous: T[] | undefined): T[] => [...(previous ?? []), parse(value)];
}

/** At most one format may write to stdout; with none given, stylish on a terminal and ndjson otherwise. */
export function resolveFormats(given: readonly FormatSpec[], stdoutIsTTY: boolean): FormatSpec[] {
  if (given.length === 0) return [{ name: stdoutIsTTY ? 'stylish' : 'ndjson', path: null }];
  if (given.filter((f) => f.path === null).length > 1) {
    throw new InvalidArgumentError('Only one --format may write to stdout; give the others =PATH.');
  }
  return [...given];
}

export const STDIN_FORMATS = ['auto', 'json', 'yaml', 'jsonl'] as const;

/** `auto` lets the worker sniff the bytes (gzip magic, JSON, JSON Lines or YAML); it is passed on as 'unknown'. */
export function parseStdinFormat(value: string): InputFormat {
  if (!(STDIN_FORMATS as readonly string[]).includes(value)) {
    throw new InvalidArgumentError(`Expected one of ${STDIN_FORMATS.join(', ')}.`);
  }
  return value === 'auto' ? 'unknown' : (value as InputFormat);
}

/**
 * `--max-warnings <n>`: a non-negative integer; `-1` (ESLint's spelling of its default) means no limit
 * and is returned as is (commander turns a parser's null into '').
 */
export function parseMaxWarnings(value: string): number {
  if (value.trim() === '-1') return -1;
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(Number(value))) {
    throw new InvalidArgumentError('Expected a non-negative integer (or -1 for no limit).');
  }
  return Number(value);
}

/** `--bail[=n]`: how many failing files stop the run; given without a number, 1. */
export function parseBail(value: string | boolean): number {
  if (value === true) return 1;
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n === 0) {
    throw new InvalidArgumentError('Expected a positive integer: the number of failing files to stop after.');
  }
  return n;
}

/**
 * The argument after a bare `--bail`, when it is a number, is its value (`--bail 3`); anything else is
 * left for what it is (`--bail registry/` bails after one file and checks registry/). Commander would
 * take any word after an option with an optional value as that value, and refuse `registry/` as a
 * number. Stops at `--`, after which every argument is a pattern.
 */
export function spellBail(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      out.push(...argv.slice(i));
      break;
    }
    if (arg !== '--bail') {
      out.push(arg);
      continue;
    }
    const next = argv[i + 1];
    if (next !== undefined && /^\d+$/.test(next)) {
      out.push(`--bail=${next}`);
      i++;
    } else out.push('--bail=1');
  }
  return out;
}

/**
 * `--stdin-filename <name>`: the name of the document read from `-`, written like every reported name
 * (normalised, `/`-separated, `./a.json` as `a.json`) so it matches the same file's baseline entries.
 */
export function parseStdinFilename(value: string): string {
  const name = normalize(value).split(sep).join('/');
  if (value.trim() === '' || name === '.' || name === '-' || name.endsWith('/')) {
    throw new InvalidArgumentError('Expected a file name, e.g. registry/acme.json.');
  }
  return name;
}
