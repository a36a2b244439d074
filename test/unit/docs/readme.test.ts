// The README documents the rule catalogue and the supported versions (spec §15.4 requires stating
// them); this keeps it from drifting when a rule or a version is added.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { SPEC_VERSIONS } from '../../../src/types.js';
import { RULES } from '../../../src/validation/rules/index.js';

const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it('lists every rule of the catalogue, and only those', () => {
    for (const rule of RULES) assert.ok(readme.includes(`\`${rule.id}\``), `${rule.id} missing from README`);
    const listed = [...readme.matchAll(/`(mcpdesc\.[a-z0-9-]+\.[a-z0-9-]+)`/g)].map((m) => m[1]);
    const known = new Set(RULES.map((r) => r.id));
    for (const id of listed) assert.ok(known.has(id!), `README names unknown rule ${id}`);
    assert.ok(readme.includes(`${RULES.length} rules`), 'rule count');
  });

  // The table's level columns are hand-written; a level changed in a rule module must show up here too.
  it("gives each rule's 0.7.0 level (and its 0.9.0-rc.3 target level where that differs) and its 0.8.0 level", () => {
    for (const rule of RULES) {
      const row = readme.split('\n').find((l) => l.startsWith(`| \`${rule.id}\` |`));
      assert.ok(row, `${rule.id} has a row in the rule table`);
      const [, , stableCell, currentCell] = row.split('|').map((c) => c.trim());
      const stable = rule.levels['0.7.0'];
      const forward = rule.levels['0.9.0-rc.3'];
      const expected = forward === stable ? stable : `${stable} (${forward} under \`--target 0.9.0-rc.3\`)`;
      assert.equal(stableCell, expected, rule.id);
      assert.equal(currentCell, rule.levels['0.8.0'], rule.id);
    }
  });

  it('states every supported specification version', () => {
    const section = readme.slice(
      readme.indexOf('## Supported versions'),
      readme.indexOf('## Rule catalogue'),
    );
    for (const version of SPEC_VERSIONS) assert.ok(section.includes(version), `${version} not stated`);
  });
});
