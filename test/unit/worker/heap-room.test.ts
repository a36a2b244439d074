// The heap check before JSON.parse (src/worker/heap-room.ts): never on the main thread (its heap is the
// process's, not a limit of ours), and in a worker thread only for a text that could not fit.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Worker } from 'node:worker_threads';
import { parseHeapEstimate, parseWouldExhaustHeap } from '../../../src/worker/heap-room.js';

const HEAVY = `[${'{},'.repeat(2_000_000)}{}]`;
const LIGHT = JSON.stringify({ tools: [{ name: 'a', inputSchema: { type: 'object' } }] });

/** parseWouldExhaustHeap of each text, asked in a worker thread with a 64 MB old generation. */
function inWorker(texts: string[]): Promise<Array<string | null>> {
  const url = new URL('../../../src/worker/heap-room.js', import.meta.url).href;
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    import(${JSON.stringify(url)}).then((m) =>
      parentPort.postMessage(workerData.map((t) => m.parseWouldExhaustHeap(t))));`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, {
      eval: true,
      workerData: texts,
      resourceLimits: { maxOldGenerationSizeMb: 64 },
    });
    worker.once('message', (answers: Array<string | null>) => {
      void worker.terminate();
      resolve(answers);
    });
    worker.once('error', reject);
  });
}

describe('heap room before JSON.parse', () => {
  it('estimates more for many small containers than for the same bytes of string', () => {
    const string = JSON.stringify('x'.repeat(HEAVY.length));
    assert.ok(parseHeapEstimate(HEAVY) > 20 * HEAVY.length);
    assert.ok(parseHeapEstimate(string) < 4 * string.length);
  });

  it('never declines on the main thread', () => {
    assert.equal(parseWouldExhaustHeap(HEAVY), null);
  });

  it('declines in a worker only what cannot fit its heap, saying how much it needs', async () => {
    const [heavy, light] = await inWorker([HEAVY, LIGHT]);
    assert.match(heavy ?? '', /estimated \d+ MB of heap .* \d+ MB left under its limit \(--worker-memory\)/);
    assert.equal(light, null);
  });
});
