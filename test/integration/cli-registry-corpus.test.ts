// Acceptance: the CLI over a 5,000-file corpus from the project's seeded registry generator
// (corpus/generator/registry.ts, written by the splitter work), against its manifest. Runs when that
// generator is part of the build; the same checks over test/helpers/small-corpus.ts run always
// (cli.test.ts).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { SummaryRecord } from '../../src/types.js';
import { REPO_ROOT, runCli, tempDir } from '../helpers/run-cli.js';

const GENERATOR = join(REPO_ROOT, 'dist/corpus/generator/registry.js');

interface Manifest {
  files: number;
  invalid: string[];
}
type Generate = (options: { out: string; files: number; seed: number }) => Manifest;

describe('CLI over the seeded registry generator', {
  skip: !existsSync(GENERATOR) && 'generator not built',
}, () => {
  const tmp = tempDir('registry');
  after(() => tmp.remove());

  it('writes one record per file, summary last, and flags exactly the manifest’s invalid files', async () => {
    const { generateRegistry } = (await import(pathToFileURL(GENERATOR).href)) as {
      generateRegistry: Generate;
    };
    const manifest = generateRegistry({ out: join(tmp.path, 'reg'), files: 5000, seed: 20261130 });
    const r = await runCli(['reg', '!reg/manifest.json'], { cwd: tmp.path });
    assert.equal(r.records[0]?.type, 'run');
    assert.equal(r.records.at(-1)?.type, 'summary');
    const files = r.records.filter((x) => x.type === 'file');
    assert.equal(files.length, manifest.files);
    assert.equal(new Set(files.map((f) => f.file)).size, manifest.files);
    const invalid = files
      .filter((f) => f.status === 'invalid')
      .map((f) => (f.file as string).slice('reg/'.length));
    assert.deepEqual(invalid, [...manifest.invalid].sort());
    assert.equal(files.filter((f) => f.status === 'error').length, 0);
    const summary = r.records.at(-1) as unknown as SummaryRecord;
    assert.equal(summary.files.total, manifest.files);
    assert.equal(summary.exitCode, manifest.invalid.length > 0 ? 1 : 0);
    assert.equal(r.code, summary.exitCode);
  });
});
