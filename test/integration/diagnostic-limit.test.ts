// --max-diagnostics-per-file: it cuts the list of a file's findings, never their counts, and keeps the
// errors first, whichever way the file is checked (whole, streamed, in-process). With --quiet:
// quiet.test.ts.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { fileRecords, MIXED, put, summaryRecord } from './cli-support.js';

describe('--max-diagnostics-per-file', () => {
  const tmp = tempDir('diagnostic-limit');
  const cwd = tmp.path;
  before(() => {
    put(cwd, 'mixed.json', MIXED);
    put(cwd, 'roots/array.json', '[]');
  });
  after(() => tmp.remove());

  it('--max-diagnostics-per-file cuts the list but not the counts', async () => {
    const r = await runCli(['roots/array.json', '--max-diagnostics-per-file', '0'], { cwd });
    assert.equal(r.records.filter((x) => x.type === 'diagnostic').length, 0);
    const [file] = fileRecords(r);
    assert.equal(file!.errors, 1);
    assert.equal(file!.truncated, true);
    assert.equal(file!.status, 'invalid');
    assert.equal(summaryRecord(r).counts.error, 1);
    assert.equal(r.code, 1);
  });

  // MIXED lists its two warnings (tool 0) before its error (tool 1): a cap of 1 that kept a warning
  // would leave the report of a failing file with no error at all.
  it('--max-diagnostics-per-file keeps errors first, whole-file, streamed and in-process alike', async () => {
    for (const mode of [[], ['--stream-threshold', '1'], ['--concurrency', '0']]) {
      const r = await runCli(['mixed.json', '-f', 'ndjson', '--max-diagnostics-per-file', '1', ...mode], {
        cwd,
      });
      assert.equal(r.code, 1, mode.join(' '));
      const file = r.records.find((x) => x.type === 'file')!;
      const listed = r.records.filter((x) => x.type === 'diagnostic');
      assert.deepEqual(
        listed.map((d) => [d.severity, d.pointer]),
        [['error', '/tools/1/tags/0']],
        mode.join(' '),
      );
      assert.equal(file.truncated, true);
      assert.equal(file.errors, 1);
    }
  });
});
