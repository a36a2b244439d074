// docs/rules is generated from the rule modules (npm run docs:rules). This fails when a rule changed and
// its page was not regenerated, when a page is missing, or when a stale page outlived its rule.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { generateRuleDocs, RULE_DOCS_DIR } from '../../../scripts/gen-rule-docs.js';
import { DOCS_BASE_URL, docsUrl } from '../../../src/validation/docs.js';
import { RULES } from '../../../src/validation/rules/index.js';

describe('rule documentation', () => {
  const pages = generateRuleDocs();

  it('has a committed page for every rule, and no page without a rule', () => {
    const committed = readdirSync(RULE_DOCS_DIR)
      .filter((f) => f.endsWith('.md'))
      .sort();
    assert.deepEqual(committed, [...pages.keys()].sort(), 'run `npm run docs:rules` and commit docs/rules');
    for (const rule of RULES) assert.ok(existsSync(join(RULE_DOCS_DIR, `${rule.id}.md`)), rule.id);
  });

  for (const [name, expected] of pages) {
    it(`${name} is up to date`, () => {
      const path = join(RULE_DOCS_DIR, name);
      assert.ok(existsSync(path), `${name} is missing: run \`npm run docs:rules\``);
      assert.equal(
        readFileSync(path, 'utf8'),
        expected,
        `${name} drifted from its rule module: run \`npm run docs:rules\``,
      );
    });
  }

  it("is where every diagnostic's docsUrl points", () => {
    assert.ok(DOCS_BASE_URL.endsWith('/docs/rules/'));
    for (const rule of RULES) assert.equal(docsUrl(rule.id), `${DOCS_BASE_URL}${rule.id}.md`);
  });

  it('shows each invalid example with the findings it produces', () => {
    for (const rule of RULES) {
      const page = pages.get(`${rule.id}.md`)!;
      for (const example of rule.examples.invalid) {
        assert.ok(page.includes(`### ${example.description}`));
        for (const d of example.diagnostics) {
          assert.ok(
            page.includes(`- \`${d.pointer === '' ? '(root)' : d.pointer}\` ${d.severity}: `),
            `${rule.id}: ${d.pointer}`,
          );
        }
      }
    }
  });
});
