// The fast path and the engine agree on every real document (../shared/corpus/real): each server
// file, each line of the registry dump, the big dump and each of its tools, under every option set,
// and with each rule alone. The unit test holds them together on a sample of these.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createFastPath, generatedScreens } from '../../src/validation/fast-path.js';
import { RULES } from '../../src/validation/rules/index.js';
import {
  type NamedDocument,
  realDocuments,
  realDumpDocuments,
  realRegistryLines,
} from '../helpers/documents.js';
import { assertAgree, OPTION_SETS, only, options } from '../helpers/fast-path.js';

const FAST = createFastPath(RULES, generatedScreens());

const corpora: ReadonlyArray<[string, () => NamedDocument[]]> = [
  ['every real server document', () => realDocuments(1)],
  ['every line of the real registry dump', realRegistryLines],
  ['the real big dump and each of its tools', realDumpDocuments],
];

describe('the fast path agrees with the engine on the real corpus', () => {
  for (const [label, load] of corpora) {
    it(`${label}, under every option set`, (t) => {
      const documents = load();
      if (documents.length === 0) {
        t.skip('../shared/corpus/real is absent');
        return;
      }
      let clean = 0;
      for (const set of OPTION_SETS) clean += assertAgree(FAST, documents, set.options).clean;
      assert.ok(clean > 0, 'no real document was clean under any option set');
    });
  }

  it('every real server document, each rule alone', (t) => {
    const documents = realDocuments(1);
    if (documents.length === 0) {
      t.skip('../shared/corpus/real is absent');
      return;
    }
    for (const rule of RULES.filter((r) => r.screen?.parser !== true)) {
      assertAgree(FAST, documents, options(null, only(rule.id)));
    }
  });
});
