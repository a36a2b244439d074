// The catalogue gate (after ESLint's checkRuleFiles): every rule is listed, self-described and
// proven by its own examples. Invalid examples must produce exactly their declared diagnostics.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { TARGETS } from '../../../src/types.js';
import { validateDocument } from '../../../src/validation/engine.js';
import type { RuleExample } from '../../../src/validation/rule.js';
import { RULES } from '../../../src/validation/rules/index.js';
import { checkText } from '../../../src/worker/check-text.js';

const rulesDir = join(dirname(fileURLToPath(import.meta.url)), '../../../src/validation/rules');

function run(example: RuleExample, ruleId: string) {
  const options = { target: example.target ?? null, ruleLevels: {}, maxDiagnostics: 10_000 };
  const report =
    example.text !== undefined
      ? checkText(example.text, options)
      : validateDocument(example.document, options);
  return report.diagnostics.filter((d) => d.ruleId === ruleId);
}

describe('rule catalogue', () => {
  it('lists every rule file exactly once, named by its id', () => {
    const files = readdirSync(rulesDir)
      .filter((f) => f.startsWith('mcpdesc.') && f.endsWith('.js'))
      .map((f) => f.slice(0, -'.js'.length))
      .sort();
    const ids = RULES.map((r) => r.id);
    assert.deepEqual([...ids].sort(), files);
    assert.equal(new Set(ids).size, ids.length, 'duplicate rule id');
  });

  for (const rule of RULES) {
    describe(rule.id, () => {
      it('is self-described', () => {
        assert.match(rule.id, /^mcpdesc\.[a-z0-9-]+\.[a-z0-9-]+$/);
        assert.ok(rule.description.length > 10, 'description');
        assert.match(rule.specSection, /^\d+(\.\d+)*$|^Appendix [A-Z]$/);
        for (const target of TARGETS) assert.ok(rule.levels[target], `level for ${target}`);
        assert.ok(rule.examples.valid.length > 0, 'needs a valid example');
        assert.ok(rule.examples.invalid.length > 0, 'needs an invalid example');
      });
      for (const example of rule.examples.valid) {
        it(`valid: ${example.description}`, () => {
          assert.deepEqual(run(example, rule.id), []);
        });
      }
      for (const example of rule.examples.invalid) {
        it(`invalid: ${example.description}`, () => {
          const got = run(example, rule.id).map((d) => ({ pointer: d.pointer, severity: d.severity }));
          assert.deepEqual(got, example.diagnostics);
        });
      }
    });
  }
});
