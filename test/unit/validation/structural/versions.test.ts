// Version resolution as the structural rules see it: undeclared → 0.7.0 plus version.declared;
// unsupported → version.recognized and nothing structural; each older version's own members.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SPEC_VERSIONS } from '../../../../src/types.js';
import { validateDocument } from '../../../../src/validation/engine.js';
import { RULES } from '../../../../src/validation/rules/index.js';
import { sampleFor } from './documents.js';
import { structural } from './structural-ids.js';

const options = { target: null, ruleLevels: {}, maxDiagnostics: 1000 };
const ids = (doc: unknown) =>
  structural(validateDocument(doc, options).diagnostics).map((d) => `${d.ruleId} ${d.pointer}`);

describe('structural rules per version', () => {
  for (const version of SPEC_VERSIONS) {
    it(`accept our ${version} sample`, () => {
      assert.deepEqual(ids(sampleFor(version)), []);
    });
  }

  it('check an undeclared document as 0.7.0 and say so', () => {
    const doc = sampleFor('0.7.0');
    delete doc.mcpdesc;
    const report = validateDocument(doc, options);
    assert.equal(report.version, '0.7.0');
    assert.deepEqual(ids(doc), ['mcpdesc.version.declared ']);
    // ...so a 0.4.0-shaped document without mcpdesc gets 0.7.0's findings.
    const old = sampleFor('0.4.0');
    delete old.mcpdesc;
    assert.ok(ids(old).includes('mcpdesc.root.members /transport'));
  });

  it('check a document declaring the draft 0.9.0-rc.3 as 0.8.0, and say so', () => {
    // Without the 0.8.0 sample's `$schema`, which would name another version's schema.
    const { $schema: _, ...sample } = sampleFor('0.8.0');
    const doc = { ...sample, mcpdesc: '0.9.0-rc.3' };
    const report = validateDocument(doc, options);
    assert.equal(report.version, '0.8.0');
    assert.deepEqual(ids(doc), []);
    assert.deepEqual(
      report.diagnostics.map((d) => [d.ruleId, d.severity, d.pointer]),
      [['mcpdesc.version.draft', 'info', '/mcpdesc']],
    );
    assert.match(report.diagnostics[0]!.message, /checked as mcpdesc 0\.8\.0/);
  });

  for (const declared of ['0.9.0', '0.9.0-rc.2', '1.0.0', '0.3.0']) {
    it(`report ${declared} as unrecognized, listing the supported versions, and check nothing else`, () => {
      const doc = { ...sampleFor('0.7.0'), mcpdesc: declared, tools: 'not checked' };
      const report = validateDocument(doc, options);
      assert.equal(report.version, null);
      assert.deepEqual(ids(doc), ['mcpdesc.version.recognized /mcpdesc']);
      assert.match(
        structural(report.diagnostics)[0]!.message,
        /0\.4\.0, 0\.5\.0, 0\.5\.1, 0\.5\.2, 0\.6\.0, 0\.7\.0, 0\.8\.0 and the draft 0\.9\.0-rc\.3/,
      );
      const independent = RULES.filter((r) => r.versionIndependent).map((r) => r.id);
      assert.ok(independent.includes('mcpdesc.version.recognized'));
    });
  }

  it('know which root members each version has', () => {
    const with060Tags = { ...sampleFor('0.5.2'), tags: [{ name: 'a' }] };
    assert.deepEqual(ids(with060Tags), ['mcpdesc.root.members /tags']);
    const generatedIn051 = { ...sampleFor('0.5.1'), _generated: { tool: 'x' } };
    assert.deepEqual(ids(generatedIn051), ['mcpdesc.root.members /_generated']);
    const lifecycleIn060 = { ...sampleFor('0.6.0'), lifecycle: { status: 'active' } };
    assert.deepEqual(ids(lifecycleIn060), ['mcpdesc.root.members /lifecycle']);
    const transportsIn040 = { ...sampleFor('0.4.0'), transports: [] };
    assert.deepEqual(ids(transportsIn040), ['mcpdesc.root.members /transports']);
  });

  it('accept repeated entity tags and nested root tags before 0.7.0 only', () => {
    const doc = sampleFor('0.6.0');
    (doc.tools as Array<Record<string, unknown>>)[1]!.tags = ['berths', 'berths'];
    assert.deepEqual(ids(doc), []);
    const latest = { ...doc, mcpdesc: '0.7.0' };
    // Document order: the tools come before the root tags in the sample.
    assert.deepEqual(ids(latest), [
      'mcpdesc.entity-tags.shape /tools/1/tags/1',
      'mcpdesc.tag.members /tags/5/tags',
    ]);
  });

  it('judge transport-level security from 0.5.0 on', () => {
    const doc = sampleFor('0.5.0');
    (doc.transports as Array<Record<string, unknown>>)[0]!.security = [{ type: 'http', scheme: 1 }];
    assert.deepEqual(ids(doc), ['mcpdesc.security.scheme-members /transports/0/security/0/scheme']);
  });
});
