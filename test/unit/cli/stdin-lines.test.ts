// Standard input read as JSON Lines (src/cli/stdin-lines.ts) with the real batch checker in-process:
// the records of the same bytes read from a file, however the stream is cut into chunks.
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { after, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { StdinReader, stdinLineOutcomes } from '../../../src/cli/stdin-lines.js';
import { createInProcessRunner } from '../../../src/pool/runner.js';
import type { CheckOptions, DocumentResult, FileJob } from '../../../src/types.js';
import { checkFile } from '../../../src/worker/check-file.js';
import { OPTIONS, TempDir, VALID } from '../worker/helpers.js';

const WORKER = new URL('../../../src/worker/index.js', import.meta.url);
const STDIN_JOB: FileJob = { index: 0, path: '-', file: '<stdin>', size: 0 };

function text(): string {
  const lines: string[] = [];
  for (let i = 0; i < 700; i++) {
    if (i % 7 === 0) lines.push('');
    else if (i % 9 === 0) lines.push(' \t ');
    else if (i % 11 === 0) lines.push('{"mcpdesc": "0.7.0",');
    else if (i % 13 === 0) lines.push(`${JSON.stringify({ ...VALID, tools: [{ name: 'bad name' }] })}\r`);
    else if (i === 300) lines.push(JSON.stringify({ ...VALID, pad: 'x'.repeat(5000) }));
    else if (i % 17 === 0) lines.push(`\uFEFF${JSON.stringify(VALID)}`);
    else lines.push(JSON.stringify({ ...VALID, info: { name: `s${i}`, version: '1.0.0' } }));
  }
  // No final newline.
  return lines.join('\n');
}

/** `bytes` written to a stream in pieces of 1..`most` bytes (a pipe cuts anywhere). */
function chunked(bytes: Buffer, most: number, seed: number): PassThrough {
  const stream = new PassThrough();
  let state = seed;
  let at = 0;
  const step = () => {
    for (let n = 0; n < 50 && at < bytes.length; n++) {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      const size = 1 + (state % most);
      stream.write(bytes.subarray(at, at + size));
      at += size;
    }
    if (at < bytes.length) setImmediate(step);
    else stream.end();
  };
  setImmediate(step);
  return stream;
}

const comparable = (docs: DocumentResult[]) =>
  docs.map(({ durationMs: _d, file: _f, index: _i, ...rest }) => rest);

async function fromStdin(stream: NodeJS.ReadableStream, options: CheckOptions = OPTIONS) {
  const reader = new StdinReader(stream);
  const runner = createInProcessRunner(WORKER);
  const documents: DocumentResult[] = [];
  let pieces = 0;
  for await (const outcome of stdinLineOutcomes(reader, STDIN_JOB, options, runner)) {
    pieces++;
    documents.push(...outcome.documents);
  }
  return { documents, pieces, reader };
}

describe('JSON Lines on standard input', () => {
  const tmp = new TempDir();
  after(() => tmp.remove());
  const options: CheckOptions = { ...OPTIONS, maxFileSize: 4000 };

  it('gives the records of the same bytes read from a file, however the input is cut', async () => {
    const bytes = Buffer.from(text());
    const file = await checkFile(tmp.write('dump.jsonl', bytes), options);
    assert.ok(file.documents.length > 400);
    assert.ok(file.documents.some((d) => d.status === 'skipped'));
    for (const [most, seed] of [
      [1, 1],
      [7, 2],
      [5000, 3],
      [70_000, 4],
    ] as const) {
      const { documents, pieces, reader } = await fromStdin(chunked(bytes, most, seed), options);
      assert.deepEqual(comparable(documents), comparable(file.documents), `chunks of up to ${most} bytes`);
      assert.ok(pieces > 1, 'passed on in pieces');
      assert.equal(reader.bytes, bytes.length);
    }
  });

  it('gzip: the records of the same bytes in a .jsonl.gz file', async () => {
    // For gzip --max-file-size bounds the decompressed total, so the default here.
    const gz = gzipSync(text());
    const file = await checkFile(tmp.write('dump.jsonl.gz', gz), OPTIONS);
    const { documents } = await fromStdin(chunked(gz, 3000, 5));
    assert.deepEqual(comparable(documents), comparable(file.documents));
    assert.ok(documents.every((d) => d.compression === 'gzip'));
  });

  it('a truncated gzip input: the lines before, then the syntax record, as for the file', async () => {
    const gz = gzipSync(text());
    const cut = gz.subarray(0, Math.floor(gz.length / 2));
    const file = await checkFile(tmp.write('cut.jsonl.gz', cut), OPTIONS);
    const { documents } = await fromStdin(chunked(cut, 3000, 6));
    assert.ok(documents.length > 10);
    assert.match(JSON.stringify(documents.at(-1)!.diagnostics), /Corrupt gzip data/);
    assert.deepEqual(comparable(documents), comparable(file.documents));
  });

  it('no document, blank lines only, CRLF: the one syntax record with the input bytes', async () => {
    for (const content of ['', '\n  \r\n\t\n\r\n']) {
      const file = await checkFile(tmp.write(`blank-${content.length}.jsonl`, content), options);
      const { documents } = await fromStdin(chunked(Buffer.from(content), 2, 7), options);
      assert.equal(documents.length, 1);
      assert.deepEqual(comparable(documents), comparable(file.documents));
    }
  });

  it('a read failure after some lines: those, then the failure on the next line', async () => {
    const stream = new PassThrough();
    stream.write(`${JSON.stringify(VALID)}\n\n${JSON.stringify(VALID)}\n{"partial`);
    setImmediate(() => stream.destroy(Object.assign(new Error('read failed'), { code: 'EIO' })));
    const { documents } = await fromStdin(stream);
    assert.deepEqual(
      documents.map((d) => [d.line, d.status, d.error?.code]),
      [
        [1, 'valid', undefined],
        [3, 'valid', undefined],
        [4, 'error', 'EIO'],
      ],
    );
    assert.equal(documents.at(-1)!.bytes, 0);
  });
});
