// The library's options, checked with the command line's own parsers (src/cli/options.ts) and as
// strictly: an unknown target or level reaching the engine came back as diagnostics of severity
// `undefined` on documents said to be valid, and a misspelled rule id silently left the rule at its
// default. A bad option is a TypeError that names the call and the option; input never is.
import { LEVELS, parseSize, parseStdinFilename, parseStdinFormat, parseTarget } from '../cli/options.js';
import type { InputFormat, Level, Target } from '../types.js';
import { RULES } from '../validation/rules/index.js';

/** The options that change what the rules report, as `--target`, `--rule` and the diagnostics cap. */
export interface RuleOptions {
  /**
   * Check against this version instead of the document's own (`--target`): a document version, or
   * `0.9.0-rc.3` for the forward check of tools. Default: the version the document declares.
   */
  target?: Target | null;
  /**
   * Levels by rule id (`--rule id=level`): `off`, `info`, `warning` or `error`. An id that is not in
   * the catalogue (`rules()`) is refused.
   */
  ruleLevels?: Record<string, Level>;
  /** Diagnostics kept per document, errors first (`--max-diagnostics-per-file`); counts stay exact. Default 1000. */
  maxDiagnosticsPerFile?: number;
}

export interface CheckedRuleOptions {
  target: Target | null;
  ruleLevels: Record<string, Level>;
  maxDiagnosticsPerFile: number;
}

/** What `--max-diagnostics-per-file` defaults to. */
export const DEFAULT_MAX_DIAGNOSTICS = 1000;

const found = (value: unknown): string =>
  typeof value === 'bigint' ? `${value}n` : (JSON.stringify(value) ?? String(value));

let knownIds: ReadonlySet<string> | null = null;

/** A TypeError from `caller` (e.g. `checkDocument()`), about its option `option`. */
export function optionError(caller: string, option: string, message: string): TypeError {
  return new TypeError(`${caller}: option ${option}: ${message}`);
}

/** Runs one of the CLI's parsers on a value, turning its refusal into the library's TypeError. */
function parsed<T>(caller: string, option: string, value: unknown, parse: (v: string) => T): T {
  if (typeof value !== 'string')
    throw optionError(caller, option, `expected a string, found ${found(value)}`);
  try {
    return parse(value);
  } catch (error) {
    throw optionError(caller, option, `${found(value)} is invalid. ${(error as Error).message}`);
  }
}

function nonNegativeInteger(caller: string, option: string, value: unknown): number {
  if (Number.isSafeInteger(value) && (value as number) >= 0) return value as number;
  throw optionError(caller, option, `expected a non-negative integer, found ${found(value)}`);
}

/** Target, levels and the diagnostics cap, checked and with their defaults filled in. */
export function checkRuleOptions(caller: string, options: RuleOptions): CheckedRuleOptions {
  const { target, ruleLevels, maxDiagnosticsPerFile } = options;
  const checked: CheckedRuleOptions = {
    target: target == null ? null : parsed(caller, 'target', target, parseTarget),
    ruleLevels: {},
    maxDiagnosticsPerFile:
      maxDiagnosticsPerFile === undefined
        ? DEFAULT_MAX_DIAGNOSTICS
        : nonNegativeInteger(caller, 'maxDiagnosticsPerFile', maxDiagnosticsPerFile),
  };
  if (ruleLevels === undefined) return checked;
  if (ruleLevels === null || typeof ruleLevels !== 'object' || Array.isArray(ruleLevels)) {
    throw optionError(
      caller,
      'ruleLevels',
      `expected an object of rule ids and levels, found ${found(ruleLevels)}`,
    );
  }
  knownIds ??= new Set(RULES.map((r) => r.id));
  for (const [id, level] of Object.entries(ruleLevels)) {
    if (!knownIds.has(id))
      throw optionError(caller, 'ruleLevels', `unknown rule id ${found(id)} (rules() lists them)`);
    // The words --rule and the config file take, `warn` included; LEVELS has no prototype to match.
    const l = typeof level === 'string' ? LEVELS[level] : undefined;
    if (l === undefined) {
      throw optionError(
        caller,
        'ruleLevels',
        `${found(id)} must be off, info, warning or error, found ${found(level)}`,
      );
    }
    checked.ruleLevels[id] = l;
  }
  return checked;
}

/** A byte count (`--max-file-size`): a number, or a size as the CLI reads one (`64MiB`, `512KB`). */
export function checkSize(caller: string, option: string, value: unknown): number {
  if (typeof value === 'number') return nonNegativeInteger(caller, option, value);
  return parsed(caller, option, value, parseSize);
}

/** A name reported for input that has none, as `--stdin-filename` names standard input. */
export function checkName(caller: string, option: string, value: unknown): string {
  return parsed(caller, option, value, parseStdinFilename);
}

/** `auto`, `json`, `yaml` (and `jsonl`, which the caller may refuse), as `--stdin-format` takes them. */
export function checkFormat(caller: string, option: string, value: unknown): InputFormat {
  return parsed(caller, option, value, parseStdinFormat);
}

/** Refuses keys an options object may not hold: a misspelled option would otherwise do nothing. */
export function checkKeys(caller: string, options: object, known: readonly string[]): void {
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) {
      throw new TypeError(`${caller}: unknown option ${found(key)} (known: ${known.join(', ')})`);
    }
  }
}
