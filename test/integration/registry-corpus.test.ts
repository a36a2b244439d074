// The CLI over a 5,000-file corpus from the seeded registry generator (corpus/generator/registry.ts),
// against its manifest: one file record per file in sorted order, framed by the run and the summary,
// exactly the planted defects found, and a summary that adds up. That an in-process run writes the
// same records as a threaded one: ndjson-records.test.ts.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { generateRegistry, type RegistryManifest } from '../../corpus/generator/registry.js';
import { type CliResult, runCli, tempDir } from '../helpers/run-cli.js';
import { assertWellFormed, fileRecords, summaryRecord } from './cli-support.js';

describe('CLI over a generated 5,000-file registry', () => {
  const tmp = tempDir('registry');
  let manifest: RegistryManifest;
  let run: CliResult;
  before(async () => {
    manifest = generateRegistry({ out: join(tmp.path, 'reg'), files: 5000, seed: 20261130 });
    run = await runCli(['reg', '!reg/manifest.json'], { cwd: tmp.path });
  });
  after(() => tmp.remove());

  it('writes one file record per file, in sorted order, framed by run and summary', () => {
    assertWellFormed(run);
    const written = readdirSync(join(tmp.path, 'reg'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.json') && f !== 'manifest.json')
      .map((f) => `reg/${f.split('\\').join('/')}`)
      .sort();
    assert.equal(written.length, 5000);
    assert.deepEqual(
      fileRecords(run).map((f) => f.file),
      written,
    );
    assert.equal(run.records[0]!.filesPlanned, 5000);
  });

  it('finds exactly the planted defects', () => {
    const invalid = fileRecords(run)
      .filter((f) => f.status === 'invalid')
      .map((f) => (f.file as string).slice('reg/'.length));
    assert.ok(manifest.invalid.length > 100, `the seed plants defects (${manifest.invalid.length})`);
    assert.deepEqual(invalid, [...manifest.invalid].sort());
    assert.equal(fileRecords(run).filter((f) => f.status === 'error').length, 0);
  });

  it('summarises the run and exits 1 for the findings', () => {
    const s = summaryRecord(run);
    const planted = manifest.invalid.length;
    assert.deepEqual(s.files, { total: 5000, valid: 5000 - planted, invalid: planted, error: 0, skipped: 0 });
    assert.equal(s.documents, 5000);
    assert.ok(s.counts.error >= planted);
    assert.equal(s.exitCode, 1);
    assert.equal(run.code, 1);
    assert.equal(s.aborted, false);
    const bytes = fileRecords(run).reduce((n, f) => n + (f.bytes as number), 0);
    assert.equal(s.bytes, bytes);
    assert.ok(s.throughput.filesPerSec > 0 && s.peakRssBytes > 0);
  });
});
