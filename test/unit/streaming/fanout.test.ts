// Fan-out gives the single-thread streamed report exactly: with an in-process runTask that clones like
// a worker boundary and completes out of order, and with a real Piscina pool.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Piscina } from 'piscina';
import { renderDump } from '../../../corpus/generator/dump.js';
import { checkHugeFile } from '../../../src/pool/fanout.js';
import type { FileJob } from '../../../src/types.js';
import type { Rule } from '../../../src/validation/rule.js';
import { RULES } from '../../../src/validation/rules/index.js';
import { checkText } from '../../../src/worker/check-text.js';
import { checkSlices, type RunSliceTask, type SliceResult } from '../../../src/worker/slices.js';
import { checkStreamed } from '../../../src/worker/streamed.js';
import { FIXTURE_RULES } from './fixture-rules.js';
import { STREAMED as OPTIONS, testDir } from './helpers.js';

const dir = testDir('fanout');
let n = 0;

const ALL_RULES: readonly Rule[] = [...RULES, ...FIXTURE_RULES];

function write(content: string | Buffer): FileJob {
  const path = join(dir, `f-${n++}.json`);
  writeFileSync(path, content);
  return { index: 7, path, file: 'dump.json', size: Buffer.byteLength(content) };
}

/** A worker boundary in-process: structured clone both ways, completion order scrambled. */
function inProcess(rules: readonly Rule[], log: number[] = []): RunSliceTask {
  let k = 0;
  return async (task, transferList) => {
    const id = k++;
    const copy = structuredClone(task, { transfer: transferList });
    // Never copied: a pooled batch is shared, an element larger than a batch is transferred.
    // (a SharedArrayBuffer is never copied by a clone).
    if (task.buffer instanceof SharedArrayBuffer) assert.ok(copy.buffer instanceof SharedArrayBuffer);
    else assert.equal(task.buffer.byteLength, 0, 'the batch buffer is transferred, not copied');
    await new Promise((resolve) => setTimeout(resolve, (id * 7) % 5));
    log.push(id);
    return structuredClone(checkSlices(copy, rules)) as SliceResult;
  };
}

function comparable(outcome: Awaited<ReturnType<typeof checkStreamed>>) {
  const { durationMs: _ignored, ...rest } = outcome.documents[0]!;
  return rest;
}

describe('fan-out = single-thread streaming', () => {
  const { text } = renderDump({ tools: 500, invalid: 25, seed: 8 });
  // Duplicate names across batches: document-scoped findings come from the main thread.
  const withDuplicates = text
    .replace('"name":"get_item_3', '"name":"get_item_1')
    .replace('"name":"list_item_450', '"name":"get_item_1');

  for (const [label, content] of [
    ['a generated dump', text],
    ['a dump with duplicate names across batches', withDuplicates],
    ['a pretty dump', JSON.stringify(JSON.parse(text), null, 2)],
  ] as const) {
    for (const tuning of [
      { batchBytes: 2048, maxInFlight: 3 },
      { batchBytes: 64 * 1024, maxInFlight: 1 },
    ]) {
      it(`${label}, batches of ${tuning.batchBytes} bytes, ${tuning.maxInFlight} in flight`, async () => {
        const job = write(content);
        const options = { ...OPTIONS, chunkBytes: 4096, rules: ALL_RULES };
        const single = await checkStreamed(job, options);
        const order: number[] = [];
        const fanned = await checkHugeFile(job, options, inProcess(ALL_RULES, order), tuning);
        assert.ok(comparable(single).diagnostics.length > 0);
        assert.deepEqual(comparable(fanned), comparable(single));
        if (tuning.maxInFlight > 1)
          assert.notDeepEqual(
            order,
            [...order].sort((a, b) => a - b),
            'completion was in order',
          );
      });
    }
  }

  it('packs at most batchSlices elements into a batch', async () => {
    const job = write(text);
    const options = { ...OPTIONS, rules: ALL_RULES };
    const counts: number[] = [];
    const counting: RunSliceTask = async (task, transferList) => {
      counts.push(task.count);
      return checkSlices(structuredClone(task, { transfer: transferList }), ALL_RULES);
    };
    const fanned = await checkHugeFile(job, options, counting, { batchSlices: 7 });
    assert.deepEqual(comparable(fanned), comparable(await checkStreamed(job, options)));
    assert.equal(Math.max(...counts), 7);
    assert.equal(
      counts.reduce((a, b) => a + b, 0),
      500,
    );
  });

  it('with a header guessed from the ends: confirmed, and started over when the guess fails', async () => {
    const doc = JSON.parse(text) as Record<string, unknown>;
    const middle = JSON.stringify(
      { tools: doc.tools, tags: doc.tags, prompts: doc.tools, mcpdesc: doc.mcpdesc },
      null,
      1,
    );
    for (const content of [text, middle]) {
      const job = write(content);
      const options = { ...OPTIONS, chunkBytes: 8192, probeBytes: 2048, rules: ALL_RULES };
      const single = await checkStreamed(job, options);
      const fanned = await checkHugeFile(job, options, inProcess(ALL_RULES), { batchBytes: 8192 });
      assert.deepEqual(comparable(fanned), comparable(single));
      assert.deepEqual(
        comparable(single),
        comparable(await checkStreamed(job, { ...options, probeBytes: 1 << 30 })),
      );
    }
  });

  it('stops at a duplicate member name where the single-thread and whole-file checks stop', async () => {
    const second = text.indexOf('"inputSchema"', text.length / 2);
    const third = text.indexOf('"inputSchema"', (text.length * 3) / 4);
    const cases = {
      // Inside a tool in a middle batch (workers find it), and a later one that must not win.
      'inside a tool': `${text.slice(0, second)}"x-a":1,"x-a":2,${text.slice(second, third)}"x-b":1,"x-b":2,${text.slice(third)}`,
      // A root name repeated after the tools: the main thread finds it, after every worker batch.
      'at the root': `${text.trimEnd().slice(0, -1)},"tools":[]}`,
      // A syntax error after the duplicate wins, as JSON.parse fails before any name is compared.
      'then malformed': `${text.slice(0, second)}"x-a":1,"x-a":2,${text.slice(second, third)}{]${text.slice(third)}`,
    };
    for (const [label, content] of Object.entries(cases)) {
      const job = write(content);
      const options = { ...OPTIONS, chunkBytes: 4096, rules: ALL_RULES };
      const single = await checkStreamed(job, options);
      const fanned = await checkHugeFile(job, options, inProcess(ALL_RULES), { batchBytes: 4096 });
      assert.deepEqual(comparable(fanned), comparable(single), label);
      const whole = checkText(content, { target: null, ruleLevels: {}, maxDiagnostics: 1000 });
      const malformed = label === 'then malformed';
      assert.deepEqual(single.documents[0]!.diagnostics, whole.diagnostics, label);
      assert.equal(whole.diagnostics.length, 1, label);
      const rule = malformed ? 'mcpdesc.document.syntax' : 'mcpdesc.document.duplicate-key';
      assert.equal(whole.diagnostics[0]!.ruleId, rule, label);
      const pointer = { 'inside a tool': /^\/tools\/\d+\/x-a$/, 'at the root': /^\/tools$/ }[label];
      if (pointer) assert.match(whole.diagnostics[0]!.pointer, pointer, label);
    }
  });

  it('reports a malformed slice at the same position as the single-thread check', async () => {
    const at = text.indexOf('"inputSchema"', text.length / 2);
    const job = write(`${text.slice(0, at)}{]${text.slice(at)}`);
    const options = { ...OPTIONS, chunkBytes: 4096, rules: ALL_RULES };
    const single = await checkStreamed(job, options);
    const fanned = await checkHugeFile(job, options, inProcess(ALL_RULES), { batchBytes: 4096 });
    assert.equal(single.documents[0]!.diagnostics.length, 1);
    assert.deepEqual(comparable(fanned), comparable(single));
  });

  it('reports truncation and garbage after the root like the single-thread check', async () => {
    for (const content of [text.slice(0, text.length - 5000), `${text} []`]) {
      const job = write(content);
      const options = { ...OPTIONS, rules: ALL_RULES };
      const single = await checkStreamed(job, options);
      const fanned = await checkHugeFile(job, options, inProcess(ALL_RULES), { batchBytes: 8192 });
      assert.equal(single.documents[0]!.diagnostics[0]!.ruleId, 'mcpdesc.document.syntax');
      assert.deepEqual(comparable(fanned), comparable(single));
    }
  });

  it('turns a failing task (a crashed worker) into status error without unhandled rejections', async () => {
    const job = write(text);
    let calls = 0;
    // The third batch fails at once, while the first two are still running: its rejection waits in the
    // queue and must not surface as an unhandled rejection.
    const failing: RunSliceTask = async (task, transfer) => {
      const id = ++calls;
      if (id === 3) throw new Error('worker exited with code 1');
      await new Promise((resolve) => setTimeout(resolve, 20));
      return checkSlices(structuredClone(task, { transfer }), ALL_RULES);
    };
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listener);
    const outcome = await checkHugeFile(job, { ...OPTIONS, rules: ALL_RULES }, failing, { batchBytes: 4096 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    process.off('unhandledRejection', listener);
    assert.deepEqual(unhandled, []);
    assert.equal(outcome.documents[0]!.status, 'error');
    assert.match(outcome.documents[0]!.error!.message, /worker exited/);
  });
});

describe('fan-out over a real Piscina pool', () => {
  it('gives the single-thread report, with the catalogue rules in two workers', async () => {
    const pool = new Piscina({
      filename: new URL('../../../src/worker/slices.js', import.meta.url).href,
      minThreads: 2,
      maxThreads: 2,
    });
    try {
      const { text } = renderDump({ tools: 3000, invalid: 10, seed: 21 });
      const broken = `${text.slice(0, text.length / 2)}\n, x${text.slice(text.length / 2)}`;
      let tasks = 0;
      const run: RunSliceTask = (task, transferList) => {
        tasks++;
        return pool.run(task, { name: 'checkSlices', transferList });
      };
      for (const content of [text, broken, '[1, 2]', '{"tools": [{"name": "a"}], "mcpdesc": "0.4.0"}']) {
        const job = write(content);
        const single = await checkStreamed(job, OPTIONS);
        const fanned = await checkHugeFile(job, OPTIONS, run, { batchBytes: 64 * 1024 });
        assert.deepEqual(comparable(fanned), comparable(single));
        assert.notEqual(fanned.documents[0]!.status, 'error');
      }
      assert.ok(tasks > 10, `only ${tasks} tasks`);
      const expectedTools = renderDump({ tools: 3000, invalid: 10, seed: 21 }).manifest.tools;
      const outcome = await checkHugeFile(write(text), OPTIONS, run);
      assert.equal(outcome.documents[0]!.tools, expectedTools);
    } finally {
      await pool.destroy();
    }
  });
});
