// Reading our own NDJSON reports back (for merge, compare and report-as-baseline), one record at a
// time. A report is `run`, then per document its `diagnostic` records followed by its `file` record,
// then `summary`. Reports can be much larger than memory (a 100k-file scan with diagnostics is
// hundreds of MB), so nothing here holds more than one document's records.
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';

/** A parsed NDJSON record; only `type` is assumed. */
export type JsonRecord = Record<string, unknown>;

/** A report to read: a file path (`.gz` is decompressed), or lines from elsewhere (tests, stdin). */
export type ReportSource = string | { name: string; lines: AsyncIterable<string> };

export interface SourcedRecord {
  /** 1-based line in the source. */
  lineNo: number;
  /** The line as read (written back unchanged when nothing needs rewriting). */
  text: string;
  record: JsonRecord;
}

/** One document: the records that precede its `file` record (diagnostics), then the file record. */
export interface DocumentGroup {
  file: string;
  line: number | undefined;
  records: SourcedRecord[];
  fileRecord: SourcedRecord;
}

export function sourceName(source: ReportSource): string {
  return typeof source === 'string' ? source : source.name;
}

/** An error carrying a stable code, for callers that map failures to exit codes. */
export class ReportError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'ReportError';
    this.code = code;
  }
}

async function openLines(path: string): Promise<{ lines: AsyncIterable<string>; handle: FileHandle }> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
    // `report -` (a report piped in) is a natural thing to try; "no such file" did not say why.
    if (code === 'ENOENT' && path === '-') {
      throw new ReportError(
        code,
        "cannot read -: reports are read from files, not from standard input (write the run's report to a file, e.g. -f ndjson=results.ndjson)",
      );
    }
    throw new ReportError(code, `cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : code}`);
  }
  let stream: Readable = handle.createReadStream();
  if (path.endsWith('.gz')) stream = stream.pipe(createGunzip());
  return { lines: createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }), handle };
}

/**
 * Records of a report, in order. Blank lines are skipped; a line that is not a JSON object is
 * reported through `problem` (naming the source and line) and skipped, so one damaged line does not
 * hide the rest of a shard.
 */
export async function* readRecords(
  source: ReportSource,
  problem: (message: string) => void,
  options: { firstMustParse?: boolean } = {},
): AsyncGenerator<SourcedRecord> {
  const name = sourceName(source);
  let lines: AsyncIterable<string>;
  let handle: FileHandle | undefined;
  if (typeof source === 'string') ({ lines, handle } = await openLines(source));
  else lines = source.lines;
  let lineNo = 0;
  let yielded = false;
  // `firstMustParse`: a first line that is no record means the input is not a report at all (a SARIF
  // log, a JUnit file, a gzip file not named .gz); reading on named every line of it, one message each.
  const notAReport = (what: string, text: string) =>
    new ReportError(
      'ENOTREPORT',
      `${name}:${lineNo}: ${what}: not an NDJSON report of mcpdesc-validate (${
        text.charCodeAt(0) === 0x1f ? 'gzip-compressed? name it .gz' : 'written with -f ndjson?'
      })`,
    );
  try {
    for await (const line of lines) {
      lineNo++;
      // A UTF-8 byte order mark (Windows tools write one) is not part of the first record; RFC 8259
      // §8.1 lets a reader ignore it, as the validator does in documents.
      const text = lineNo === 1 && line.charCodeAt(0) === 0xfeff ? line.slice(1) : line;
      if (text.trim() === '') continue;
      let record: unknown;
      try {
        record = JSON.parse(text);
      } catch {
        if (options.firstMustParse && !yielded) throw notAReport('not a JSON record', text);
        problem(`${name}:${lineNo}: not a JSON record (truncated or damaged output?)`);
        continue;
      }
      if (record === null || typeof record !== 'object' || Array.isArray(record)) {
        if (options.firstMustParse && !yielded) throw notAReport('not a JSON object', text);
        problem(`${name}:${lineNo}: not a JSON object`);
        continue;
      }
      yielded = true;
      yield { lineNo, text, record: record as JsonRecord };
    }
  } catch (error) {
    if (error instanceof ReportError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
    throw new ReportError(code, `cannot read ${name}: ${(error as Error).message}`);
  } finally {
    await handle?.close();
  }
}

function documentLine(record: JsonRecord): number | undefined {
  return typeof record.line === 'number' ? record.line : undefined;
}

/**
 * A report split into its parts: `run` (the first record, or null when the first record is not a
 * run record), then document groups from `next()`, then `summary` and any records that followed the
 * last file record (`trailer`), both known once `next()` returned null.
 */
export interface ReportReader {
  readonly name: string;
  /** The first record when it is a run record; else null, and the reader reported why. */
  readonly run: JsonRecord | null;
  next(): Promise<DocumentGroup | null>;
  summary: JsonRecord | null;
  trailer: SourcedRecord[];
}

export async function openReport(
  source: ReportSource,
  problem: (message: string) => void,
): Promise<ReportReader> {
  const name = sourceName(source);
  // A damaged first line throws (ReportError): the input is not a report, and one message says so.
  const records = readRecords(source, problem, { firstMustParse: true });
  const first = await records.next();
  let pending: SourcedRecord[] = [];
  let run: JsonRecord | null = null;
  if (!first.done) {
    if (first.value.record.type === 'run') run = first.value.record;
    else pending.push(first.value);
  }
  if (run === null) {
    // An empty report is a run that never wrote (killed, or its output sent elsewhere), not a foreign file.
    problem(
      first.done
        ? `${name} is empty: no run record (the run wrote nothing to it: killed before it started, or its -f ndjson went elsewhere?)`
        : `${name} does not start with a run record (not mcpdesc-validate NDJSON?)`,
    );
  }
  let finished = first.done === true;
  // Records after the summary (`cat a.ndjson b.ndjson > all.ndjson`): the first is named, the rest
  // counted; one message each flooded stderr with a line per record of every report after the first.
  let afterSummary = 0;
  const countAfterSummary = () => {
    if (afterSummary > 1) {
      const more = afterSummary - 1;
      problem(`${name}: ${more} more record${more === 1 ? '' : 's'} after the summary`);
    }
    afterSummary = 0;
  };
  const reader: ReportReader = {
    name,
    run,
    summary: null,
    trailer: [],
    async next() {
      while (!finished) {
        let step: IteratorResult<SourcedRecord>;
        try {
          step = await records.next();
        } catch (error) {
          // A read error mid-stream (a damaged .gz, an I/O error) ends this input like a cut-off file.
          problem(error instanceof Error ? error.message : `cannot read ${name}`);
          finished = true;
          countAfterSummary();
          break;
        }
        if (step.done) {
          finished = true;
          countAfterSummary();
          break;
        }
        const item = step.value;
        const { record } = item;
        if (reader.summary !== null) {
          if (afterSummary++ === 0) {
            problem(
              `${name}:${item.lineNo}: record after the summary (concatenated reports? give each report as its own input)`,
            );
          }
          continue;
        }
        if (record.type === 'summary') {
          reader.summary = record;
          continue;
        }
        if (record.type === 'run') {
          problem(`${name}:${item.lineNo}: a second run record (concatenated reports?)`);
          continue;
        }
        if (record.type === 'file') {
          if (typeof record.file !== 'string') {
            problem(`${name}:${item.lineNo}: file record without a file name`);
            pending = [];
            continue;
          }
          for (const d of pending) {
            if (d.record.type === 'diagnostic' && d.record.file !== record.file) {
              problem(
                `${name}:${d.lineNo}: diagnostic for ${String(d.record.file)} is followed by the file record of ${record.file}`,
              );
            }
          }
          const group: DocumentGroup = {
            file: record.file,
            line: documentLine(record),
            records: pending,
            fileRecord: item,
          };
          pending = [];
          return group;
        }
        pending.push(item);
      }
      if (pending.length > 0) {
        // Diagnostics with no file record after them: the shard was cut off mid-document.
        if (pending.some((p) => p.record.type === 'diagnostic')) {
          problem(`${name}:${pending[0]!.lineNo}: diagnostics without their file record (truncated output?)`);
        }
        reader.trailer.push(...pending.filter((p) => p.record.type !== 'diagnostic'));
        pending = [];
      }
      return null;
    },
  };
  return reader;
}
