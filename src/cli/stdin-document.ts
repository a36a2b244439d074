// A document on standard input (`-`, not read as JSON Lines as it comes: cli/stdin-lines.ts) is checked
// as a file of its size would be. Up to --stream-threshold it is held and checked as bytes; beyond, it
// is written to a temporary file as it is read and checked as that file (a JSON dump is streamed,
// memory stays bounded). --max-file-size stops the read: the rest is never taken from the pipe.
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, rmSync, type WriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isGzipMagic, looksLikeJsonLines, sniffFormat } from '../parsing/format.js';
import { InputLimitError, MAX_WHOLE_BYTES } from '../parsing/read.js';
import type { CheckOptions, FileJob, FileOutcome, InputFormat } from '../types.js';
import { failureFor } from '../worker/failures.js';
import { engineOptions, jobBase } from '../worker/results.js';

const EXTENSION: Partial<Record<InputFormat, string>> = { json: '.json', yaml: '.yaml', jsonl: '.jsonl' };

/**
 * The temporary file's extension, which tells the check what the bytes are (a name is all a file
 * has): the declared format, else what the first bytes say (gzip, JSON Lines), else none (sniffed).
 */
function extensionOf(format: InputFormat, head: Buffer): string {
  const declared = EXTENSION[format];
  if (declared !== undefined) return declared;
  if (isGzipMagic(head)) return '.gz';
  return looksLikeJsonLines(head) ? '.jsonl' : '';
}

/**
 * Input that is read whole however large it is (YAML, or a format the check would sniff as YAML) stops
 * at the whole-file limit: past it, the check refuses it anyway, and the rest need not go to disk.
 */
function readWholeAnyway(extension: string, head: Buffer): boolean {
  return extension === '.yaml' || (extension === '' && sniffFormat(head) === 'yaml');
}

/**
 * JSON Lines and gzip are bounded by the check itself, as in a file: --max-file-size applies to each line,
 * or to the decompressed bytes; the bytes read from the pipe are not what it limits.
 */
function boundedByTheCheck(extension: string): boolean {
  return extension === '.jsonl' || extension === '.gz';
}

/** Check standard input (`job`) as one document; the outcome of a file of its bytes and name. */
export async function checkStdinDocument(
  stdin: NodeJS.ReadableStream,
  job: FileJob,
  format: InputFormat,
  options: CheckOptions,
  signal: AbortSignal,
): Promise<FileOutcome> {
  const started = performance.now();
  const { checkBuffer, checkFile } = await import('../worker/check-file.js');
  const held: Buffer[] = [];
  let total = 0;
  let spool: { dir: string; path: string; stream: WriteStream; extension: string } | null = null;
  let limit = options.maxFileSize;
  let limitName = '--max-file-size';
  const stop = () => (stdin as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
  signal.addEventListener('abort', stop, { once: true });
  try {
    for await (const raw of stdin) {
      const chunk = typeof raw === 'string' ? Buffer.from(raw) : raw;
      total += chunk.length;
      if (
        total > limit &&
        boundedByTheCheck(spool?.extension ?? extensionOf(format, Buffer.concat([...held, chunk])))
      )
        limit = Number.POSITIVE_INFINITY;
      if (total > limit) {
        stop();
        const b = { ...jobBase(job, format, false), bytes: total };
        const error = new InputLimitError(limitName, limit, 'standard input');
        return {
          index: job.index,
          documents: [failureFor(error, b, engineOptions(options), performance.now() - started)],
        };
      }
      if (spool !== null) {
        if (!spool.stream.write(chunk)) await once(spool.stream, 'drain');
        continue;
      }
      held.push(chunk);
      // (A file too large for a string is refused whole, whatever the threshold: no need to hold more.)
      if (total <= Math.min(options.streamThreshold, MAX_WHOLE_BYTES)) continue;
      // Over the threshold: from here on the bytes go to disk, as a file of this size would be read.
      const head = Buffer.concat(held);
      held.length = 0;
      const extension = extensionOf(format, head);
      if (readWholeAnyway(extension, head) && MAX_WHOLE_BYTES < limit) {
        limit = MAX_WHOLE_BYTES;
        limitName = 'the largest string V8 can hold';
      }
      const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-stdin-'));
      spool = {
        dir,
        path: join(dir, `stdin${extension}`),
        stream: createWriteStream(join(dir, `stdin${extension}`)),
        extension,
      };
      if (!spool.stream.write(head)) await once(spool.stream, 'drain');
    }
    if (spool === null)
      return await checkBuffer(Buffer.concat(held, total), job.file, format, options, job.index);
    spool.stream.end();
    await once(spool.stream, 'close');
    return await checkFile({ ...job, path: spool.path, size: total }, options);
  } finally {
    signal.removeEventListener('abort', stop);
    if (spool !== null) {
      spool.stream.destroy();
      rmSync(spool.dir, { recursive: true, force: true });
    }
  }
}
