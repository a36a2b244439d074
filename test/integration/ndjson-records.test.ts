// NDJSON written by the workers (a threaded run whose only output is NDJSON on stdout) against the
// same run in-process, where the reporter writes every record: byte for byte the same records, for
// every kind of input a batch can hold, and for the documents the main thread makes itself.
import assert from 'node:assert/strict';
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT, runCli, tempDir } from '../helpers/run-cli.js';

const dir = tempDir('ndjson-records');
after(() => dir.remove());

/** The run's document records, with the time each took left out. */
function documentRecords(stdout: string): string {
  const lines = stdout.split('\n').filter((line) => line !== '');
  assert.equal(JSON.parse(lines[0]!).type, 'run');
  assert.equal(JSON.parse(lines.at(-1)!).type, 'summary');
  return lines
    .slice(1, -1)
    .map((line) => line.replace(/^(\{"type":"file",.*"durationMs":)[0-9.e-]+/, '$10'))
    .join('\n');
}

describe('records written by the workers', () => {
  it('are the records the reporter writes, for whole files, JSON Lines, gzip and failures', async () => {
    cpSync(join(REPO_ROOT, 'corpus/samples'), join(dir.path, 'samples'), { recursive: true });
    const tool = (name: string) => ({ name, inputSchema: { type: 'object' } });
    const doc = {
      mcpdesc: '0.7.0',
      info: { name: 'é "quoted" \u2028 server', version: '1' },
      transports: [{ type: 'stdio', command: 'x' }],
      tools: [tool('ok'), tool('bad name'), { name: 'no-schema' }, tool('ok')],
    };
    writeFileSync(join(dir.path, 'more.json.gz'), gzipSync(JSON.stringify(doc, null, 2)));
    writeFileSync(
      join(dir.path, 'more.jsonl'),
      `${JSON.stringify(doc)}\n{"mcpdesc":\n${JSON.stringify(doc)}\n`,
    );
    const args = [
      'samples',
      'more.json.gz',
      'more.jsonl',
      'missing.json',
      '--format',
      'ndjson',
      '--fail-on',
      'never',
      '--no-progress',
    ];
    const inProcess = await runCli([...args, '--concurrency', '0'], { cwd: dir.path });
    // Several batches per thread, and the per-file cap (its `byRule` counts) on some runs.
    for (const extra of [[], ['--max-diagnostics-per-file', '1']]) {
      const reference =
        extra.length === 0
          ? inProcess
          : await runCli([...args, ...extra, '--concurrency', '0'], { cwd: dir.path });
      const threaded = await runCli([...args, ...extra, '--concurrency', '2'], { cwd: dir.path });
      assert.equal(threaded.code, reference.code);
      assert.ok(threaded.records.some((r) => r.type === 'diagnostic'));
      assert.equal(documentRecords(threaded.stdout), documentRecords(reference.stdout));
    }
  });
});
