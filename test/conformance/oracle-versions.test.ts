// Conformance of the older versions (0.4.0–0.6.0, and 0.7.0 again on mutants) against their upstream
// schemas. Documents are derived: the 0.7.0 spec examples and every 10th real document, rewritten into
// each version's shape (0.4.0: `transport`, no transport-level security; before 0.6.0: no root tags;
// 0.6.0: root tags as they are), then seeded mutants of each, plus mutants of our own per-version
// sample (test/unit/validation/structural/documents.ts). Verdicts must agree, apart from the
// differences listed in docs/differences.md.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { SpecVersion } from '../../src/types.js';
import { SPEC_VERSIONS } from '../../src/types.js';
import { validateDocument } from '../../src/validation/engine.js';
import { RULES } from '../../src/validation/rules/index.js';
import { mutants, sampleFor } from '../unit/validation/structural/documents.js';
import {
  differences,
  isStructural,
  normalizePath,
  realCorpus,
  sharedAvailable,
  specExamples,
  structuralErrors,
  upstreamOracle,
} from './oracle-data.js';

type Json = Parameters<typeof mutants>[0];
const options = { target: null, ruleLevels: {}, maxDiagnostics: 100_000 };
const structuralIds = new Set(RULES.filter(isStructural).map((r) => r.id));

/** A 0.7.0 document rewritten into `version`'s shape. */
function relabel(source: unknown, version: SpecVersion): Json {
  const doc = JSON.parse(JSON.stringify(source)) as Record<string, Json>;
  doc.mcpdesc = version;
  if (version === '0.6.0' || version === '0.7.0') return doc;
  delete doc.tags;
  if (version === '0.4.0' && Array.isArray(doc.transports)) {
    for (const t of doc.transports) if (t && typeof t === 'object' && !Array.isArray(t)) delete t.security;
    doc.transport = doc.transports;
    delete doc.transports;
  }
  return doc;
}

describe('oracle: older versions on derived documents', () => {
  let bases: unknown[] = [];
  let listed: ReturnType<typeof differences>;

  before(() => {
    assert.ok(sharedAvailable(), 'conformance tests need ../shared (spec and corpus)');
    bases = [
      ...specExamples().map((e) => e.doc),
      ...realCorpus()
        .filter((_, i) => i % 10 === 0)
        .map((e) => e.doc),
    ];
    listed = differences();
  });

  // 0.8.0 has an oracle test of its own, against its final schema (oracle-080.test.ts).
  for (const version of SPEC_VERSIONS.filter((v) => v !== '0.8.0')) {
    it(`${version}: agrees with the upstream schema or lists the difference`, () => {
      const oracle = upstreamOracle(version);
      const docs: Json[] = [];
      bases.forEach((base, i) => {
        const doc = relabel(base, version);
        docs.push(doc, ...mutants(doc, 3, 7 * i + version.length));
      });
      // Our own sample has few nested JSON Schemas, so its mutants mostly hit the structural members.
      docs.push(...mutants(sampleFor(version), 400, 31 + version.length));
      let upstreamRejected = 0;
      let agreedRejected = 0;
      const extraPerRule = new Map<string, number>();
      for (const doc of docs) {
        const upstream = oracle(doc);
        const report = validateDocument(doc, options);
        const ours = structuralErrors(report, structuralIds);
        if (upstream.length > 0) {
          upstreamRejected++;
          if (ours.length > 0) {
            agreedRejected++;
            continue;
          }
          for (const e of upstream) {
            const path = normalizePath(e.instancePath);
            assert.ok(
              listed.upstreamOnly.some((u) => u.keyword === e.keyword && path.startsWith(u.prefix)),
              `${version}: upstream ${e.keyword} at ${e.instancePath} not reported: ${JSON.stringify(doc).slice(0, 300)}`,
            );
          }
        } else {
          for (const d of report.diagnostics) {
            if (d.severity === 'error') extraPerRule.set(d.ruleId, (extraPerRule.get(d.ruleId) ?? 0) + 1);
          }
        }
      }
      for (const [id, count] of extraPerRule) {
        assert.ok(
          listed.rules.has(id),
          `${version}: ${id} rejects ${count} documents upstream accepts; not listed`,
        );
      }
      // The derived set must exercise both verdicts, or the comparison proves nothing.
      assert.ok(
        upstreamRejected > docs.length / 4,
        `${version}: upstream rejects ${upstreamRejected}/${docs.length}`,
      );
      assert.ok(agreedRejected > 0);
    });
  }
});
