// The final mcpdesc 0.8.0 JSON Schema as an oracle (compiled here, at test time, with runtime Ajv 2020-12 +
// ajv-formats, as the reference tooling would): every document it rejects — the official fixtures, the
// 0.8.0 examples, our 0.8.0 sample and registry documents written by the project's corpus generator,
// and seeded mutants of both — gets an error from us. The converse is not expected: the schema
// "expresses structural constraints only" (§16.2) and our semantic rules reject far more; where a
// structural rule of ours rejects what the schema accepts, docs/differences.md says why.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse as parseYaml } from 'yaml';
import { serverDocument080 } from '../../corpus/generator/content080.js';
import { mutants, VOCABULARY_080 } from '../../corpus/generator/mutate.js';
import { Rng } from '../../corpus/generator/random.js';
import { validateDocument } from '../../src/validation/engine.js';
import { RULES } from '../../src/validation/rules/index.js';
import { isStructuralRule } from '../../src/validation/schema/fragment.js';
import { sample080 } from '../unit/validation/structural/documents.js';
import { differences, normalizePath, SHARED } from './oracle-data.js';

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as typeof addFormatsModule.default;

const SCHEMA = join(SHARED, 'spec/mcpdesc+mcpdesc.org/public/schema/mcp-description/0.8.0.json');
const SPEC = join(SHARED, 'spec/mcpdesc+mcpdesc-specification/spec/0.8.0');
const options = { target: null, ruleLevels: {}, maxDiagnostics: 100_000 };
type Json = Parameters<typeof mutants>[0];

function oracle(): (doc: unknown) => Array<{ keyword: string; instancePath: string }> {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const validate = ajv.compile(JSON.parse(readFileSync(SCHEMA, 'utf8')));
  return (doc) =>
    validate(doc)
      ? []
      : (validate.errors ?? []).map((e) => ({ keyword: e.keyword, instancePath: e.instancePath }));
}

/** Every fixture and example (YAML parsed as 1.2, as the specification requires). */
function published(): Array<{ name: string; doc: Json }> {
  const out: Array<{ name: string; doc: Json }> = [];
  for (const dir of [
    'fixtures/expected-invalid',
    'fixtures/expected-valid',
    'fixtures/expected-warning',
    'examples',
  ]) {
    for (const name of readdirSync(join(SPEC, dir)).sort()) {
      const text = readFileSync(join(SPEC, dir, name), 'utf8');
      out.push({
        name: `${dir}/${name}`,
        doc: (name.endsWith('.json') ? JSON.parse(text) : parseYaml(text)) as Json,
      });
    }
  }
  return out;
}

/** Registry-shaped 0.8.0 documents from the corpus generator, and mutants of each. */
export function generated080(
  documents: number,
  mutantsEach: number,
  seed: number,
): Array<{ name: string; doc: Json }> {
  const rng = new Rng(seed);
  const out: Array<{ name: string; doc: Json }> = [];
  for (let i = 0; i < documents; i++) {
    const fileRng = rng.fork(i);
    const doc = serverDocument080(fileRng, {
      tools: 1 + Math.floor(12 * fileRng.next() ** 2),
      serverName: `server-${i}`,
    });
    out.push({ name: `generated ${i}`, doc });
    mutants(doc, mutantsEach, seed * 1000 + i, VOCABULARY_080).forEach((m, k) => {
      out.push({ name: `generated ${i} mutant ${k}`, doc: m });
    });
  }
  return out;
}

const structuralIds = new Set(RULES.filter(isStructuralRule).map((r) => r.id));

describe('oracle: the final 0.8.0 schema', {
  skip: !existsSync(SCHEMA) && 'no ../shared/spec (final 0.8.0 schema)',
}, () => {
  let check: ReturnType<typeof oracle>;
  let listed: ReturnType<typeof differences>;
  before(() => {
    check = oracle();
    listed = differences();
  });

  const run = (docs: Array<{ name: string; doc: Json }>) => {
    const missed: string[] = [];
    const extra = new Map<string, string[]>();
    let rejected = 0;
    for (const { name, doc } of docs) {
      // Listed format differences (email values are a SHOULD: a warning here) are not rejections.
      const upstream = check(doc).filter(
        (e) =>
          e.keyword !== 'format' ||
          !listed.upstreamOnly.some(
            (u) => u.keyword === 'format' && normalizePath(e.instancePath).startsWith(u.prefix),
          ),
      );
      const report = validateDocument(doc, options);
      const errors = report.diagnostics.filter((d) => d.severity === 'error');
      if (upstream.length > 0) {
        rejected++;
        if (errors.length === 0) {
          const paths = upstream.map((e) => `${e.keyword} ${normalizePath(e.instancePath)}`);
          missed.push(`${name}: upstream ${[...new Set(paths)].slice(0, 4).join('; ')}`);
        }
        continue;
      }
      // Upstream accepts it: a structural rule of ours that rejects it is a listed difference.
      for (const d of errors) {
        if (!structuralIds.has(d.ruleId) || listed.rules.has(d.ruleId)) continue;
        const seen = extra.get(d.ruleId) ?? [];
        if (seen.length < 3) seen.push(`${name}: ${d.pointer} ${d.message}`);
        extra.set(d.ruleId, seen);
      }
    }
    return { missed, extra, rejected };
  };

  it('the fixtures and examples: whatever it rejects, we reject', () => {
    const { missed, extra, rejected } = run(published());
    assert.ok(rejected >= 20, `the schema rejects ${rejected} published documents`);
    assert.deepEqual(missed, []);
    assert.deepEqual(
      [...extra.entries()],
      [],
      'structural rules rejecting what the schema accepts, not in docs/differences.md',
    );
  });

  it('generated 0.8.0 registry documents and their mutants, and mutants of our sample', () => {
    const docs = [
      ...generated080(150, 6, 80),
      ...mutants(sample080() as Json, 600, 808, VOCABULARY_080).map((doc, i) => ({
        name: `sample mutant ${i}`,
        doc,
      })),
    ];
    const { missed, extra, rejected } = run(docs);
    // Mostly mutants the schema rejects: the comparison has something to compare.
    assert.ok(rejected > docs.length / 3, `the schema rejects only ${rejected} of ${docs.length}`);
    assert.deepEqual(missed, []);
    assert.deepEqual(
      [...extra.entries()],
      [],
      'structural rules rejecting what the schema accepts, not in docs/differences.md',
    );
  });

  it('the generated documents themselves are valid for both', () => {
    for (const { name, doc } of generated080(150, 0, 80)) {
      assert.deepEqual(check(doc), [], name);
      const found = validateDocument(doc, options).diagnostics.map(
        (d) => `${d.severity} ${d.ruleId} ${d.pointer} ${d.message}`,
      );
      assert.deepEqual(found, [], name);
    }
  });
});
