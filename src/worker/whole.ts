// A JSON or YAML input checked as one document held in memory: read once, decompress if gzip, decode
// once, parse once. Also the fallback of the streamed path. Gzip JSON that decompresses beyond
// --stream-threshold is streamed from the decompressor instead (a 600 KB bomb must not become 1 GB of
// heap, and a legitimate multi-GB dump must still be checked).
import { formatFromName, isGzipMagic, looksLikeJsonLines, sniffFormat } from '../parsing/format.js';
import { findJsonSyntaxError } from '../parsing/json-scan.js';
import { gunzipChunks, gunzipHead, gunzipToBuffer, readReused, readWhole } from '../parsing/read.js';
import type { CheckOptions, DocumentResult, FileJob, FileOutcome, InputFormat } from '../types.js';
import type { DocumentReport } from '../validation/engine.js';
import { checkBytes, PARSERS } from './check-bytes.js';
import { failureFor, MAX_WHOLE_BYTES } from './failures.js';
import { checkJsonLines } from './json-lines.js';
import {
  documentResult,
  engineOptions,
  failureResult,
  jobBase,
  type ResultBase,
  rebased,
} from './results.js';
import { clockFor, type PhaseClock } from './stats.js';

/** Limit on what is held and parsed whole: `--max-file-size`, and never beyond a V8 string. */
export function wholeLimit(options: CheckOptions): { limit: number; name: string } {
  return options.maxFileSize <= MAX_WHOLE_BYTES
    ? { limit: options.maxFileSize, name: '--max-file-size' }
    : { limit: MAX_WHOLE_BYTES, name: 'the largest string V8 can hold' };
}

/** The record of an input over the whole-file limit: skipped, naming the limit. */
export function overLimit(b: ResultBase, size: number, options: CheckOptions, started: number) {
  const { limit, name } = wholeLimit(options);
  return failureResult(
    b,
    'skipped',
    'EMAXSIZE',
    `Not checked: the input is ${size} bytes, over ${name} (${limit} bytes).`,
    performance.now() - started,
  );
}

/**
 * Decompress a gzip JSON (or not yet known) input: its bytes when they stay within --stream-threshold
 * (and the whole-file limit), else null once the head shows JSON: the caller streams it.
 */
async function gunzipOrStream(
  source: Buffer | string,
  format: 'json' | 'yaml' | null,
  options: CheckOptions,
): Promise<Buffer | null> {
  const { limit, name } = wholeLimit(options);
  if (format === 'yaml' || options.streamThreshold >= limit) return gunzipToBuffer(source, limit, name);
  const head = await gunzipHead(source, options.streamThreshold, limit, name);
  if (head.complete) return head.bytes;
  if (format === 'json' || sniffFormat(head.bytes) === 'json') return null;
  return gunzipToBuffer(source, limit, name);
}

/**
 * Stream a gzip JSON input through the element splitter, decompressing it once per pass (header,
 * main pass, and a rescan only when findings need placing). Memory: the streamed bound plus zlib's.
 */
async function checkGzipStreamed(
  job: FileJob,
  source: Buffer | string,
  b: ResultBase,
  options: CheckOptions,
): Promise<DocumentResult> {
  // Imported here, as in check-file.ts: only inputs over the threshold need the splitter.
  const { checkStreamed } = await import('./streamed.js');
  const limit = options.maxFileSize;
  const outcome = await checkStreamed(job, options, { chunks: () => gunzipChunks(source, limit) });
  // The size on disk, as for every gzip input.
  return { ...outcome.documents[0]!, bytes: b.bytes, compression: 'gzip' };
}

/** Check bytes already in memory (a read file, stdin, or the library's checkDocument()). */
export function checkInMemory(
  bytes: Buffer,
  format: 'json' | 'yaml',
  b: ResultBase,
  options: CheckOptions,
  started: number,
  clock: PhaseClock | null,
): FileOutcome['documents'][number] {
  clock?.lap('readMs');
  const report = checkBytes(bytes, PARSERS[format], engineOptions(options), 1, clock);
  if (format === 'json' && b.format === 'unknown') hintYaml(report, bytes);
  return documentResult(rebased(b, format, b.bytes), report, performance.now() - started, clock);
}

/**
 * Text without a name to tell its format that starts with `{` is taken for JSON; YAML's flow style
 * (`{mcpdesc: 0.7.0, ...}`) starts so too and got only "Invalid JSON". When JSON fails on a bare word
 * (an unquoted name or value) and the text parses as a YAML mapping, the syntax finding says so. Only
 * a hint, and not for other errors: broken JSON (a trailing comma, say) is often valid YAML too.
 */
export function hintYaml(report: DocumentReport, bytes: Buffer): void {
  const first = report.diagnostics[0];
  if (report.diagnostics.length !== 1 || first?.ruleId !== 'mcpdesc.document.syntax') return;
  const text = bytes.toString('utf8');
  const error = findJsonSyntaxError(text);
  if (error === null || !/[A-Za-z_]/.test(text.charAt(error.offset))) return;
  const yaml = PARSERS.yaml(text);
  if (!yaml.ok || yaml.value === null || typeof yaml.value !== 'object' || Array.isArray(yaml.value)) return;
  first.message +=
    ' The text parses as YAML: name the file .yaml or .yml (or pass --stdin-format yaml) to check it as YAML.';
}

/**
 * Read and check a JSON or YAML file as one document (never the streamed path). `raw`: the file's
 * bytes when the caller already read them (`--cache` hashes them first), else they are read here.
 */
export async function checkWholeFile(
  job: FileJob,
  options: CheckOptions,
  raw?: Buffer,
): Promise<FileOutcome> {
  const started = performance.now();
  // --stats: reading and decompressing are the read phase (up to checkInMemory).
  const clock = clockFor(options);
  const named = formatFromName(job.path);
  const b = jobBase(job, named.format ?? 'unknown', named.gzip);
  try {
    const { limit, name } = wholeLimit(options);
    if (!named.gzip && raw === undefined && job.size > limit)
      return { index: job.index, documents: [overLimit(b, job.size, options, started)] };
    const source = raw ?? job.path;
    let bytes: Buffer;
    if (named.gzip && named.format !== 'jsonl') {
      const inflated = await gunzipOrStream(source, named.format, options);
      if (inflated === null)
        return { index: job.index, documents: [await checkGzipStreamed(job, source, b, options)] };
      bytes = inflated;
    } else if (named.gzip) {
      bytes = await gunzipToBuffer(source, limit, name);
    } else if (raw !== undefined) {
      bytes = raw;
    } else {
      // JSON Lines is checked asynchronously and needs bytes of its own; any other text is decoded
      // before the next await, so the thread's reused buffer serves.
      bytes = named.format === 'jsonl' ? readWhole(job.path) : readReused(job.path, job.size);
    }
    // The file may have grown since discovery measured it.
    if (bytes.length > limit)
      return { index: job.index, documents: [overLimit(b, bytes.length, options, started)] };
    const format = named.format === 'json' || named.format === 'yaml' ? named.format : sniffFormat(bytes);
    // What was read, not what discovery measured; the size on disk for gzip.
    const read = named.gzip ? b : rebased(b, b.format, bytes.length);
    if (named.format === 'jsonl') {
      return { index: job.index, documents: await checkJsonLines(bytes, false, read, options) };
    }
    return { index: job.index, documents: [checkInMemory(bytes, format, read, options, started, clock)] };
  } catch (error) {
    return {
      index: job.index,
      documents: [failureFor(error, b, engineOptions(options), performance.now() - started)],
    };
  }
}

/**
 * Check an input given as bytes (stdin, `-`). `format` 'unknown' means: from the name if it has an
 * extension, else sniffed. Gzip is recognised by its magic bytes.
 */
export async function checkBuffer(
  bytes: Buffer,
  file: string,
  format: InputFormat,
  options: CheckOptions,
  index = 0,
): Promise<FileOutcome> {
  const started = performance.now();
  // --stats: the bytes came from the main thread, so the read phase is only decompressing them here.
  const clock = clockFor(options);
  const named = formatFromName(file);
  const gzip = named.gzip || isGzipMagic(bytes);
  const declared = format !== 'unknown' ? format : named.format;
  const b: ResultBase = { index, file, format: declared ?? 'unknown', gzip, bytes: bytes.length };
  try {
    if (declared === 'jsonl') return { index, documents: await checkJsonLines(bytes, gzip, b, options) };
    // No declared format (stdin's `auto`): one document per line when the text says so.
    if (declared === null && !gzip && looksLikeJsonLines(bytes))
      return { index, documents: await checkJsonLines(bytes, false, { ...b, format: 'jsonl' }, options) };
    const { limit } = wholeLimit(options);
    if (!gzip && bytes.length > limit)
      return { index, documents: [overLimit(b, bytes.length, options, started)] };
    const plain = gzip ? await gunzipOrStream(bytes, declared ?? null, options) : bytes;
    if (plain === null) {
      const job: FileJob = { index, path: file, file, size: bytes.length };
      return { index, documents: [await checkGzipStreamed(job, bytes, b, options)] };
    }
    // Decompressed in memory, so not too large to be read again as the lines of a .jsonl.gz file.
    if (declared === null && gzip && looksLikeJsonLines(plain))
      return { index, documents: await checkJsonLines(bytes, true, { ...b, format: 'jsonl' }, options) };
    const chosen = declared ?? sniffFormat(plain);
    return { index, documents: [checkInMemory(plain, chosen, b, options, started, clock)] };
  } catch (error) {
    return { index, documents: [failureFor(error, b, engineOptions(options), performance.now() - started)] };
  }
}
