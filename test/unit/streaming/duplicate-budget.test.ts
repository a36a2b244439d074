// The streamed duplicate check keeps root names within a budget (memory stays bounded on a hostile
// dump of tiny root members); past it, one finding says so, and names are still compared with the kept ones.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { CheckOptions } from '../../../src/types.js';
import { ROOT_NAMES_BUDGET } from '../../../src/worker/duplicate-keys.js';
import { checkStreamed } from '../../../src/worker/streamed.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-dupbudget-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const OPTIONS: CheckOptions = {
  target: null,
  ruleLevels: {},
  maxDiagnosticsPerFile: 1000,
  streamThreshold: 0,
  maxFileSize: Number.POSITIVE_INFINITY,
};

/** More root members than the budget keeps, then `tail` (a repeated name, or nothing). */
function hugeRoot(tail: string): string {
  const count = Math.ceil(ROOT_NAMES_BUDGET / 64) + 1000;
  const members = Array.from({ length: count }, (_, i) => `"x-${i}":0`);
  return `{"mcpdesc":"0.7.0",${members.join(',')}${tail}}`;
}

async function check(name: string, text: string) {
  const path = join(dir, name);
  writeFileSync(path, text);
  const outcome = await checkStreamed({ index: 0, path, file: name, size: text.length }, OPTIONS);
  return outcome.documents[0]!.diagnostics.filter((d) => d.ruleId === 'mcpdesc.document.duplicate-key');
}

describe('streamed duplicate check: the root-name budget', () => {
  it('a repeat of a kept name is still found', async () => {
    const found = await check('early.json', hugeRoot(',"x-1":1'));
    assert.deepEqual(
      found.map((d) => d.pointer),
      ['/x-1'],
    );
  });

  it('past the budget, one finding names it', async () => {
    const found = await check('late.json', hugeRoot(''));
    assert.equal(found.length, 1);
    assert.match(found[0]!.message, /more member names than the streamed duplicate check keeps/);
    assert.equal(found[0]!.pointer, '');
    assert.equal(found[0]!.line, 1);
  });
});
