// --max-file-size: a larger input is not checked but gets a record saying why, even when its size
// cannot be known before reading (a device). Standard input: stdin-bounds.test.ts.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { validDocument } from '../helpers/small-corpus.js';
import { fileRecords, put, summaryRecord } from './cli-support.js';

describe('--max-file-size', () => {
  const tmp = tempDir('max-file-size');
  const cwd = tmp.path;
  before(() => {
    put(cwd, 'docs/a.json', JSON.stringify(validDocument(1, () => 0.5)));
    put(
      cwd,
      'docs/e.yaml',
      "mcpdesc: 0.7.0\ninfo: {name: e, version: '1'}\ntransports: [{type: stdio, command: e}]\ntools: [{name: t, inputSchema: {}}]\n",
    );
  });
  after(() => tmp.remove());

  it('--max-file-size skips larger files with a record saying why', async () => {
    const r = await runCli(['docs/a.json', 'docs/e.yaml', '--max-file-size', '130'], { cwd });
    assert.deepEqual(
      fileRecords(r).map((f) => [f.file, f.status]),
      [
        ['docs/a.json', 'skipped'],
        ['docs/e.yaml', 'valid'],
      ],
    );
    assert.equal(summaryRecord(r).files.skipped, 1);
    assert.equal(r.code, 0);
  });

  it('a device whose size stat cannot tell (/dev/zero) stops at --max-file-size', {
    skip: !existsSync('/dev/zero'),
  }, async () => {
    const r = await runCli(['docs/a.json', '/dev/zero', '/dev/null', '--max-file-size', '1MiB'], { cwd });
    const files = r.records.filter((x) => x.type === 'file');
    assert.deepEqual(
      files.map((f) => [f.file, f.status]),
      [
        ['/dev/null', 'invalid'],
        ['/dev/zero', 'skipped'],
        ['docs/a.json', 'valid'],
      ],
    );
    assert.deepEqual(files[1]!.error, {
      code: 'EMAXSIZE',
      message: 'Not checked: the input is over --max-file-size (1048576 bytes).',
    });
    assert.equal(r.code, 1, 'the empty /dev/null is a syntax finding');
  });
});
