// The streamed duplicate check where the splitter does not hand out a parsed slice: a root member too
// large to parse still has a name that may repeat (found as in whole-file mode), and root names are
// kept within a budget (memory stays bounded on a hostile dump of tiny root members); past it, one
// finding says so, and names are still compared with the kept ones.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { checkText } from '../../../src/worker/check-text.js';
import { ROOT_NAMES_BUDGET } from '../../../src/worker/duplicate-keys.js';
import { checkStreamed, type StreamOptions } from '../../../src/worker/streamed.js';
import { STREAMED as OPTIONS, testDir } from './helpers.js';

const dir = testDir('dupbudget');

/** More root members than the budget keeps, then `tail` (a repeated name, or nothing). */
function hugeRoot(tail: string): string {
  const count = Math.ceil(ROOT_NAMES_BUDGET / 64) + 1000;
  const members = Array.from({ length: count }, (_, i) => `"x-${i}":0`);
  return `{"mcpdesc":"0.7.0",${members.join(',')}${tail}}`;
}

async function streamed(name: string, text: string, extra: StreamOptions = {}) {
  const path = join(dir, name);
  writeFileSync(path, text);
  const outcome = await checkStreamed(
    { index: 0, path, file: name, size: text.length },
    { ...OPTIONS, ...extra },
  );
  return outcome.documents[0]!;
}

async function check(name: string, text: string) {
  const result = await streamed(name, text);
  return result.diagnostics.filter((d) => d.ruleId === 'mcpdesc.document.duplicate-key');
}

describe('streamed duplicate check: a root member over --max-element-size', () => {
  const big = `"${'x'.repeat(5000)}"`;
  for (const [label, text] of [
    ['repeated after it', `{"mcpdesc":"0.7.0",\n"x-pad":${big},\n"x-pad":1}`],
    ['repeating an earlier one', `{"mcpdesc":"0.7.0",\n"x-pad":1,\n"x-pad":${big}}`],
  ]) {
    it(label, async () => {
      const got = await streamed('oversize.json', text!, { maxElementBytes: 1000 });
      const whole = checkText(text!, { target: null, ruleLevels: {}, maxDiagnostics: 1000 });
      assert.deepEqual(got.diagnostics, whole.diagnostics);
      assert.deepEqual(
        got.diagnostics.map((d) => [d.ruleId, d.pointer, d.line, d.column]),
        [['mcpdesc.document.duplicate-key', '/x-pad', 3, 1]],
      );
    });
  }
});

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
