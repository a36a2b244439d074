// recordPortOutcomes with the real worker export run in this thread (the port works within one thread):
// the records of the single-worker path, in batches, a bounded number ahead of the consumer; a worker
// dying mid-file and a consumer that stops.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { MessagePort } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { recordPortOutcomes } from '../../../src/pool/record-port.js';
import type { DocumentResult, FileOutcome } from '../../../src/types.js';
import { checkFile } from '../../../src/worker/check-file.js';
import { SINK_BATCH } from '../../../src/worker/json-lines.js';
import { BATCHES_AHEAD } from '../../../src/worker/sources.js';
import type { SourceResult, StreamSource } from '../../../src/worker/tasks.js';
import { OPTIONS, TempDir, VALID } from '../worker/helpers.js';
import { only, inThisThread as viaEntryPoint } from './run-source.js';

type RunPortTask = (task: StreamSource) => Promise<SourceResult>;

/** The worker's entry point in this thread, on a `stream` source. */
const checkJsonLinesOverPort: RunPortTask = viaEntryPoint();

const inPool = (runTask: RunPortTask) => only('stream', runTask);

const strip = (docs: DocumentResult[]) => docs.map(({ durationMs: _, ...rest }) => rest);

function text(lines: number): string {
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    if (i % 9 === 0) out.push('');
    else if (i % 13 === 0) out.push('{"mcpdesc": "0.7.0",');
    else if (i % 17 === 0) out.push(JSON.stringify({ ...VALID, tools: [{ name: 'bad name' }] }));
    else out.push(JSON.stringify({ ...VALID, info: { name: `s${i}`, version: '1.0.0' } }));
  }
  return out.join('\n');
}

const inThisThread: RunPortTask = (task) => checkJsonLinesOverPort(task);

/** The worker export in this thread, counting the batches it sends; `done` settles with its task. */
function counting(): { run: RunPortTask; sent: () => number; done: () => Promise<unknown> } {
  let sent = 0;
  let finished: Promise<unknown> = Promise.resolve();
  const runTask: RunPortTask = (task) => {
    const post = task.port.postMessage.bind(task.port);
    task.port.postMessage = (message: unknown) => {
      sent++;
      post(message);
    };
    const result = checkJsonLinesOverPort(task);
    finished = result;
    return result;
  };
  return { run: runTask, sent: () => sent, done: () => finished };
}

async function collect(pieces: AsyncIterable<FileOutcome>): Promise<FileOutcome[]> {
  const out: FileOutcome[] = [];
  for await (const piece of pieces) out.push(piece);
  return out;
}

describe('records over a port (large gzip JSON Lines)', () => {
  const tmp = new TempDir();
  after(() => tmp.remove());

  it('gives the single-worker records, in batches, the last one closing the file', async () => {
    const job = tmp.write('dump.jsonl.gz', gzipSync(text(3000)));
    const single = await checkFile(job, OPTIONS);
    const pieces = await collect(recordPortOutcomes(job, inPool(inThisThread)));
    assert.ok(single.documents.length > 2000);
    assert.deepEqual(strip(pieces.flatMap((p) => p.documents)), strip(single.documents));
    assert.ok(pieces.length >= Math.floor(single.documents.length / SINK_BATCH));
    assert.ok(pieces.slice(0, -1).every((p) => p.partial === true && p.documents.length === SINK_BATCH));
    assert.equal(pieces.at(-1)!.partial, undefined);
  });

  it('the worker reads on only while the consumer is at most BATCHES_AHEAD batches behind', async () => {
    const job = tmp.write('slow.jsonl.gz', gzipSync(text(3000)));
    const { run, sent } = counting();
    const pieces = recordPortOutcomes(job, inPool(run));
    let taken = 0;
    for await (const _ of pieces) {
      taken++;
      // Let the worker run as far as it may before taking the next batch.
      await new Promise((resolve) => setTimeout(resolve, 20));
      assert.ok(sent() <= taken + BATCHES_AHEAD, `${sent()} batches sent, ${taken} taken`);
    }
    assert.ok(taken > 5);
  });

  it('a worker dying mid-file: its records so far, then the failure on the next line', async () => {
    const job = tmp.write('dies.jsonl.gz', gzipSync(text(3000)));
    // Sends two batches as the worker would, then its thread "dies" (the port closes, the task rejects).
    const dying: RunPortTask = async (task: StreamSource) => {
      const single = await checkFile({ ...job, path: job.path }, OPTIONS);
      const port: MessagePort = task.port;
      port.postMessage({ documents: single.documents.slice(0, SINK_BATCH) });
      port.postMessage({ documents: single.documents.slice(SINK_BATCH, 2 * SINK_BATCH) });
      port.close();
      throw Object.assign(new Error('worker exited with code 3'), { code: 'ERR_WORKER_EXITED' });
    };
    const pieces = await collect(recordPortOutcomes(job, inPool(dying)));
    const documents = pieces.flatMap((p) => p.documents);
    assert.equal(documents.length, 2 * SINK_BATCH + 1);
    const failure = documents.at(-1)!;
    assert.deepEqual(
      [failure.status, failure.line, failure.bytes],
      ['error', documents.at(-2)!.line! + 1, 0],
    );
    assert.match(failure.error!.message, /worker exited with code 3/);
  });

  it('a worker dying before any record: the error reaches the caller (the file gets one error record)', async () => {
    const job = tmp.write('dies-early.jsonl.gz', gzipSync(text(100)));
    const dying: RunPortTask = async (task) => {
      task.port.close();
      throw new Error('boom');
    };
    await assert.rejects(collect(recordPortOutcomes(job, inPool(dying))), /boom/);
  });

  it('a consumer that stops: the worker stops reading and its task ends', async () => {
    const job = tmp.write('stop.jsonl.gz', gzipSync(text(3000)));
    const { run, sent, done } = counting();
    for await (const piece of recordPortOutcomes(job, inPool(run))) {
      assert.equal(piece.partial, true);
      break;
    }
    // Ends instead of waiting for an acknowledgement forever, and reads no further: the file has
    // ~10 batches, the worker sent the one taken and at most BATCHES_AHEAD more.
    await done();
    assert.ok(sent() <= 1 + BATCHES_AHEAD, `${sent()} batches sent`);
  });
});
