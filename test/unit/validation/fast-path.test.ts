// Soundness is the fast path's contract: it must never call clean a document the engine would flag at
// any level. It should also call clean every document the engine finds nothing in (or those documents
// pay twice). So on every corpus the project has, under several option sets: fast-clean ⇔ the engine
// finds nothing. Each rule's screen must reject its own invalid examples with every other rule off,
// and the fast path without any one rule's screen must let through a document that rule flags.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { serverDocument } from '../../../corpus/generator/content.js';
import { DEFECTS } from '../../../corpus/generator/defects.js';
import { Rng } from '../../../corpus/generator/random.js';
import type { Target } from '../../../src/types.js';
import { headerOf, kindOf } from '../../../src/validation/engine.js';
import { createFastPath, generatedScreens } from '../../../src/validation/fast-path.js';
import type { Rule } from '../../../src/validation/rule.js';
import { RULES } from '../../../src/validation/rules/index.js';
import { screenCovers } from '../../../src/validation/schema/screens.js';
import {
  dumpDocuments,
  hostileDocuments,
  mutantDocuments,
  type NamedDocument,
  realDocuments,
  registryDocuments,
  ruleExampleDocuments,
  sampleDocuments,
  specDocuments080,
} from '../../helpers/documents.js';
import { assertAgree, engineFinds, OPTION_SETS, only, options } from '../../helpers/fast-path.js';
import { plant, sampleFor } from './structural/documents.js';

const FAST = createFastPath(RULES, generatedScreens());

/** Each corpus, and whether some of its documents are clean under some option set. */
const corpora: ReadonlyArray<[string, () => NamedDocument[], boolean]> = [
  ['the samples', sampleDocuments, true],
  ['every rule example', ruleExampleDocuments, true],
  // Our structural samples carry warnings on purpose (tool names such as "__proto__" and "a b").
  ['structural samples of each version and their mutants', () => mutantDocuments(60, 7), false],
  ['generated registry documents with planted defects', () => registryDocuments(150, 11), true],
  [
    'generated 0.8.0 registry documents with planted defects',
    () => registryDocuments(60, 17, 3, '0.8.0'),
    false,
  ],
  ["the 0.8.0 specification's fixtures and examples", specDocuments080, false],
  ['a generated dump and each of its tools', () => dumpDocuments(300, 30, 5), true],
  ['real documents (a sample)', () => realDocuments(15), true],
  ['deeply nested documents', hostileDocuments, true],
];

describe('the fast path agrees with the engine', () => {
  for (const [label, load, someClean] of corpora) {
    it(`on ${label}, under every option set`, (t) => {
      const documents = load();
      if (documents.length === 0) {
        t.skip('../shared/corpus/real is absent');
        return;
      }
      const seen = { clean: 0, flagged: 0 };
      for (const set of OPTION_SETS) {
        const { clean, flagged } = assertAgree(FAST, documents, set.options);
        seen.clean += clean;
        seen.flagged += flagged;
      }
      // Neither answer may be vacuous.
      if (someClean) assert.ok(seen.clean > 0, 'no document was clean');
      assert.ok(seen.flagged > 0, 'no document was flagged');
    });
  }

  it('on generated documents with random members anywhere (property)', () => {
    const places = (
      doc: unknown,
      path: Array<string | number> = [],
      out: Array<Array<string | number>> = [],
    ) => {
      if (doc !== null && typeof doc === 'object') {
        out.push(path);
        for (const [k, v] of Object.entries(doc))
          places(v, [...path, Array.isArray(doc) ? Number(k) : k], out);
      }
      return out;
    };
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.option(fc.nat(DEFECTS.length - 1)),
        fc.constantFrom(...(['generated', '0.4.0', '0.6.0', '0.7.0', '0.8.0'] as const)),
        fc.nat(),
        fc.oneof(
          fc.string({ maxLength: 8 }),
          fc.constantFrom('__proto__', 'name', 'tags', 'x-a', 'icons', 'type'),
        ),
        fc.option(fc.jsonValue({ maxDepth: 3 })),
        fc.nat(OPTION_SETS.length - 1),
        (seed, defect, base, place, key, value, set) => {
          const rng = new Rng(seed);
          let document: unknown =
            base === 'generated'
              ? serverDocument(rng, { tools: rng.int(1, 5), serverName: `s${seed}` })
              : sampleFor(base);
          if (defect !== null && base === 'generated')
            document = DEFECTS[defect]!.apply(document as never, rng).document;
          document = JSON.parse(JSON.stringify(document));
          if (value !== null) {
            const all = places(document);
            plant(document, all[place % all.length]!, key, value);
          }
          assertAgree(
            FAST,
            [{ name: JSON.stringify(document).slice(0, 300), document }],
            OPTION_SETS[set]!.options,
          );
        },
      ),
      { numRuns: 400 },
    );
  });

  it('on non-object roots and unrecognized versions, with the rules that run for them on or off', () => {
    const documents: NamedDocument[] = [[], 'x', 3, null, true, { mcpdesc: '9.9.9' }, { mcpdesc: 7 }].map(
      (document) => ({ name: JSON.stringify(document), document }),
    );
    for (const set of [
      options(),
      options('0.9.0-rc.3'),
      options(null, { 'mcpdesc.document.root-object': 'off' }),
      options(null, { 'mcpdesc.document.root-object': 'off', 'mcpdesc.version.recognized': 'off' }),
    ]) {
      assertAgree(FAST, documents, set);
    }
  });
});

/** The rules with a screen that checks documents (not the parsers'). */
const screened = RULES.filter((rule) => rule.screen !== undefined && rule.screen.parser !== true);

/** Whether the rule's screen covers the kind of document an example is checked as. */
function covers(rule: Rule, document: unknown, target: Target | null): boolean {
  const kind = kindOf(headerOf(document), target);
  return screenCovers(rule, kind.version, kind.column);
}

describe("each rule's screen", () => {
  for (const rule of screened) {
    it(`${rule.id}: rejects its invalid examples and passes its valid ones, every other rule off`, () => {
      for (const example of rule.examples.invalid) {
        if (example.document === undefined) continue;
        const used = options(example.target ?? null, only(rule.id));
        assert.ok(engineFinds(example.document, used), example.description);
        assert.equal(FAST.isClean(example.document, used), false, example.description);
      }
      for (const example of rule.examples.valid) {
        if (example.document === undefined) continue;
        const used = options(example.target ?? null, only(rule.id));
        // Clean where the screen covers the kind of document; handed to the engine elsewhere.
        const expected = covers(rule, example.document, example.target ?? null);
        assert.equal(FAST.isClean(example.document, used), expected, example.description);
      }
    });
  }
});

describe('each rule alone (every other rule off) agrees with the engine', () => {
  const documents = [
    ...sampleDocuments(),
    ...ruleExampleDocuments(),
    ...mutantDocuments(40, 13),
    ...registryDocuments(30, 5, 1),
  ];
  for (const rule of screened) {
    it(rule.id, () => {
      for (const target of [null, '0.9.0-rc.3'] as const)
        assertAgree(FAST, documents, options(target, only(rule.id)));
    });
  }
});

describe('without any one screen, the fast path lets findings through (all rules on)', () => {
  const documents = [...ruleExampleDocuments(), ...sampleDocuments(), ...mutantDocuments(20, 3)];
  for (const rule of screened) {
    it(`${rule.id}: a document it flags would be called clean`, () => {
      // The rule's screen, gutted: it claims the rule checks nothing.
      const gutted: Rule = { ...rule, screen: { schema: () => null } };
      const fast = createFastPath(
        RULES.map((r) => (r === rule ? gutted : r)),
        generatedScreens(),
      );
      const missed = documents.find(({ document, target }) => {
        const used = options(target ?? null);
        return fast.isClean(document, used) && engineFinds(document, used);
      });
      assert.ok(missed, `no document shows ${rule.id}'s screen is needed`);
    });
  }
});

describe('a rule without a screen', () => {
  it('makes the fast path call nothing clean while it is in force', () => {
    const bare: Rule = { ...RULES.find((r) => r.id === 'mcpdesc.tool.name-format')! };
    delete (bare as { screen?: unknown }).screen;
    const fast = createFastPath(
      RULES.map((r) => (r.id === bare.id ? bare : r)),
      generatedScreens(),
    );
    const clean = sampleDocuments().filter(({ document }) => FAST.isClean(document, options()));
    assert.ok(clean.length > 0);
    for (const { document } of clean) {
      assert.equal(fast.isClean(document, options()), false);
      // Off, it no longer stands in the way.
      assert.equal(fast.isClean(document, options(null, { [bare.id]: 'off' })), true);
    }
  });
});
