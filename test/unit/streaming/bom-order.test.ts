// A BOM with other findings: the BOM warning comes first in both modes — first in the list and first in
// `byRule` (the streamed check must not add it after the validation's findings) — and both modes cap the
// list alike, errors first.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { CheckOptions } from '../../../src/types.js';
import { checkBytes, PARSERS } from '../../../src/worker/check-bytes.js';
import { checkStreamed } from '../../../src/worker/streamed.js';
import { testDir } from './helpers.js';

const dir = testDir('bom');

const tools = Array.from({ length: 6 }, (_, i) => ({ name: `bad name ${i}`, parameters: {} }));
const TEXT = `\uFEFF${JSON.stringify({ mcpdesc: '0.7.0', info: { name: 'x', version: '1' }, tools })}`;

async function both(max: number) {
  const bytes = Buffer.from(TEXT);
  const path = join(dir, `bom-${max}.json`);
  writeFileSync(path, bytes);
  const options: CheckOptions = {
    target: null,
    ruleLevels: {},
    maxDiagnosticsPerFile: max,
    streamThreshold: 0,
    maxFileSize: Number.POSITIVE_INFINITY,
  };
  const whole = checkBytes(bytes, PARSERS.json, { target: null, ruleLevels: {}, maxDiagnostics: max });
  const streamed = (await checkStreamed({ index: 0, path, file: 'bom.json', size: bytes.length }, options))
    .documents[0]!;
  return { whole, streamed };
}

describe('a BOM and other findings, whole-file and streamed', () => {
  for (const max of [1000, 5, 1]) {
    it(`the same list, counts and byRule order (cap ${max})`, async () => {
      const { whole, streamed } = await both(max);
      // Uncapped, the BOM warning is first; capped below the number of errors, the list keeps errors.
      if (max === 1000) assert.equal(whole.diagnostics[0]!.ruleId, 'mcpdesc.document.bom');
      else assert.ok(whole.diagnostics.every((d) => d.severity === 'error'));
      assert.deepEqual(streamed.diagnostics, whole.diagnostics);
      assert.deepEqual(Object.entries(streamed.byRule), Object.entries(whole.byRule));
      assert.deepEqual(
        [streamed.errors, streamed.warnings, streamed.truncated],
        [whole.errors, whole.warnings, whole.truncated],
      );
      assert.ok(whole.errors > 5, 'more findings than the smaller caps');
    });
  }
});
