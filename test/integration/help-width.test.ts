// Every page of help fits in 80 columns when it goes to a pipe or a file.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { runCli, tempDir } from '../helpers/run-cli.js';

describe('help within 80 columns off a terminal', () => {
  const tmp = tempDir('help-width');
  after(() => tmp.remove());
  for (const command of [[], ['report'], ['merge'], ['compare'], ['rules']]) {
    it(`mcpdesc-validate ${[...command, '--help'].join(' ')}`, async () => {
      const r = await runCli([...command, '--help'], { cwd: tmp.path });
      assert.equal(r.code, 0, r.stderr);
      const long = r.stdout.split('\n').filter((line) => line.length > 80);
      assert.deepEqual(long, []);
    });
  }

  it('mcpdesc-validate rules (the catalogue table)', async () => {
    const r = await runCli(['rules'], { cwd: tmp.path });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(
      r.stdout.split('\n').filter((line) => line.length > 80),
      [],
    );
  });
});
