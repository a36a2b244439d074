// Shared output plumbing for the reporters: backpressure-aware writes, repository-relative paths and
// terminal-safe text. Every reporter batches one document's output into one string and writes it once,
// so a run of 20,000 files costs 20,000 writes, not one per diagnostic.
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { DocumentResult, RunRecord } from '../types.js';

/** The run's --quiet: its reports list error-level findings only, on purpose. */
export function isQuietRun(run: RunRecord | undefined): boolean {
  return run?.options.quiet === true;
}

/**
 * Findings of a document that its report does not list because --max-diagnostics-per-file cut them.
 * Under --quiet the warnings and infos are left out on request, so only the errors not listed count:
 * a note blaming the limit for them would send the reader after the wrong option.
 */
export function unlistedCount(result: DocumentResult, quiet: boolean): number {
  if (!quiet) return result.errors + result.warnings + result.infos - result.diagnostics.length;
  let listed = 0;
  for (const d of result.diagnostics) if (d.severity === 'error') listed++;
  return result.errors - listed;
}

/**
 * Write `chunk`; when the stream's buffer is full, wait for 'drain' (or for the stream to close or fail,
 * so a closed pipe never leaves the run waiting forever).
 */
export function writeChunk(out: NodeJS.WritableStream, chunk: string): Promise<void> | undefined {
  if (chunk.length === 0 || out.write(chunk)) return undefined;
  return new Promise<void>((resolveDrain, reject) => {
    const done = () => {
      out.removeListener('drain', done);
      out.removeListener('close', done);
      out.removeListener('error', fail);
      resolveDrain();
    };
    const fail = (error: unknown) => {
      out.removeListener('drain', done);
      out.removeListener('close', done);
      out.removeListener('error', fail);
      reject(error);
    };
    out.on('drain', done);
    out.on('close', done);
    out.on('error', fail);
  });
}

export interface PathOptions {
  /** Directory the reported `file` names are relative to (default: process.cwd()). */
  cwd?: string;
  /** Repository root the output paths are made relative to (default: `cwd`). */
  root?: string;
}

/**
 * A reported file name made relative to the repository root, with '/' separators and no leading './'
 * (GitHub matches annotations and SARIF results on exactly this form). Files outside the root keep
 * their absolute path, with '/' separators.
 */
export function repoRelative(file: string, options: PathOptions): string {
  const cwd = options.cwd ?? process.cwd();
  const root = options.root ?? cwd;
  const absolute = resolve(cwd, file);
  const rel = relative(root, absolute);
  const inside = rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
  const chosen = inside ? rel : absolute;
  return sep === '/' ? chosen : chosen.split(sep).join('/');
}

// C0 controls, DEL and C1 controls. Document text (tool names in messages, file names) is untrusted: an
// ESC byte passed to a terminal could recolour or rewrite the screen. A tab too: the terminal widens it
// to the next tab stop, which no column width can allow for (a file name with a tab broke alignment).
// Bidirectional embeddings, overrides, isolates and marks reorder the text around them on screen, so a
// finding could read other than it says; U+2028 and U+2029 break the line in some viewers.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
// The same but CR and LF, for a format that encodes those itself (GitHub's workflow commands).
const CONTROL_BUT_NEWLINES =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const escapeUnit = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * Replace control characters (and those that reorder or break the line) with visible `\uXXXX` escapes,
 * newlines included (one finding, one line) unless `keepNewlines`.
 */
export function printable(text: string, keepNewlines = false): string {
  return text.replace(keepNewlines ? CONTROL_BUT_NEWLINES : CONTROL, escapeUnit);
}

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/** `12373` as `12,373`, for reports people read (fixed, not the locale's: output stays the same everywhere). */
export function thousands(value: number): string {
  const [whole, fraction] = String(value).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+$)/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** `plural` with the number grouped in thousands: `12,373 errors`. */
export function counted(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${thousands(count)} ${count === 1 ? singular : pluralForm}`;
}

// East Asian Wide/Fullwidth blocks (CJK, Hangul, kana, fullwidth forms) and emoji shown as emoji: a
// terminal gives each two columns. Combining marks, zero-width spaces/joiners and variation selectors
// take none. Not the whole of Unicode's East_Asian_Width table (JS regexes cannot name it), but the
// characters registry documents actually carry (CJK names, emoji in descriptions).
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1b000}-\u{1b2ff}\u{20000}-\u{3fffd}]|\p{Emoji_Presentation}/u;
const ZERO_WIDTH = /\p{Mn}|\p{Me}|[\u200b\u200c\u200e\u200f\u2060]|\u200d|\ufe0f|\ufe0e/u;
const NARROW = /^[\u0020-\u007e]*$/;

/**
 * Terminal columns `text` takes, for aligning columns and carets: String.length counts UTF-16 code
 * units, which is one too many for an astral character and one too few for a CJK character.
 */
export function displayWidth(text: string): number {
  if (NARROW.test(text)) return text.length;
  let width = 0;
  for (const c of text) width += ZERO_WIDTH.test(c) ? 0 : WIDE.test(c) ? 2 : 1;
  return width;
}

/** `text` padded with spaces to `width` terminal columns (padEnd counts code units). */
export function padDisplay(text: string, width: number): string {
  const missing = width - displayWidth(text);
  return missing > 0 ? text + ' '.repeat(missing) : text;
}

/**
 * Counts keyed by data (rule ids from records that may come from a cache or a report) as a record sorted
 * by key: fromEntries defines each key as the record's own, `__proto__` and `constructor` too.
 */
export function sortedCounts<T>(counts: Iterable<[string, T]>): Record<string, T> {
  return Object.fromEntries([...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * Why an input could not be checked, for people: Node's `ENOENT: no such file or directory, stat
 * '/abs/path'` names an internal call and repeats the path the report already gives, so both go.
 */
export function inputError(error: { code: string; message: string } | undefined): string {
  if (!error) return 'no reason given';
  const node = /^([A-Z][A-Z0-9_]*): (.*?)(?:, [a-z_]+ '.*')?$/s.exec(error.message);
  const text = node && node[1] === error.code ? node[2]! : error.message;
  return `${text} (${error.code})`;
}
