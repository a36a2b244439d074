// The programmatic API (src/index.ts): same pipeline as the CLI, results as an async iterable.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type DocumentResult, validate } from '../../src/index.js';
import { tempDir } from '../helpers/run-cli.js';
import { type CorpusEntry, writeCorpus } from '../helpers/small-corpus.js';

describe('validate()', () => {
  const tmp = tempDir('api');
  let manifest: CorpusEntry[];
  before(() => {
    manifest = writeCorpus(tmp.path, { files: 300, seed: 3, defectRate: 0.1 });
  });
  after(() => tmp.remove());

  async function all(it: AsyncIterable<DocumentResult>): Promise<DocumentResult[]> {
    const out: DocumentResult[] = [];
    for await (const r of it) out.push(r);
    return out;
  }

  for (const concurrency of [0, 2] as const) {
    it(`yields one result per file in sorted order with the planted defects invalid (concurrency ${concurrency})`, async () => {
      const results = await all(validate(['.', 'missing.json'], { cwd: tmp.path, concurrency }));
      const expected = [...manifest.map((m) => m.file), 'missing.json'].sort();
      assert.deepEqual(
        results.map((r) => r.file),
        expected,
      );
      assert.deepEqual(
        results.map((r) => r.index),
        expected.map((_, i) => i),
      );
      const invalid = results.filter((r) => r.status === 'invalid').map((r) => r.file);
      assert.deepEqual(
        invalid,
        manifest.filter((m) => m.defect !== null).map((m) => m.file),
      );
      assert.equal(results.find((r) => r.file === 'missing.json')?.error?.code, 'ENOENT');
    });
  }

  it('stops when its signal aborts', async () => {
    const controller = new AbortController();
    const seen: DocumentResult[] = [];
    for await (const r of validate([join(tmp.path, '**/*.json')], {
      signal: controller.signal,
      concurrency: 0,
    })) {
      seen.push(r);
      if (seen.length === 10) controller.abort();
    }
    assert.equal(seen.length, 10);
  });

  it('refuses stdin', async () => {
    await assert.rejects(all(validate(['-'])), TypeError);
  });

  it('refuses an empty pattern rather than validating the whole cwd', async () => {
    await assert.rejects(all(validate([''], { cwd: tmp.path })), TypeError);
  });

  it('refuses options the CLI would refuse instead of reporting nonsense severities', async () => {
    // Each of these once ran: an unknown target or level gave diagnostics with severity undefined or
    // "bogus" on files reported valid; a misspelled rule id left the rule at its default.
    const bad: Array<Parameters<typeof validate>[1]> = [
      { target: '9.9.9' as never },
      { ruleLevels: { 'mcpdesc.tool.name-format': 'bogus' as never } },
      { ruleLevels: { 'mcpdesc.tool.name-formatt': 'off' } },
      { maxDiagnosticsPerFile: -1 },
      { maxDiagnosticsPerFile: Number.NaN },
    ];
    for (const options of bad) {
      await assert.rejects(
        all(validate(['.'], { cwd: tmp.path, ...options })),
        TypeError,
        JSON.stringify(options),
      );
    }
    // The accepted spellings still work.
    const ok = await all(
      validate(['missing.json'], {
        cwd: tmp.path,
        target: '0.9.0-rc.3',
        ruleLevels: { 'mcpdesc.tool.name-format': 'off' },
      }),
    );
    assert.equal(ok.length, 1);
  });
});
