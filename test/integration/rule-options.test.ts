// What a run checks against: --rule sets a rule's level or turns it off, --target names the version of
// the specification. The config file's `rules` and their precedence: config.test.ts.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { fileRecords, put } from './cli-support.js';

describe('--rule and --target', () => {
  const tmp = tempDir('rule-options');
  const cwd = tmp.path;
  before(() => put(cwd, 'roots/array.json', '[]'));
  after(() => tmp.remove());

  it('--rule changes a level or turns a rule off', async () => {
    const args = ['roots/array.json', '--rule', 'mcpdesc.document.root-object=warning'];
    const loud = await runCli(args, { cwd });
    const diagnostics = loud.records.filter((x) => x.type === 'diagnostic');
    assert.deepEqual(
      diagnostics.map((d) => [d.ruleId, d.severity]),
      [['mcpdesc.document.root-object', 'warning']],
    );
    assert.equal(loud.code, 0, 'a warning does not fail --fail-on error');
    assert.match(loud.stderr, /1 file \(/);
    const off = await runCli(['roots/array.json', '--rule', 'mcpdesc.document.root-object=off'], { cwd });
    assert.equal(fileRecords(off)[0]!.status, 'valid');
    assert.equal(off.code, 0);
  });

  it('--target is passed on to the run record', async () => {
    const r = await runCli(['roots/array.json', '--target', '0.9.0-rc.3'], { cwd });
    assert.equal(r.records[0]!.target, '0.9.0-rc.3');
    assert.equal(r.code, 1);
  });
});
