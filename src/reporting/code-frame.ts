// Code frames for `--code-frame`: the offending line with a line of context either side and a caret
// under the column. Only files that have findings are read, and only up to the last line needed; lines
// not wanted are skipped with indexOf('\n') rather than decoded. A line is never held whole: each frame
// keeps a window of at most FRAME_WIDTH characters around its column, so a minified 1 GB document on
// one line costs one bounded window, not a 1 GB string.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createGunzip } from 'node:zlib';
import type { DocumentResult, LocatedDiagnostic, Severity } from '../types.js';
import { displayWidth, printable } from './output.js';

/** Characters of a line shown in a frame (the caret's column sits CONTEXT_BEFORE characters in). */
export const FRAME_WIDTH = 100;
const CONTEXT_BEFORE = 40;
/**
 * Frames are only drawn for positions in the first 64 MiB of a file: past that, scanning for the line
 * costs more than a frame is worth (the location `file:line:col` is still printed).
 */
export const MAX_SCAN_BYTES = 64 * 1024 * 1024;

interface Window {
  /** 0-based UTF-16 index the window asks for. */
  from: number;
  /** 0-based UTF-16 index of the first character kept (past `from` when an astral character straddles it). */
  start: number;
  to: number;
  bytes: number[];
  /** Characters exist after `to`. */
  more: boolean;
}

/** The text of each window, keyed `line:from`; lines past the end of the file (or the scan cap) are absent. */
export type Excerpts = Map<string, { text: string; more: boolean; start: number }>;

/**
 * Read character windows of selected lines. Columns are counted in UTF-16 code units, as the reported
 * columns are (a 4-byte UTF-8 sequence is two): counting code points put the window, and so the caret,
 * one column late for every astral character (emoji) earlier on the line.
 */
export async function readExcerpts(
  path: string,
  requests: ReadonlyArray<{ line: number; from: number }>,
  options: { gzip?: boolean; maxScanBytes?: number } = {},
): Promise<Excerpts> {
  const wanted = new Map<number, Window[]>();
  let lastLine = 0;
  for (const { line, from } of requests) {
    const windows = wanted.get(line) ?? [];
    if (!windows.some((w) => w.from === from - 1)) {
      windows.push({ from: from - 1, start: -1, to: from - 1 + FRAME_WIDTH, bytes: [], more: false });
    }
    wanted.set(line, windows);
    lastLine = Math.max(lastLine, line);
  }
  const result: Excerpts = new Map();
  if (lastLine === 0) return result;
  const maxScan = options.maxScanBytes ?? MAX_SCAN_BYTES;

  const file = createReadStream(path);
  const source: NodeJS.ReadableStream = options.gzip ? file.pipe(createGunzip()) : file;
  let line = 1;
  let char = 0;
  let scanned = 0;
  let current = wanted.get(1);
  let keepContinuation: Window[] = [];
  let capped = false;
  // Whether the current line has any byte: a file ending in '\n' has no line after it.
  let lineStarted = false;

  const closeLine = () => {
    if (current) {
      for (const w of current) {
        result.set(`${line}:${w.from + 1}`, {
          text: Buffer.from(w.bytes).toString('utf8'),
          more: w.more,
          start: w.start < 0 ? w.from : w.start,
        });
      }
    }
    line++;
    char = 0;
    lineStarted = false;
    current = wanted.get(line);
    keepContinuation = [];
  };

  try {
    outer: for await (const chunk of source) {
      const buf = chunk as Buffer;
      let i = 0;
      // A UTF-8 byte order mark is not part of the text the locator counted columns in: skipping it
      // keeps the window, and so the caret, of line 1 where the reported column is.
      if (scanned === 0 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) i = 3;
      while (i < buf.length) {
        if (line > lastLine) break outer;
        if (scanned + i >= maxScan) {
          capped = true;
          break outer;
        }
        lineStarted = true;
        if (!current) {
          const nl = buf.indexOf(10, i);
          if (nl === -1) {
            i = buf.length;
            break;
          }
          i = nl + 1;
          closeLine();
          continue;
        }
        const byte = buf[i]!;
        i++;
        if (byte === 10) {
          for (const w of current) if (w.bytes.at(-1) === 13) w.bytes.pop();
          closeLine();
          continue;
        }
        if ((byte & 0xc0) === 0x80) {
          // A continuation byte belongs to the character whose lead byte was (or was not) kept.
          for (const w of keepContinuation) w.bytes.push(byte);
          continue;
        }
        keepContinuation = [];
        for (const w of current) {
          if (char >= w.from && char < w.to) {
            if (w.start < 0) w.start = char;
            w.bytes.push(byte);
            keepContinuation.push(w);
          } else if (char >= w.to) {
            w.more = true;
          }
        }
        // A 4-byte sequence (lead byte 11110xxx) is an astral character: two UTF-16 code units.
        char += byte >= 0xf0 ? 2 : 1;
      }
      scanned += buf.length;
    }
    // The last line needs no newline to count (files often end without one).
    if (current && lineStarted && line <= lastLine && !capped) closeLine();
  } finally {
    file.destroy();
  }
  return result;
}

/** The window requests for one finding: its line and one line of context either side. */
export function frameRequests(
  line: number,
  column: number | undefined,
): Array<{ line: number; from: number }> {
  const from = Math.max(1, (column ?? 1) - CONTEXT_BEFORE);
  const requests = [];
  for (let l = Math.max(1, line - 1); l <= line + 1; l++) requests.push({ line: l, from });
  return requests;
}

/**
 * Render a frame from excerpts; null when the line is not available (file changed, past the scan cap).
 * Tabs (as `→`) and control characters are shown as one visible character each, so the caret stays aligned.
 * `endColumn` (exclusive; a span that ends on its start's line): the span is underlined `^~~~` up to
 * there, or to the end of the shown excerpt.
 */
export function renderFrame(
  excerpts: Excerpts,
  line: number,
  column: number | undefined,
  paint: { gutter: (s: string) => string; marker: (s: string) => string },
  endColumn?: number,
): string | null {
  const requests = frameRequests(line, column);
  const from = requests[0]!.from;
  if (!excerpts.has(`${line}:${from}`)) return null;
  const width = String(line + 1).length;
  const out: string[] = [];
  for (const { line: l } of requests) {
    const excerpt = excerpts.get(`${l}:${from}`);
    if (!excerpt) continue;
    const text = `${from > 1 ? '…' : ''}${visible(excerpt.text)}${excerpt.more ? '…' : ''}`;
    const isTarget = l === line;
    const gutter = paint.gutter(`${String(l).padStart(width)} |`);
    out.push(`  ${isTarget ? paint.marker('>') : ' '} ${gutter}${text.length > 0 ? ` ${text}` : ''}`);
    if (isTarget && column !== undefined) {
      // Terminal columns up to the caret: the characters before it as shown (wide ones take two).
      const before = caretPrefix(excerpt.text, excerpt.start, column - 1);
      const offset = (from > 1 ? 1 : 0) + displayWidth(visible(before));
      const through =
        endColumn === undefined ? before : caretPrefix(excerpt.text, excerpt.start, endColumn - 1);
      const span = Math.max(1, displayWidth(visible(through)) - displayWidth(visible(before)));
      const marker = `^${'~'.repeat(span - 1)}`;
      out.push(`    ${paint.gutter(`${' '.repeat(width)} |`)} ${' '.repeat(offset)}${paint.marker(marker)}`);
    }
  }
  return out.join('\n');
}

/** The part of `text` (which starts at UTF-16 index `start` of its line) before index `at`. */
function caretPrefix(text: string, start: number, at: number): string {
  let units = start;
  let end = 0;
  for (const c of text) {
    if (units + c.length > at) break;
    units += c.length;
    end += c.length;
  }
  return text.slice(0, end);
}

function visible(text: string): string {
  // One character in, one character out: printable() would widen a control character to six. A tab is
  // an arrow: shown as a space it hid the character a YAML finding is about (tabs cannot indent YAML).
  return Array.from(text, (c) => (c === '\t' ? '→' : printable(c) === c ? c : '\uFFFD')).join('');
}

/**
 * The frames of a document's placed findings, read again from its file (`cwd`-relative); null when the
 * file cannot be read again. `marker` paints the caret of a finding of each severity.
 */
export async function framesOf(
  result: Pick<DocumentResult, 'file' | 'compression'>,
  diagnostics: readonly LocatedDiagnostic[],
  cwd: string,
  paint: { gutter: (s: string) => string; marker: (severity: Severity) => (s: string) => string },
): Promise<Map<LocatedDiagnostic, string> | null> {
  const placed = diagnostics.filter((d) => d.line !== undefined);
  if (placed.length === 0 || result.file === '-') return null;
  const requests = placed.flatMap((d) => frameRequests(d.line!, d.column));
  const path = resolve(cwd, result.file);
  // Only a regular file can be read again: a named pipe or a device was consumed by the check, and a
  // second open would wait for another writer (or read other bytes).
  if (!(await stat(path).catch(() => null))?.isFile()) return null;
  let excerpts: Excerpts;
  try {
    excerpts = await readExcerpts(path, requests, { gzip: result.compression === 'gzip' });
  } catch {
    // The file vanished or became unreadable since it was checked: the locations are still reported.
    return null;
  }
  const frames = new Map<LocatedDiagnostic, string>();
  for (const d of placed) {
    // A span over several lines keeps the single caret: the frame shows only its first line.
    const endColumn = d.endLine === d.line ? d.endColumn : undefined;
    const frame = renderFrame(
      excerpts,
      d.line!,
      d.column,
      { gutter: paint.gutter, marker: paint.marker(d.severity) },
      endColumn,
    );
    if (frame !== null) frames.set(d, frame);
  }
  return frames;
}
