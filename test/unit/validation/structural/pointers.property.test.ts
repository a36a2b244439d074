// Property: whatever JSON value lands wherever in a document, structural validation does not throw,
// and every structural finding points at a location that exists in the document (an unknown member,
// a wrong value, or the object missing a member), with `path` and `pointer` saying the same thing.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { PathSegment } from '../../../../src/types.js';
import { validateDocument } from '../../../../src/validation/engine.js';
import { toPointer } from '../../../../src/validation/pointer.js';
import { mutants, plant, sampleFor } from './documents.js';
import { structural } from './structural-ids.js';

const options = { target: null, ruleLevels: {}, maxDiagnostics: 10_000 };

function resolves(doc: unknown, path: readonly PathSegment[]): boolean {
  let at: unknown = doc;
  for (const segment of path) {
    if (at === null || typeof at !== 'object' || !Object.hasOwn(at, segment)) return false;
    at = (at as Record<string | number, unknown>)[segment];
  }
  return true;
}

/** Every container path of `doc`, so generated values can be dropped anywhere. */
function containerPaths(doc: unknown, path: PathSegment[] = [], out: PathSegment[][] = []): PathSegment[][] {
  if (doc !== null && typeof doc === 'object') {
    out.push(path);
    for (const [k, v] of Object.entries(doc))
      containerPaths(v, [...path, Array.isArray(doc) ? Number(k) : k], out);
  }
  return out;
}

function check(doc: unknown): number {
  const diagnostics = structural(validateDocument(doc, options).diagnostics);
  for (const d of diagnostics) {
    assert.equal(d.pointer, toPointer(d.path));
    assert.ok(resolves(doc, d.path), `${d.ruleId} points at missing ${d.pointer}`);
  }
  return diagnostics.length;
}

describe('structural findings point into the document', () => {
  it('for arbitrary JSON values placed at arbitrary places of the 0.7.0 and 0.6.0 samples', () => {
    let findings = 0;
    for (const version of ['0.7.0', '0.6.0', '0.4.0'] as const) {
      const sample = sampleFor(version);
      const places = containerPaths(sample);
      fc.assert(
        fc.property(
          fc.nat({ max: places.length - 1 }),
          fc.oneof(
            fc.string({ maxLength: 12 }),
            fc.constantFrom('__proto__', 'name', 'tags', 'x-a', 'a/b~c'),
          ),
          fc.jsonValue({ maxDepth: 3 }),
          (place, key, value) => {
            const doc = JSON.parse(JSON.stringify(sample)) as Record<string, unknown>;
            plant(doc, places[place]!, key, value);
            findings += check(JSON.parse(JSON.stringify(doc)));
          },
        ),
        { seed: 20261130, numRuns: 150 },
      );
    }
    assert.ok(findings > 100, `only ${findings} findings: the property would be vacuous`);
  });

  it('for seeded mutants of every version', () => {
    let findings = 0;
    for (const version of ['0.4.0', '0.5.0', '0.5.1', '0.5.2', '0.6.0', '0.7.0'] as const) {
      for (const doc of mutants(sampleFor(version), 80, 77)) findings += check(doc);
    }
    assert.ok(findings > 100);
  });
});
