// The generated standalone validators (dist/src/validation/compiled/*.cjs) must behave exactly like
// the same fragments compiled in process: same verdict for every value, same diagnostics for every
// document. Inputs: every rule example, every JSON document of the bundled corpus/samples, and a few
// hundred seeded mutants of our sample documents.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { SPEC_VERSIONS } from '../../../../src/types.js';
import { validateDocument } from '../../../../src/validation/engine.js';
import { RULES } from '../../../../src/validation/rules/index.js';
import { compileRuntime } from '../../../../src/validation/schema/ajv.js';
import { collectFragments } from '../../../../src/validation/schema/fragment.js';
import type { ValidateLike, ValidatorSource } from '../../../../src/validation/schema/validators.js';
import {
  compiledFile,
  getFragment,
  MANIFEST_EXPORT,
  setValidatorSource,
} from '../../../../src/validation/schema/validators.js';
import { mutants, sampleFor } from './documents.js';

const { entries, manifest } = collectFragments(RULES);

function runtimeSource(): ValidatorSource {
  const fast = compileRuntime(entries, false) as Record<string, ValidateLike>;
  const all = compileRuntime(entries, true) as Record<string, ValidateLike>;
  return { manifest, fast, all: () => all };
}

/** The parseable JSON documents of corpus/samples (the syntax samples are the parser's business). */
function corpusSamples(dir = new URL('../../../../../corpus/samples', import.meta.url).pathname): unknown[] {
  const out: unknown[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...corpusSamples(full));
    else if (name.endsWith('.json')) {
      try {
        out.push(JSON.parse(readFileSync(full, 'utf8')));
      } catch {
        // A deliberately malformed sample.
      }
    }
  }
  return out;
}

function documents(): unknown[] {
  const docs: unknown[] = [];
  const samples = corpusSamples();
  assert.ok(samples.length >= 30, `corpus/samples gave ${samples.length} JSON documents`);
  docs.push(...samples);
  for (const rule of RULES) {
    for (const example of [...rule.examples.valid, ...rule.examples.invalid]) {
      if (example.document !== undefined) docs.push(example.document);
    }
  }
  SPEC_VERSIONS.forEach((version, i) => {
    const sample = sampleFor(version);
    docs.push(sample, ...mutants(sample, 30, 1000 + i));
  });
  return docs;
}

/** Every object and array inside `value`: the candidates each fragment is tried on. */
function subValues(value: unknown, out: unknown[] = []): unknown[] {
  out.push(value);
  if (value !== null && typeof value === 'object') {
    for (const v of Array.isArray(value) ? value : Object.values(value)) subValues(v, out);
  }
  return out;
}

const options = { target: null, ruleLevels: {}, maxDiagnostics: 10_000 };

describe('standalone validators', () => {
  after(() => setValidatorSource(null));
  const docs = documents();

  it('exist for every fragment of every structural rule', () => {
    assert.ok(entries.length > 10, `only ${entries.length} fragments`);
    setValidatorSource(null);
    for (const [key] of Object.entries(manifest)) {
      const [ruleId, part, version] = key.split('|') as [string, string, (typeof SPEC_VERSIONS)[number]];
      assert.ok(getFragment(ruleId, part, version), key);
    }
  });

  it("hold each version's fragments in modules of that version alone", () => {
    // A run loads the modules of the versions it meets: one version's module must not carry the rest.
    const require = createRequire(new URL('../../../../src/validation/schema/', import.meta.url));
    for (const version of SPEC_VERSIONS) {
      const own = Object.keys(manifest).filter((key) => key.endsWith(`|${version}`));
      assert.ok(own.length > 0, version);
      const fast = require(`../compiled/${compiledFile(version, false)}`) as Record<string, unknown>;
      const all = require(`../compiled/${compiledFile(version, true)}`) as Record<string, unknown>;
      const names = fast[MANIFEST_EXPORT] as Record<string, string>;
      assert.deepEqual(Object.keys(names).sort(), own.sort(), version);
      const exported = new Set(Object.values(names));
      for (const module of [fast, all]) {
        assert.deepEqual(
          Object.keys(module)
            .filter((name) => name !== MANIFEST_EXPORT && name !== 'default')
            .sort(),
          [...exported].sort(),
          version,
        );
      }
    }
  });

  it('give the same verdict as runtime-compiled validators on every sub-value', () => {
    setValidatorSource(null);
    const generated = entries.map((e) => getFragment(e.ruleId, e.part, e.version)!);
    const runtime = runtimeSource();
    const values = docs.flatMap((d) => subValues(d));
    let rejected = 0;
    for (const [i, entry] of entries.entries()) {
      const ours = runtime.fast[entry.exportName]!;
      for (const value of values) {
        const verdict = generated[i]!.fast(value);
        assert.equal(verdict, ours(value), `${entry.exportName} on ${JSON.stringify(value).slice(0, 80)}`);
        if (!verdict) rejected++;
      }
    }
    // Both verdicts occur, so the comparison is not between two constant functions.
    assert.ok(rejected > 0 && rejected < entries.length * values.length);
  });

  it('produce the same diagnostics on every document', () => {
    setValidatorSource(null);
    const expected = docs.map((d) => validateDocument(d, options).diagnostics);
    setValidatorSource(runtimeSource());
    const got = docs.map((d) => validateDocument(d, options).diagnostics);
    setValidatorSource(null);
    assert.deepEqual(got, expected);
    assert.ok(
      expected.filter((d) => d.length > 0).length > docs.length / 2,
      'mutants mostly produce findings',
    );
  });
});
