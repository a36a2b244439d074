// One input file → its FileOutcome. Never throws for a per-file problem: an unreadable file, a file
// over a limit, bad bytes, bad syntax, all end up as that file's own result(s).
import { formatFromName, sniffFormat } from '../parsing/format.js';
import { readBounded, readHead, readPipe, readWhole } from '../parsing/read.js';
import { keyOfBytes } from '../state/cache-key.js';
import type { CheckOptions, FileJob, FileOutcome } from '../types.js';
import { roundMs } from '../validation/timings.js';
import { failureFor } from './failures.js';
import { checkJsonLines } from './json-lines.js';
import { engineOptions, jobBase } from './results.js';
import { checkBuffer, checkWholeFile, wholeLimit } from './whole.js';

export { checkBuffer } from './whole.js';

export async function checkFile(job: FileJob, options: CheckOptions): Promise<FileOutcome> {
  const started = performance.now();
  const named = formatFromName(job.path);
  try {
    // A pipe or device can be read only once and only as it comes, and its size is unknown: read it
    // whole under the whole-file limit, then check it as bytes, as stdin is.
    if (job.special) {
      const { limit, name } = wholeLimit(options);
      const read = job.special === 'fifo' ? readPipe : readBounded;
      const bytes = await read(job.path, limit, name);
      return await checkBuffer(bytes, job.file, 'unknown', options, job.index);
    }
    if (options.cacheRunKey !== undefined && cacheable(job, options)) {
      return await checkCacheable(job, options, options.cacheRunKey, named.format === 'jsonl', named.gzip);
    }
    if (named.format === 'jsonl') {
      return {
        index: job.index,
        documents: await checkJsonLines(job.path, named.gzip, jobBase(job, 'jsonl', named.gzip), options),
      };
    }
    // Plain JSON above the threshold goes to the element splitter (constant memory, both cores); a
    // huge file without a known extension is sniffed from its first bytes to decide.
    if (!named.gzip && job.size > options.streamThreshold) {
      if (named.format === 'json' || (named.format === null && sniffFormat(readHead(job.path)) === 'json')) {
        // Imported here: the element splitter is for files over the threshold only (start-up of every
        // other run does not pay for its modules).
        const { checkStreamed } = await import('./streamed.js');
        return await checkStreamed(job, options);
      }
    }
    return await checkWholeFile(job, options);
  } catch (error) {
    const b = jobBase(job, named.format ?? 'unknown', named.gzip);
    return {
      index: job.index,
      documents: [failureFor(error, b, engineOptions(options), performance.now() - started)],
    };
  }
}

/**
 * `--cache` covers the inputs that are read whole anyway: up to --stream-threshold and
 * --max-file-size. Larger ones (streamed dumps, skipped files) are never held in memory at once, so
 * hashing them would mean a second full read; they are checked fresh every run.
 */
function cacheable(job: FileJob, options: CheckOptions): boolean {
  return job.size <= options.streamThreshold && job.size <= options.maxFileSize;
}

/**
 * Read once, hash what was read (the key the CLI records for the next run), check those same bytes.
 * Unchanged files never get here: the CLI replays them without the pool (cli/run.ts, findHits). A
 * read failure falls through to the uncached path, which reports it (and nothing is recorded).
 */
async function checkCacheable(
  job: FileJob,
  options: CheckOptions,
  runKey: string,
  jsonl: boolean,
  gzip: boolean,
): Promise<FileOutcome> {
  let raw: Buffer;
  const readStarted = performance.now();
  try {
    raw = readWhole(job.path);
  } catch {
    const uncached: CheckOptions = { ...options };
    delete uncached.cacheRunKey;
    return checkFile(job, uncached);
  }
  const cacheKey = keyOfBytes(runKey, job.file, raw);
  // --stats: reading the file (and hashing it for the cache) happened before its check started.
  const readMs = performance.now() - readStarted;
  if (jsonl) {
    const documents = await checkJsonLines(raw, gzip, jobBase(job, 'jsonl', gzip), options);
    return chargeRead({ index: job.index, documents, cacheKey }, readMs);
  }
  return chargeRead({ ...(await checkWholeFile(job, options, raw)), cacheKey }, readMs);
}

/** Add a read done before the check to the read phase of its (first) document, when timed. */
function chargeRead(outcome: FileOutcome, readMs: number): FileOutcome {
  const timings = outcome.documents[0]?.timings;
  if (timings) timings.readMs = roundMs(timings.readMs + readMs);
  return outcome;
}
