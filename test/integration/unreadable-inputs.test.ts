// Inputs that cannot be read are named on stderr whatever the format (one line each, capped), and no
// report for people calls such a run clean.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { rng, validDocument } from '../helpers/small-corpus.js';
import { assertWellFormed, fileRecords, put, summaryRecord } from './cli-support.js';

describe('unreadable inputs', () => {
  let dir: ReturnType<typeof tempDir>;
  before(() => {
    dir = tempDir('unreadable-inputs');
    writeFileSync(join(dir.path, 'good.json'), JSON.stringify(validDocument(0, rng(1))));
    put(dir.path, 'docs/legacy/c.json', JSON.stringify(validDocument(1, () => 0.5)));
    put(dir.path, 'docs/legacy/d.json', 'not json');
  });
  after(() => dir.remove());
  // `good.json typo.json -f ndjson`: one run for the stderr test of that format and the summary's reasons.
  let ndjsonRun: ReturnType<typeof runCli> | undefined;
  const missingWith = (format: string) => {
    if (format !== 'ndjson') return runCli(['good.json', 'typo.json', '-f', format], { cwd: dir.path });
    ndjsonRun ??= runCli(['good.json', 'typo.json', '-f', format], { cwd: dir.path });
    return ndjsonRun;
  };

  it('reports a missing file as an error record, checks the rest and exits 2', async () => {
    const r = await runCli(['docs/legacy', 'docs/zzz.json'], { cwd: dir.path });
    assertWellFormed(r);
    assert.deepEqual(
      fileRecords(r).map((f) => [f.file, f.status]),
      [
        ['docs/legacy/c.json', 'valid'],
        ['docs/legacy/d.json', 'invalid'],
        ['docs/zzz.json', 'error'],
      ],
    );
    assert.equal((fileRecords(r)[2]!.error as { code: string }).code, 'ENOENT');
    assert.equal(summaryRecord(r).exitCode, 2);
    assert.equal(r.code, 2);
  });

  for (const format of ['ndjson', 'text', 'stylish', 'sarif', 'json']) {
    it(`a missing input is named on stderr with -f ${format}`, async () => {
      const r = await missingWith(format);
      assert.equal(r.code, 2);
      const named = r.stderr.split('\n').filter((line) => line.includes('typo.json'));
      assert.deepEqual(named, [
        'mcpdesc-validate: cannot check typo.json: no such file or directory (ENOENT)',
      ]);
      assert.ok(!r.stdout.includes('No problems'), r.stdout);
      // Records keep the error as it was raised; what people read names no internal call.
      const read = format === 'text' || format === 'stylish' ? `${r.stdout}${r.stderr}` : r.stderr;
      assert.ok(!read.includes("stat '"), read);
    });
  }

  it('a text report never says "No problems" when nothing could be read', async () => {
    const r = await runCli(['typo.json', '-f', 'text'], { cwd: dir.path });
    assert.equal(r.code, 2);
    assert.ok(!r.stdout.includes('No problems'), r.stdout);
    assert.match(r.stdout, /✖ 1 file of 1 could not be checked\n$/);
  });

  it('names the first 20, then counts the rest', async () => {
    const missing = Array.from({ length: 23 }, (_, i) => `gone-${String(i).padStart(2, '0')}.json`);
    const r = await runCli([...missing, '-f', 'ndjson'], { cwd: dir.path });
    assert.equal(r.code, 2);
    const lines = r.stderr.split('\n').filter((line) => line.startsWith('mcpdesc-validate: cannot check'));
    assert.equal(lines.length, 20);
    assert.equal(lines[0], 'mcpdesc-validate: cannot check gone-00.json: no such file or directory (ENOENT)');
    assert.match(r.stderr, /\nmcpdesc-validate: 3 more inputs could not be checked\n/);
  });

  it('the summary record says why the run failed', async () => {
    const r = await missingWith('ndjson');
    const summary = r.records.at(-1)!;
    assert.deepEqual(summary.reasons, [{ kind: 'unreadable', inputs: 1 }]);
  });
});
