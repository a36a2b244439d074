// Edge cases of the command line found by using the built CLI as a hostile user would: each test
// spawns the real CLI and checks the promises of docs/cli.md (framing, exit codes, stderr).
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { validDocument } from '../helpers/small-corpus.js';

describe('CLI edge cases', () => {
  const tmp = tempDir('edges');
  const cwd = tmp.path;
  before(() => {
    writeFileSync(join(cwd, 'ok.json'), JSON.stringify(validDocument(1, () => 0.5)));
    writeFileSync(join(cwd, 'bad.json'), '{"mcpdesc": "0.7.0",');
    mkdirSync(join(cwd, 'reports'));
  });
  after(() => tmp.remove());

  it('a report path that is a directory is refused before the run, exit 2, naming the path', async () => {
    const r = await runCli(['bad.json', '-f', 'sarif=reports'], { cwd });
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '', 'nothing on stdout: the run did not start');
    assert.match(r.stderr, /sarif report to reports: .*directory/);
    assert.deepEqual(readdirSync(join(cwd, 'reports')), []);
    assert.deepEqual(
      readdirSync(cwd).filter((f) => f.endsWith('.tmp')),
      [],
      'no temporary file left',
    );
  });
});
