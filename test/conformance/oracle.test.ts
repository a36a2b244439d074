// Conformance against the oracle: the upstream 0.7.0 JSON Schema, compiled here with runtime Ajv,
// over the 3,015 real documents and the 0.7.0 spec examples.
// - every document upstream rejects gets at least one error from our structural rules;
// - every rule that rejects a document upstream accepts is listed, with its section, in
//   docs/differences.md;
// - the known real-world findings (`input_schema`, `parameters` on tools) are reported where they are.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { DocumentReport } from '../../src/validation/engine.js';
import { validateDocument } from '../../src/validation/engine.js';
import { RULES } from '../../src/validation/rules/index.js';
import type { CorpusDocument, Oracle } from './oracle-data.js';
import {
  differences,
  isStructural,
  realCorpus,
  section95Tools,
  sharedAvailable,
  specExamples,
  structuralErrors,
  upstreamOracle,
} from './oracle-data.js';

const options = { target: null, ruleLevels: {}, maxDiagnostics: 1_000_000 };
const structuralIds = new Set(RULES.filter(isStructural).map((r) => r.id));

interface Checked {
  entry: CorpusDocument;
  upstreamValid: boolean;
  report: DocumentReport;
}

describe('oracle: upstream 0.7.0 schema', () => {
  let corpus: CorpusDocument[] = [];
  let checked: Checked[] = [];
  let oracle: Oracle;

  before(() => {
    assert.ok(sharedAvailable(), 'conformance tests need ../shared (spec and corpus)');
    oracle = upstreamOracle('0.7.0');
    corpus = realCorpus();
    checked = [...corpus, ...specExamples()].map((entry) => ({
      entry,
      upstreamValid: oracle(entry.doc).length === 0,
      report: validateDocument(entry.doc, options),
    }));
  });

  it('reads the 3,015 real documents and the spec examples', () => {
    assert.equal(corpus.length, 3015);
    assert.equal(checked.length - corpus.length, 5);
  });

  it('reports an error for every document upstream rejects', () => {
    const rejected = checked.filter((c) => !c.upstreamValid);
    assert.ok(rejected.length > 1000, `upstream rejects ${rejected.length} documents`);
    const missed = rejected.filter((c) => structuralErrors(c.report, structuralIds).length === 0);
    assert.deepEqual(
      missed.map((c) => c.entry.file),
      [],
    );
  });

  it('explains, per rule, every document it rejects that upstream accepts', (t) => {
    const perRule = new Map<string, number>();
    for (const c of checked) {
      if (!c.upstreamValid) continue;
      const ids = new Set(c.report.diagnostics.filter((d) => d.severity === 'error').map((d) => d.ruleId));
      for (const id of ids) perRule.set(id, (perRule.get(id) ?? 0) + 1);
    }
    const listed = differences().rules;
    t.diagnostic(`rejected here, accepted upstream: ${JSON.stringify(Object.fromEntries(perRule))}`);
    for (const [id, count] of perRule) {
      const rule = RULES.find((r) => r.id === id)!;
      assert.ok(
        listed.has(id),
        `${id} rejects ${count} documents upstream accepts; explain it in docs/differences.md`,
      );
      assert.equal(
        listed.get(id),
        rule.specSection,
        `docs/differences.md names §${rule.specSection} for ${id}`,
      );
    }
  });

  it('accepts the spec examples upstream accepts', () => {
    for (const c of checked.filter((x) => x.entry.file.startsWith('spec/'))) {
      assert.ok(c.upstreamValid, `${c.entry.file} upstream`);
      assert.deepEqual(structuralErrors(c.report, structuralIds), [], c.entry.file);
    }
  });

  for (const [property, expectedCount] of [
    ['input_schema', 6044],
    ['parameters', 11534],
  ] as const) {
    it(`reports each of the ${expectedCount} tools using "${property}" under mcpdesc.tool.members`, () => {
      const expected = new Set<string>();
      for (const { file, doc } of corpus) {
        const tools = (doc as { tools?: unknown }).tools;
        if (!Array.isArray(tools)) continue;
        tools.forEach((tool, n) => {
          if (tool !== null && typeof tool === 'object' && Object.hasOwn(tool, property))
            expected.add(`${file}#/tools/${n}`);
        });
      }
      assert.equal(expected.size, expectedCount, 'tools in the corpus');
      const got = new Set<string>();
      for (const c of checked) {
        for (const d of c.report.diagnostics) {
          const match = /^(\/tools\/\d+)\/(.+)$/.exec(d.pointer);
          if (d.ruleId === 'mcpdesc.tool.members' && match && match[2] === property) {
            assert.equal(d.severity, 'error');
            assert.match(d.message, new RegExp(`unknown property "${property}"`));
            got.add(`${c.entry.file}#${match[1]}`);
          }
        }
      }
      assert.deepEqual([...got].sort(), [...expected].sort());
    });
  }

  it('leaves the §9.5 chess example clean once its tags are declared', () => {
    const tools = section95Tools();
    const tagNames = new Set<string>();
    for (const tool of tools as Array<{ tags?: string[] }>) for (const t of tool.tags ?? []) tagNames.add(t);
    assert.ok(tagNames.size > 0);
    const doc = {
      mcpdesc: '0.7.0',
      info: { name: 'chess-coach', version: '2.1.0' },
      transports: [{ type: 'stdio', command: 'chess-coach' }],
      tools,
      tags: [...tagNames].map((name) => ({ name })),
    };
    assert.deepEqual(oracle(doc), []);
    assert.deepEqual(validateDocument(doc, options).diagnostics, []);
  });
});
