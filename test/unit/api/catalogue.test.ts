// rules(): the catalogue for code, the same entries `mcpdesc-validate rules --format json` lists.
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { describe, it } from 'node:test';
import { rules } from '../../../src/api/catalogue.js';
import { checkDocument } from '../../../src/api/check-document.js';
import { runRulesCommand } from '../../../src/cli/rules-command.js';
import { TARGETS } from '../../../src/types.js';
import { RULES } from '../../../src/validation/rules/index.js';

async function listedByCli(): Promise<unknown> {
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  assert.equal(await runRulesCommand(['--format', 'json'], out), 0);
  return JSON.parse(text);
}

describe('rules()', () => {
  it('lists every rule as the rules command does', async () => {
    const listed = rules();
    assert.deepEqual(
      listed.map((r) => r.id),
      RULES.map((r) => r.id),
    );
    assert.deepEqual(listed, await listedByCli());
    for (const rule of listed) {
      assert.deepEqual(Object.keys(rule.levels), [...TARGETS]);
      assert.match(rule.docsUrl, new RegExp(`/${rule.id.replace(/\./g, '\\.')}\\.md$`));
      assert.ok(
        rule.description.length > 0 && /^(\d+(\.\d+)*|Appendix [A-Z])$/.test(rule.specSection),
        rule.id,
      );
    }
  });

  it('gives a finding the section and page its rule lists', () => {
    const byId = new Map(rules().map((r) => [r.id, r]));
    const result = checkDocument({ mcpdesc: '0.7.0', info: { name: 'x', version: '1' }, bogus: 1 });
    assert.ok(result.diagnostics.length > 0);
    for (const d of result.diagnostics) {
      const rule = byId.get(d.ruleId)!;
      assert.deepEqual([d.specSection, d.docsUrl], [rule.specSection, rule.docsUrl]);
    }
  });

  it('hands out copies: changing one changes neither the next list nor a check', () => {
    const first = rules();
    const format = first.find((r) => r.id === 'mcpdesc.tool.name-format')!;
    for (const target of TARGETS) format.levels[target] = 'off';
    const again = rules().find((r) => r.id === 'mcpdesc.tool.name-format')!;
    assert.notEqual(again.levels['0.7.0'], 'off');
    const doc = {
      mcpdesc: '0.7.0',
      info: { name: 'x', version: '1' },
      transports: [{ type: 'stdio', command: 'x' }],
      tools: [{ name: 'a b', inputSchema: { type: 'object' } }],
    };
    assert.ok(checkDocument(doc).diagnostics.some((d) => d.ruleId === 'mcpdesc.tool.name-format'));
  });
});
