// corpus/samples against corpus/samples-expected.json (written by hand from the spec). A rule id the
// expectations name must be in the catalogue: a misspelt id fails instead of being passed over.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { DocumentResult, Target } from '../../../src/types.js';
import { RULES } from '../../../src/validation/rules/index.js';
import { checkFile } from '../../../src/worker/check-file.js';
import { OPTIONS } from './helpers.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../../../corpus/samples');

interface Expectation {
  status: 'valid' | 'invalid';
  rules: string[];
  exact: boolean;
}
type Entry = Expectation & {
  target?: Record<string, Expectation>;
  documents?: Array<Expectation & { line: number }>;
};

const expected = (
  JSON.parse(readFileSync(join(root, '..', 'samples-expected.json'), 'utf8')) as {
    samples: Record<string, Entry>;
  }
).samples;
const known = new Set(RULES.map((r) => r.id));

function sampleFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sampleFiles(full));
    else if (!['README.md'].includes(name)) out.push(relative(root, full).split('\\').join('/'));
  }
  return out;
}

function check(result: DocumentResult, want: Expectation, label: string): void {
  const got = new Set(result.diagnostics.map((d) => d.ruleId));
  for (const rule of want.rules) {
    assert.ok(known.has(rule), `${label}: ${rule} is not a rule of the catalogue`);
    assert.ok(got.has(rule), `${label}: expected ${rule}, got ${[...got].join(', ') || 'nothing'}`);
  }
  if (want.exact) {
    for (const rule of got) assert.ok(want.rules.includes(rule), `${label}: unexpected ${rule}`);
    assert.equal(result.status, want.status, label);
  }
}

describe('corpus/samples', () => {
  const files = sampleFiles(root);

  it('expected.json lists exactly the sample files', () => {
    assert.deepEqual(Object.keys(expected).sort(), files);
  });

  it('every rule of the catalogue is triggered by at least one sample', () => {
    const covered = new Set(
      Object.values(expected).flatMap((e) => [
        ...(e.rules ?? []),
        ...(e.documents ?? []).flatMap((d) => d.rules),
      ]),
    );
    for (const rule of known) assert.ok(covered.has(rule), `no sample for ${rule}`);
  });

  for (const file of files) {
    const entry = expected[file];
    it(file, async () => {
      assert.ok(entry, `${file} is not in expected.json`);
      const path = join(root, file);
      const job = { index: 0, path, file, size: statSync(path).size };
      const outcome = await checkFile(job, OPTIONS);
      if (entry.documents) {
        assert.deepEqual(
          outcome.documents.map((d) => d.line),
          entry.documents.map((d) => d.line),
        );
        entry.documents.forEach((want, i) => {
          check(outcome.documents[i]!, want, `${file}:${want.line}`);
        });
        return;
      }
      assert.equal(outcome.documents.length, 1);
      check(outcome.documents[0]!, entry, file);
      for (const [target, want] of Object.entries(entry.target ?? {})) {
        const again = await checkFile(job, { ...OPTIONS, target: target as Target });
        check(again.documents[0]!, want, `${file} --target ${target}`);
      }
    });
  }
});
