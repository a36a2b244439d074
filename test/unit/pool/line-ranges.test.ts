// checkLineRanges with the real range checker in-process: the same records as the single-worker path,
// a bounded window, and read failures placed as that path places them.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { checkLineRanges, lineRangeOutcomes } from '../../../src/pool/line-ranges.js';
import type { DocumentResult } from '../../../src/types.js';
import { checkFile } from '../../../src/worker/check-file.js';
import { failureResult, jobBase } from '../../../src/worker/results.js';
import type { RangeSource, SourceResult } from '../../../src/worker/tasks.js';
import { OPTIONS, TempDir, VALID } from '../worker/helpers.js';
import { inThisThread, only } from './run-source.js';

type RunRangeTask = (task: RangeSource) => Promise<SourceResult>;

/** A byte range checked in this thread by the worker's entry point. */
const checkLineRange: RunRangeTask = inThisThread();

const run = (runTask: RunRangeTask) => only('range', runTask);

const strip = (docs: DocumentResult[]) => docs.map(({ durationMs: _, ...rest }) => rest);

function text(): string {
  const lines: string[] = [];
  for (let i = 0; i < 400; i++) {
    if (i % 7 === 0) lines.push('');
    else if (i % 11 === 0) lines.push('{"mcpdesc": "0.7.0",');
    else if (i % 13 === 0) lines.push(`${JSON.stringify({ ...VALID, tools: [{ name: 'bad name' }] })}\r`);
    else lines.push(JSON.stringify({ ...VALID, info: { name: `s${i}`, version: '1.0.0' } }));
  }
  return lines.join('\n');
}

describe('checkLineRanges', () => {
  const tmp = new TempDir();
  after(() => tmp.remove());

  it('gives the single-worker records, with no more than maxInFlight ranges outstanding', async () => {
    const job = tmp.write('dump.jsonl', text());
    const single = await checkFile(job, OPTIONS);
    let outstanding = 0;
    let most = 0;
    const runTask: RunRangeTask = async (task) => {
      outstanding++;
      most = Math.max(most, outstanding);
      await new Promise((resolve) => setTimeout(resolve, 1));
      try {
        return await checkLineRange(task);
      } finally {
        outstanding--;
      }
    };
    const split = await checkLineRanges(
      job,
      run(runTask),
      { thresholdBytes: 0, rangeBytes: 501, portThresholdBytes: 0 },
      3,
    );
    assert.ok(single.documents.length > 300);
    assert.deepEqual(strip(split.documents), strip(single.documents));
    assert.equal(most, 3);
  });

  it('an unreadable file: its one error record, as the single-worker path gives it', async () => {
    const job = { ...tmp.job('gone.jsonl'), size: 10_000 };
    const single = await checkFile(job, OPTIONS);
    const split = await checkLineRanges(
      job,
      run(checkLineRange),
      { thresholdBytes: 0, rangeBytes: 999, portThresholdBytes: 0 },
      4,
    );
    assert.equal(single.documents[0]!.error?.code, 'ENOENT');
    assert.deepEqual(strip(split.documents), strip(single.documents));
  });

  it('a read failure in a later range: the records before it, then the failure on the next line', async () => {
    const job = tmp.write('fails.jsonl', text());
    const gone = tmp.job('missing.jsonl').path;
    // Ranges from byte 5,000 on cannot be read (as if the disk failed there).
    const runTask: RunRangeTask = (task) =>
      checkLineRange(task.start >= 5000 ? { ...task, job: { ...task.job, path: gone } } : task);
    const split = await checkLineRanges(
      job,
      run(runTask),
      { thresholdBytes: 0, rangeBytes: 1000, portThresholdBytes: 0 },
      2,
    );
    const single = await checkFile(job, OPTIONS);
    // The lines that start before byte 5,000 (the text is ASCII: characters are bytes).
    const lines = text().split('\n');
    const startOf = (line: number) => (line === 1 ? 0 : lines.slice(0, line - 1).join('\n').length + 1);
    const before = single.documents.filter((d) => startOf(d.line!) < 5000);
    const failure = split.documents.at(-1)!;
    assert.deepEqual(strip(split.documents.slice(0, -1)), strip(before));
    assert.deepEqual(
      [failure.status, failure.error?.code, failure.bytes, failure.line],
      ['error', 'ENOENT', 0, before.at(-1)!.line! + 1],
    );
    // Field order as the single-worker path builds it (the json report prints records as they are).
    const reference = failureResult(
      { ...jobBase(job, 'jsonl', false), bytes: 0, line: 1 },
      'error',
      'E',
      'm',
      0,
    );
    assert.deepEqual(Object.keys(failure), Object.keys(reference));
  });

  it('yields the records range by range, starting a range only when the one before was taken', async () => {
    const job = tmp.write('stream.jsonl', text());
    const single = await checkFile(job, OPTIONS);
    let started = 0;
    const runTask: RunRangeTask = (task) => {
      started++;
      return checkLineRange(task);
    };
    const tuning = { thresholdBytes: 0, rangeBytes: 700, portThresholdBytes: 0 };
    const pieces = lineRangeOutcomes(job, run(runTask), tuning, 3);
    const first = await pieces.next();
    // The first piece is in while no more than the window was started, though the file has ~40 ranges.
    assert.equal(first.done, false);
    assert.equal(first.value!.partial, true);
    assert.equal(started, 3);
    const documents = [...first.value!.documents];
    let last = first.value!;
    for await (const piece of pieces) {
      assert.equal(piece.index, job.index);
      documents.push(...piece.documents);
      last = piece;
    }
    assert.ok(started > 20);
    assert.equal(last.partial, undefined, 'the last piece closes the input');
    assert.deepEqual(strip(documents), strip(single.documents));
  });

  it('a worker failing on a later range: the records before it, then an error record on the next line', async () => {
    const job = tmp.write('crash.jsonl', text());
    const runTask: RunRangeTask = (task) =>
      task.start >= 5000 ? Promise.reject(new Error('worker exited with code 1')) : checkLineRange(task);
    const pieces: Array<{ partial?: boolean; documents: DocumentResult[] }> = [];
    for await (const piece of lineRangeOutcomes(
      job,
      run(runTask),
      { thresholdBytes: 0, rangeBytes: 1000, portThresholdBytes: 0 },
      2,
    )) {
      pieces.push(piece);
    }
    const documents = pieces.flatMap((p) => p.documents);
    const failure = documents.at(-1)!;
    const before = documents.at(-2)!;
    assert.ok(documents.length > 20);
    assert.deepEqual(
      [failure.status, failure.error?.code, failure.line, failure.bytes],
      ['error', 'WORKER_FAILED', before.line! + 1, 0],
    );
    assert.match(failure.error!.message, /worker exited with code 1/);
    assert.deepEqual(
      pieces.map((p) => p.partial === true),
      [...pieces.slice(0, -1).map(() => true), false],
    );
  });

  it('a worker failing on the first range: the error reaches the caller (the file gets one error record)', async () => {
    const job = tmp.write('crash-first.jsonl', text());
    const runTask: RunRangeTask = () => Promise.reject(new Error('boom'));
    await assert.rejects(
      checkLineRanges(job, run(runTask), { thresholdBytes: 0, rangeBytes: 1000, portThresholdBytes: 0 }, 2),
      /boom/,
    );
  });
});
