// Every document source through the one entry point: one JSON Lines input read whole (a `files`
// source), cut into byte ranges, streamed over a port and read by this thread in line batches gives
// the same records, line numbers and findings included (durations aside), and so does a failure to
// read on and an input with no document.
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { after, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { StdinReader, stdinLineBatches } from '../../../src/cli/stdin-lines.js';
import { lineRangeOutcomes } from '../../../src/pool/line-ranges.js';
import { pieceOutcomes, sourceRunner } from '../../../src/pool/pieces.js';
import { recordPortOutcomes } from '../../../src/pool/record-port.js';
import { createThreadRunner } from '../../../src/pool/runner.js';
import type { CheckOptions, DocumentResult, FileJob, FileOutcome } from '../../../src/types.js';
import { check } from '../../../src/worker/index.js';
import type { DocumentSource } from '../../../src/worker/tasks.js';
import { OPTIONS, TempDir, VALID } from '../worker/helpers.js';
import { inThisThread } from './run-source.js';

const strip = (docs: DocumentResult[]) => docs.map(({ durationMs: _, ...rest }) => rest);

/** Blank lines, CRLF, lines that are not JSON, findings, a long line and no final newline. */
function text(): string {
  const lines: string[] = [];
  for (let i = 0; i < 300; i++) {
    if (i % 7 === 0) lines.push(i % 14 === 0 ? '' : '   ');
    else if (i % 11 === 0) lines.push('{"mcpdesc": "0.7.0",');
    else if (i % 13 === 0) lines.push(`${JSON.stringify({ ...VALID, tools: [{ name: 'bad name' }] })}\r`);
    else if (i === 150)
      lines.push(JSON.stringify({ ...VALID, info: { name: 'x'.repeat(3000), version: '1' } }));
    else lines.push(JSON.stringify({ ...VALID, info: { name: `s${i}`, version: '1.0.0' } }));
  }
  return lines.join('\n');
}

async function records(outcomes: AsyncIterable<FileOutcome>): Promise<DocumentResult[]> {
  const documents: DocumentResult[] = [];
  for await (const outcome of outcomes) documents.push(...outcome.documents);
  return documents;
}

async function whole(job: FileJob, options: CheckOptions): Promise<DocumentResult[]> {
  const results = await check({ source: { kind: 'files', jobs: [job] }, options });
  assert.equal(results.length, 1);
  return results[0]!.documents;
}

/** The bytes of `job` read by this thread as standard input is, in line batches. */
async function* lineSources(bytes: Buffer, job: FileJob, options: CheckOptions) {
  const chunks = Array.from({ length: Math.ceil(bytes.length / 777) }, (_, i) =>
    bytes.subarray(i * 777, (i + 1) * 777),
  );
  const reader = new StdinReader(Readable.from(chunks));
  for await (const batch of stdinLineBatches(reader, options)) {
    yield { kind: 'lines', job: { ...job, size: batch.bytesRead }, batch } satisfies DocumentSource;
  }
}

async function byLines(bytes: Buffer, job: FileJob, options: CheckOptions): Promise<DocumentResult[]> {
  return records(pieceOutcomes(job, lineSources(bytes, job, options), inThisThread(options), 3));
}

describe('every document source gives the records of the whole file', () => {
  const tmp = new TempDir();
  after(() => tmp.remove());
  // Lines over 2,000 bytes are skipped (EMAXSIZE), as --max-file-size makes them.
  const small: CheckOptions = { ...OPTIONS, maxFileSize: 2000 };

  it('byte ranges cut anywhere, and line batches read here', async () => {
    const job = tmp.write('lines.jsonl', text());
    const reference = await whole(job, small);
    assert.ok(reference.length > 200);
    assert.ok(reference.some((d) => d.error?.code === 'EMAXSIZE'));
    assert.ok(reference.some((d) => d.status === 'invalid' && d.diagnostics.some((x) => x.line! > 100)));
    for (const rangeBytes of [1, 97, 1000, 64 * 1024]) {
      const tuning = { thresholdBytes: 0, rangeBytes, portThresholdBytes: 0 };
      const ranged = await records(lineRangeOutcomes(job, inThisThread(small), tuning, 4));
      assert.deepEqual(strip(ranged), strip(reference), `ranges of ${rangeBytes} bytes`);
    }
    const lines = await byLines(Buffer.from(text()), job, small);
    assert.deepEqual(strip(lines), strip(reference));
  });

  it('gzip: streamed over a port, and read here in line batches', async () => {
    const bytes = gzipSync(text());
    const job = tmp.write('lines.jsonl.gz', bytes);
    const reference = await whole(job, OPTIONS);
    assert.ok(reference.every((d) => d.compression === 'gzip'));
    const streamed = await records(recordPortOutcomes(job, inThisThread(OPTIONS)));
    assert.deepEqual(strip(streamed), strip(reference));
    assert.deepEqual(strip(await byLines(bytes, job, OPTIONS)), strip(reference));
  });

  it('a gzip input cut short: the records before, then the failure on the next line', async () => {
    const full = gzipSync(text());
    const bytes = full.subarray(0, Math.floor(full.length / 2));
    const job = tmp.write('cut.jsonl.gz', bytes);
    const reference = await whole(job, OPTIONS);
    const failure = reference.at(-1)!;
    assert.match(failure.diagnostics[0]?.message ?? '', /gzip/);
    assert.equal(failure.line, reference.at(-2)!.line! + 1);
    const streamed = await records(recordPortOutcomes(job, inThisThread(OPTIONS)));
    assert.deepEqual(strip(streamed), strip(reference));
    assert.deepEqual(strip(await byLines(bytes, job, OPTIONS)), strip(reference));
  });

  it('an input with no document: its one record, from every source', async () => {
    const blank = '\n  \n\r\n\n';
    const job = tmp.write('blank.jsonl', blank);
    const reference = await whole(job, OPTIONS);
    assert.equal(reference.length, 1);
    assert.equal(reference[0]!.status, 'invalid');
    const tuning = { thresholdBytes: 0, rangeBytes: 2, portThresholdBytes: 0 };
    assert.deepEqual(
      strip(await records(lineRangeOutcomes(job, inThisThread(OPTIONS), tuning, 2))),
      strip(reference),
    );
    assert.deepEqual(strip(await byLines(Buffer.from(blank), job, OPTIONS)), strip(reference));
    const gz = tmp.write('blank.jsonl.gz', gzipSync(blank));
    const gzReference = await whole(gz, OPTIONS);
    assert.deepEqual(strip(await records(recordPortOutcomes(gz, inThisThread(OPTIONS)))), strip(gzReference));
  });

  it('over a worker thread: a stream ends with its last piece, ranges and batches as in this thread', {
    timeout: 60_000,
  }, async () => {
    const runner = await createThreadRunner({ threads: 1, maxOldGenerationSizeMb: 256 });
    try {
      const bytes = gzipSync(text());
      const gz = tmp.write('thread.jsonl.gz', bytes);
      const run = sourceRunner(runner, OPTIONS);
      assert.deepEqual(strip(await records(recordPortOutcomes(gz, run))), strip(await whole(gz, OPTIONS)));
      const plain = tmp.write('thread.jsonl', text());
      const tuning = { thresholdBytes: 0, rangeBytes: 4096, portThresholdBytes: 0 };
      const reference = strip(await whole(plain, OPTIONS));
      assert.deepEqual(strip(await records(lineRangeOutcomes(plain, run, tuning, 3))), reference);
      const lines = pieceOutcomes(plain, lineSources(Buffer.from(text()), plain, OPTIONS), run, 3);
      assert.deepEqual(strip(await records(lines)), reference);
    } finally {
      await runner.close();
    }
  });
});
