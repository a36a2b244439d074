// checkDocument(): one document already in memory (a registry's publish endpoint, an editor buffer),
// checked in this thread and synchronously. Text and bytes take the path standard input takes in a
// run (worker/whole.ts checkInMemory, worker/check-bytes.ts), so a document gets the result its file
// would; a parsed value skips parsing only, and goes through the same validation and result building.
import { formatFromName, sniffFormat } from '../parsing/format.js';
import type { CheckOptions, DocumentResult, InputFormat } from '../types.js';
import { validateParsed } from '../worker/check-bytes.js';
import { checkText } from '../worker/check-text.js';
import { failureFor } from '../worker/failures.js';
import { documentResult, engineOptions, failureResult, type ResultBase } from '../worker/results.js';
import { checkInMemory, hintYaml, overLimit, wholeLimit } from '../worker/whole.js';
import { jsonDataProblem, notJsonDataError } from './json-data.js';
import {
  checkFormat,
  checkKeys,
  checkName,
  checkRuleOptions,
  checkSize,
  DEFAULT_MAX_DIAGNOSTICS,
  optionError,
  type RuleOptions,
} from './options.js';

/** How checkDocument() is told what to check the document against, and how to report it. */
export interface CheckDocumentOptions extends RuleOptions {
  /**
   * The name the result reports as `file` (as `--stdin-filename` names standard input; default
   * `<input>`). Without `format`, its extension says the format of text and bytes, as a file's does.
   * A JSON Lines name (`.jsonl`, `.ndjson`) or a compressed one (`.gz`) is refused.
   */
  file?: string;
  /**
   * The format of text and bytes: `json`, `yaml`, or `auto` (the default: the name's extension, else
   * the first character, `{` or `[` for JSON and anything else YAML, as for standard input). JSON
   * Lines holds one document per line and is refused: check each line, or use `validate()` on files.
   */
  format?: 'auto' | 'json' | 'yaml';
  /**
   * Text and bytes larger than this many bytes (UTF-8) are not checked: the result is `skipped` with
   * error code `EMAXSIZE` (`--max-file-size`). A number, or a size such as `"512KiB"` or `"2MB"`.
   * Default: no limit.
   */
  maxFileSize?: number | string;
}

const CALLER = 'checkDocument()';
const KEYS: readonly string[] = [
  'file',
  'format',
  'target',
  'ruleLevels',
  'maxDiagnosticsPerFile',
  'maxFileSize',
] satisfies ReadonlyArray<keyof CheckDocumentOptions>;

/** The reported name of a document given none, as `<stdin>` is standard input's. */
const UNNAMED = '<input>';

/** The options a run's worker gets when none are given; one object, so the engine's plan cache hits. */
const DEFAULT_OPTIONS: CheckOptions = {
  target: null,
  ruleLevels: {},
  maxDiagnosticsPerFile: DEFAULT_MAX_DIAGNOSTICS,
  // Never streamed: the input is in memory already.
  streamThreshold: Number.POSITIVE_INFINITY,
  maxFileSize: Number.POSITIVE_INFINITY,
};

interface Settings {
  file: string;
  /** The format of text and bytes when the options or the name say it. */
  format: 'json' | 'yaml' | null;
  options: CheckOptions;
}

function settingsOf(given: CheckDocumentOptions | undefined): Settings {
  if (given === undefined) return { file: UNNAMED, format: null, options: DEFAULT_OPTIONS };
  if (given === null || typeof given !== 'object') {
    throw new TypeError(`${CALLER}: options must be an object, found ${String(given)}`);
  }
  checkKeys(CALLER, given, KEYS);
  const file = given.file === undefined ? UNNAMED : checkName(CALLER, 'file', given.file);
  const declared: InputFormat =
    given.format === undefined ? 'unknown' : checkFormat(CALLER, 'format', given.format);
  const named = file === UNNAMED ? { format: null, gzip: false } : formatFromName(file);
  if (declared === 'jsonl' || (declared === 'unknown' && named.format === 'jsonl')) {
    throw optionError(
      CALLER,
      given.format === undefined ? 'file' : 'format',
      'JSON Lines holds one document per line, and checkDocument() checks one document: check each line on its own, or use validate() on the file',
    );
  }
  if (named.gzip) {
    throw optionError(
      CALLER,
      'file',
      `${file} names compressed input, and checkDocument() does not decompress: pass the decompressed text or bytes under the uncompressed name`,
    );
  }
  const rules = checkRuleOptions(CALLER, given);
  const maxFileSize =
    given.maxFileSize === undefined
      ? Number.POSITIVE_INFINITY
      : checkSize(CALLER, 'maxFileSize', given.maxFileSize);
  const isDefault =
    rules.target === null &&
    Object.keys(rules.ruleLevels).length === 0 &&
    rules.maxDiagnosticsPerFile === DEFAULT_MAX_DIAGNOSTICS &&
    maxFileSize === Number.POSITIVE_INFINITY;
  return {
    file,
    format: declared === 'json' || declared === 'yaml' ? declared : (named.format as 'json' | 'yaml' | null),
    options: isDefault ? DEFAULT_OPTIONS : { ...DEFAULT_OPTIONS, ...rules, maxFileSize },
  };
}

/** The format of text no name or option tells: as sniffFormat reads bytes (a `{` or `[` first is JSON). */
function sniffText(text: string): 'json' | 'yaml' {
  const first = /[^ \t\n\r]/.exec(text);
  return first === null || first[0] === '{' || first[0] === '[' ? 'json' : 'yaml';
}

function checkString(text: string, settings: Settings, started: number): DocumentResult {
  const { file, options } = settings;
  const b: ResultBase = {
    index: 0,
    file,
    format: settings.format ?? 'unknown',
    gzip: false,
    bytes: Buffer.byteLength(text),
  };
  if (b.bytes > wholeLimit(options).limit) return overLimit(b, b.bytes, options, started);
  const engine = engineOptions(options);
  try {
    const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    const format = settings.format ?? sniffText(body);
    const report = checkText(text, engine, format);
    // Only a lone syntax finding can get the hint: the text is encoded for it then, not before.
    if (settings.format === null && format === 'json' && report.diagnostics.length === 1)
      hintYaml(report, Buffer.from(body));
    return documentResult({ ...b, format }, report, performance.now() - started);
  } catch (error) {
    return failureFor(error, b, engine, performance.now() - started);
  }
}

function checkUint8Array(input: Uint8Array, settings: Settings, started: number): DocumentResult {
  const { file, options } = settings;
  const bytes = Buffer.isBuffer(input)
    ? input
    : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const b: ResultBase = {
    index: 0,
    file,
    format: settings.format ?? 'unknown',
    gzip: false,
    bytes: bytes.length,
  };
  if (bytes.length > wholeLimit(options).limit) return overLimit(b, bytes.length, options, started);
  try {
    return checkInMemory(bytes, settings.format ?? sniffFormat(bytes), b, options, started, null);
  } catch (error) {
    return failureFor(error, b, engineOptions(options), performance.now() - started);
  }
}

function checkParsed(input: unknown, settings: Settings, started: number): DocumentResult {
  const problem = jsonDataProblem(input);
  if (problem !== null && 'path' in problem) throw notJsonDataError(CALLER, problem);
  const { file, options } = settings;
  const b: ResultBase = { index: 0, file, format: 'unknown', gzip: false, bytes: 0 };
  if (problem !== null) {
    return failureResult(
      b,
      'skipped',
      'EMAXSIZE',
      `Not checked: the document holds ${problem.distinct} values, but its shared values written out at every place they appear make ${problem.expanded}, over the ${problem.limit} checked (an alias bomb looks so).`,
      performance.now() - started,
    );
  }
  const engine = engineOptions(options);
  try {
    return documentResult(b, validateParsed(input, engine), performance.now() - started);
  } catch (error) {
    return failureFor(error, b, engine, performance.now() - started);
  }
}

/**
 * Check one MCP Description document held in memory, in this thread, synchronously, and get the
 * result a file with the same content gets in a run (`mcpdesc-validate` or `validate()`): status,
 * counts, and findings with rule id, severity, message, JSON pointer, spec section and docs URL.
 *
 * `input` is one of:
 * - a string: the document's text (JSON or YAML), with line and column on every finding;
 * - a `Uint8Array` (a `Buffer`, an HTTP body): its bytes in UTF-8, also with line and column;
 * - any other value: the document already parsed, JSON data as `JSON.parse` returns it. There is no
 *   text, so findings have no line or column, the result's `format` is `unknown` and `bytes` 0, and
 *   what only text can show (a duplicate member name, a byte order mark) cannot be found. A value
 *   JSON cannot hold (undefined, NaN, a Date, a cycle…) throws a TypeError naming where it is.
 *
 * Malformed input is never an exception: it is a finding (`mcpdesc.document.syntax`, placed), as in a
 * run. Options are checked as the command line checks its own: a bad one throws a TypeError.
 *
 * @example
 * const result = checkDocument(request.body, { file: 'acme.json' });
 * if (result.status !== 'valid') reply(422, result.diagnostics);
 */
export function checkDocument(input: unknown, options?: CheckDocumentOptions): DocumentResult {
  const started = performance.now();
  const settings = settingsOf(options);
  if (typeof input === 'string') return checkString(input, settings, started);
  if (input instanceof Uint8Array) return checkUint8Array(input, settings, started);
  return checkParsed(input, settings, started);
}
