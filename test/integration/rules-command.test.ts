// `mcpdesc-validate rules`, spawned: its help and its usage errors. What it lists and explains is
// checked in-process: test/unit/cli/rules-command.test.ts.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { runCli, tempDir } from '../helpers/run-cli.js';

describe('the rules command', () => {
  const tmp = tempDir('rules-command');
  const cwd = tmp.path;
  after(() => tmp.remove());

  it('`rules --help` explains ID and --format with its default, and exits 0', async () => {
    const r = await runCli(['rules', '--help'], { cwd });
    assert.equal(r.code, 0);
    assert.match(r.stdout, /Usage: mcpdesc-validate rules \[options\] \[ID\]/);
    assert.match(r.stdout, /ID\s+.*rule/);
    assert.match(r.stdout, /--format text\|json\s+.*default: text/);
    assert.match(r.stdout, /-h, --help/);
    assert.match(r.stdout, /Exit codes:/);
    assert.equal(r.stderr, '');
  });

  it('`rules` usage errors name the problem and point at --help, exit 2', async () => {
    const r = await runCli(['rules', '--bogus'], { cwd });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /unknown option '--bogus'/);
    assert.match(r.stderr, /--help/);
    assert.equal(r.stdout, '');
  });
});
