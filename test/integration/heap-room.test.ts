// A tool that JSON.parse turns into millions of objects fills a worker's heap inside JSON.parse, which
// Node cannot interrupt: V8 then aborted the whole process (exit 134, the records of the files after
// it and the summary lost) instead of ending the worker with ERR_WORKER_OUT_OF_MEMORY. The worker now
// declines a text that cannot fit (src/worker/heap-room.ts): that file is an error record, whole-file,
// streamed in a worker or fanned out, and every other file is checked.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { validDocument } from '../helpers/small-corpus.js';

const TIMEOUT = { timeout: 120_000 };

describe('a tool too heavy for the worker heap', () => {
  const tmp = tempDir('heap-room');
  const cwd = tmp.path;
  before(() => {
    mkdirSync(join(cwd, 'lines'));
    const valid = JSON.stringify(validDocument(1, () => 0.5));
    writeFileSync(join(cwd, 'a-ok.json'), valid);
    writeFileSync(join(cwd, 'z-ok.json'), valid);
    // 15 MB: five million empty objects, ~350 MB of heap once parsed.
    const heavy = `[${'{},'.repeat(5_000_000)}{}]`;
    const doc = JSON.parse(valid) as { tools: unknown[] };
    const text = JSON.stringify(doc).replace('"tools":[', `"tools":[{"name":"heavy","x-data":${heavy}},`);
    writeFileSync(join(cwd, 'b-heavy.json'), text);
    writeFileSync(join(cwd, 'lines', 'c-heavy.jsonl'), `${valid}\n${text}\n${valid}\n`);
  });
  after(() => tmp.remove());

  for (const [label, threshold] of [
    ['whole-file', '1GiB'],
    ['fanned out', '1KiB'],
  ] as const) {
    it(
      `${label}: that file is an ERR_WORKER_OUT_OF_MEMORY record, the others are checked`,
      TIMEOUT,
      async () => {
        const r = await runCli(
          [
            'a-ok.json',
            'b-heavy.json',
            'z-ok.json',
            '--concurrency',
            '2',
            '--worker-memory',
            '64',
            '--stream-threshold',
            threshold,
            '-f',
            'ndjson',
          ],
          { cwd },
        );
        assert.equal(r.signal, null, r.stderr.slice(0, 2000));
        assert.equal(r.code, 2, r.stderr.slice(0, 2000));
        const files = Object.fromEntries(
          r.records.filter((x) => x.type === 'file').map((x) => [x.file as string, x]),
        );
        assert.deepEqual(Object.keys(files).sort(), ['a-ok.json', 'b-heavy.json', 'z-ok.json']);
        assert.equal(files['a-ok.json']!.status, 'valid');
        assert.equal(files['z-ok.json']!.status, 'valid');
        const heavy = files['b-heavy.json']!;
        assert.equal(heavy.status, 'error');
        assert.equal((heavy.error as { code: string }).code, 'ERR_WORKER_OUT_OF_MEMORY');
        assert.ok(r.records.some((x) => x.type === 'summary'));
      },
    );
  }

  it(
    'JSON Lines: that line is an ERR_WORKER_OUT_OF_MEMORY record, the other lines are checked',
    TIMEOUT,
    async () => {
      const r = await runCli(['lines', '--concurrency', '2', '--worker-memory', '64', '-f', 'ndjson'], {
        cwd,
      });
      assert.equal(r.signal, null, r.stderr.slice(0, 2000));
      assert.equal(r.code, 2, r.stderr.slice(0, 2000));
      const lines = r.records.filter((x) => x.type === 'file').map((x) => [x.line, x.status]);
      assert.deepEqual(lines, [
        [1, 'valid'],
        [2, 'error'],
        [3, 'valid'],
      ]);
      const heavy = r.records.find((x) => x.type === 'file' && x.line === 2)!;
      assert.equal((heavy.error as { code: string }).code, 'ERR_WORKER_OUT_OF_MEMORY');
    },
  );
});
