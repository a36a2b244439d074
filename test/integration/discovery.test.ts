// Which files a run checks: directories, quoted globs with ! negation, --files-from lists, the ignore
// files (.mcpdescignore, --ignore-path, --ignore-pattern, --no-ignore), and the inputs it refuses.
// Which files were checked is read through main() in-process; a spawned run for each exit code and for
// a list on stdin.
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { runMainAsCli } from '../helpers/run-main.js';
import { validDocument } from '../helpers/small-corpus.js';
import { assertUsageError, BROKEN, fileRecords, put } from './cli-support.js';

describe('which files a run checks', () => {
  const tmp = tempDir('discovery');
  const cwd = tmp.path;
  before(() => {
    const valid = JSON.stringify(validDocument(1, () => 0.5));
    put(cwd, 'docs/a.json', valid);
    put(cwd, 'docs/b.json', valid);
    put(cwd, 'docs/legacy/c.json', valid);
    put(cwd, 'docs/legacy/d.json', 'not json');
    put(
      cwd,
      'docs/e.yaml',
      "mcpdesc: 0.7.0\ninfo: {name: e, version: '1'}\ntransports: [{type: stdio, command: e}]\ntools: [{name: t, inputSchema: {}}]\n",
    );
    put(cwd, 'docs/readme.txt', 'ignored by directory search');
    put(cwd, 'list.txt', 'docs/b.json\ndocs/a.json\n');
    put(cwd, 'reg/a.json', valid);
    put(cwd, 'reg/old/b.json', BROKEN);
  });
  after(() => tmp.remove());

  it('expands quoted globs with ! negation', async () => {
    const r = await runCli(['docs/**/*.json', '!docs/legacy/**'], { cwd });
    assert.deepEqual(
      fileRecords(r).map((f) => f.file),
      ['docs/a.json', 'docs/b.json'],
    );
    assert.equal(r.code, 0);
  });

  it('reads NUL-separated paths from stdin with --files-from - -0', async () => {
    const r = await runCli(['--files-from', '-', '-0'], { cwd, stdin: 'docs/legacy/c.json\0docs/a.json\0' });
    assert.deepEqual(
      fileRecords(r).map((f) => f.file),
      ['docs/a.json', 'docs/legacy/c.json'],
    );
    const lines = await runMainAsCli(['--files-from', 'list.txt', 'docs/a.json'], { cwd });
    assert.deepEqual(
      fileRecords(lines).map((f) => f.file),
      ['docs/a.json', 'docs/b.json'],
    );
  });

  it('honours .mcpdescignore and --ignore-path', async () => {
    writeFileSync(join(cwd, '.mcpdescignore'), 'legacy/\n');
    try {
      const r = await runMainAsCli(['docs'], { cwd });
      assert.deepEqual(
        fileRecords(r).map((f) => f.file),
        ['docs/a.json', 'docs/b.json', 'docs/e.yaml'],
      );
      writeFileSync(join(cwd, 'other-ignore'), '*.yaml\nb.json\n');
      const r2 = await runMainAsCli(['docs', '--ignore-path', 'other-ignore'], { cwd });
      assert.deepEqual(
        fileRecords(r2).map((f) => f.file),
        ['docs/a.json', 'docs/legacy/c.json', 'docs/legacy/d.json'],
      );
    } finally {
      rmSync(join(cwd, '.mcpdescignore'));
    }
  });

  it('--ignore-pattern skips matching files (ESLint); --no-ignore reads no .mcpdescignore', async () => {
    const skipped = await runMainAsCli(['reg', '--ignore-pattern', 'reg/old/**', '-f', 'ndjson'], { cwd });
    assert.equal(skipped.code, 0, skipped.stderr);
    assert.deepEqual(
      skipped.records.filter((r) => r.type === 'file').map((r) => r.file),
      ['reg/a.json'],
    );
    writeFileSync(join(cwd, '.mcpdescignore'), 'reg/old/\n');
    try {
      const ignored = await runMainAsCli(['reg', '-f', 'ndjson'], { cwd });
      assert.equal(ignored.code, 0, ignored.stderr);
      const all = await runCli(['reg', '--no-ignore', '-f', 'ndjson'], { cwd });
      assert.equal(all.code, 1, all.stderr);
      assert.equal(all.records.filter((r) => r.type === 'file').length, 2);
      assertUsageError(
        await runMainAsCli(['reg', '--no-ignore', '--ignore-path', '.mcpdescignore'], { cwd }),
        /'--no-ignore' and '--ignore-path <file>' contradict/,
      );
    } finally {
      rmSync(join(cwd, '.mcpdescignore'));
    }
  });

  it('an empty pattern is a usage error, not the whole working directory', async () => {
    // `mcpdesc-validate "$REGISTRY"` with the variable unset once checked everything under the cwd.
    const r = await runMainAsCli(['', 'docs/a.json'], { cwd });
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '', 'nothing on stdout: the run did not start');
    assert.match(r.stderr, /empty pattern/);
  });

  it('no inputs at all is exit 2, saying how to name them, nothing on stdout', async () => {
    const r = await runCli([], { cwd });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /no inputs given/);
    assert.equal(r.stdout, '');
  });

  it('an unreadable --files-from or --ignore-path is named in the message, exit 2, nothing on stdout', async () => {
    const list = await runMainAsCli(['--files-from', 'docs'], { cwd });
    assert.equal(list.code, 2);
    assert.equal(list.stdout, '');
    assert.match(list.stderr, /cannot read --files-from docs: EISDIR/);
    const ignore = await runMainAsCli(['docs/a.json', '--ignore-path', 'no-such.ignore'], { cwd });
    assert.equal(ignore.code, 2);
    assert.equal(ignore.stdout, '');
    assert.match(ignore.stderr, /cannot read --ignore-path no-such\.ignore: ENOENT/);
  });
});
