import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createPageModel, DEFAULT_LIMITS, folderOf, OTHER } from '../../../src/reporting/html-model.js';
import { heatMap, verdictReasons } from '../../../src/reporting/html-static.js';
import { diag, doc, SAMPLE_DOCUMENTS, summaryOf } from './sample-results.js';

const limits = (over: Partial<typeof DEFAULT_LIMITS>) => ({ ...DEFAULT_LIMITS, ...over });

describe('html page model', () => {
  it('valid documents have rows of their own budget: they never crowd out the ones that need attention', () => {
    const model = createPageModel(limits({ rows: 2, validRows: 1 }), []);
    const valid = (i: number) => doc(`v${i}.json`, i, []);
    const bad = (i: number) => doc(`b${i}.json`, i, [diag('r', 'error', 'm', '', 1, 1)]);
    const admitted = [valid(0), valid(1), bad(2), valid(3), bad(4), bad(5)].map(
      (d) => model.admit(d) !== null,
    );
    assert.deepEqual(admitted, [true, false, true, false, true, false]);
    assert.deepEqual(model.caps(6, 3), {
      ...limits({ rows: 2, validRows: 1 }),
      listedRows: 3,
      documents: 6,
      listedFindings: 2,
      findingsTotal: 3,
      findingsLeftOut: 1,
      framesLeftOut: 0,
    });
  });

  it('past the findings cap, a document keeps its errors first, listed in line order', () => {
    const model = createPageModel(limits({ findings: 2 }), []);
    const listed = model.admit(
      doc('a.json', 0, [
        diag('w', 'warning', 'w1', '/a', 1, 1),
        diag('e', 'error', 'e1', '/b', 9, 1),
        diag('i', 'info', 'i1', '/c', 2, 1),
        diag('e', 'error', 'e2', '/d', 3, 1),
      ]),
    );
    assert.deepEqual(
      listed?.map((d) => d.message),
      ['e2', 'e1'],
    );
    // The rule tallies count every finding the run listed, whatever the page keeps.
    assert.deepEqual(
      model.rules.map((r) => [r.id, r.error, r.warning, r.info]),
      [
        ['w', 0, 1, 0],
        ['e', 2, 0, 0],
        ['i', 0, 0, 1],
      ],
    );
    assert.deepEqual(model.admit(doc('b.json', 1, [diag('e', 'error', 'e3', '', 1, 1)])), []);
  });

  it('findings the run counted but did not list are tallied by rule, severity unknown', () => {
    const model = createPageModel(DEFAULT_LIMITS, []);
    for (const d of SAMPLE_DOCUMENTS) model.admit(d);
    const members = model.rules.find((r) => r.id === 'mcpdesc.tool.members')!;
    assert.deepEqual([members.error, members.unlisted], [5, 3]);
  });

  it('rules, folders and versions past their caps are counted under "other", never dropped', () => {
    const model = createPageModel(DEFAULT_LIMITS, []);
    for (let i = 0; i < 12_000; i++) {
      const rule = `rule-${i % 600}`;
      model.admit(doc(`f${i}/x.json`, i, [diag(rule, 'error', 'm', '', 1, 1)], { mcpdesc: `v${i % 70}` }));
    }
    assert.equal(model.rules.length, 500);
    assert.equal(model.rules.at(-1)!.id, OTHER);
    assert.equal(
      model.rules.reduce((n, r) => n + r.error, 0),
      12_000,
    );
    assert.equal(model.folders.size, 10_000);
    assert.equal(model.folders.get(OTHER)!.total, 12_000 - 9_999);
    assert.equal(model.versions.size, 51);
    assert.equal(
      [...model.versions.values()].reduce((a, b) => a + b, 0),
      12_000,
    );
  });

  it('folderOf', () => {
    assert.equal(folderOf('registry/acme/a.json'), 'registry/acme');
    assert.equal(folderOf('a.json'), '.');
    assert.equal(folderOf('/a.json'), '/');
  });
});

describe('html static parts', () => {
  it('verdict reasons name what made the exit code', () => {
    const base = summaryOf(SAMPLE_DOCUMENTS.filter((d) => d.status !== 'error'));
    assert.deepEqual(verdictReasons(base), ['9 errors at or above the failing level (error).']);
    assert.deepEqual(
      verdictReasons(
        summaryOf(
          SAMPLE_DOCUMENTS.filter((d) => d.status !== 'error'),
          {
            exitCode: 1,
            failOn: 'warning',
            suppressed: { error: 9, warning: 0, info: 0 },
            maxWarnings: { limit: 1, warnings: 2, exceeded: true },
            bail: { limit: 1, stopped: true, skipped: 4 },
          },
        ),
      ),
      [
        '2 warnings at or above the failing level (warning).',
        '2 warnings: more than --max-warnings 1.',
        'Stopped by --bail 1: 4 files not checked.',
        '9 findings recorded in the baseline do not count.',
      ],
    );
    assert.deepEqual(
      verdictReasons(
        summaryOf(
          SAMPLE_DOCUMENTS.filter((d) => d.status !== 'error'),
          { failOn: 'never', exitCode: 130, aborted: true },
        ),
      ),
      [
        'The run was interrupted: these results are partial.',
        'Findings never fail this run (fail on: never).',
      ],
    );
    assert.deepEqual(verdictReasons(summaryOf([doc('a.json', 0, [])])), [
      'No finding at or above the failing level (error).',
    ]);
  });

  it('the heat map: only with two folders or more, the worst 30 shown and the rest said', () => {
    const one = createPageModel(DEFAULT_LIMITS, []);
    one.admit(doc('a/x.json', 0, [diag('r', 'error', 'm', '', 1, 1)]));
    assert.equal(heatMap(one.folders, one.rules), '');
    const many = createPageModel(DEFAULT_LIMITS, []);
    for (let i = 0; i < 40; i++) {
      const findings = Array.from({ length: i + 1 }, () => diag('r', 'error', 'm', '', 1, 1));
      many.admit(doc(`f${String(i).padStart(2, '0')}/x.json`, i, findings));
    }
    const html = heatMap(many.folders, many.rules);
    const folders = [...html.matchAll(/<th class="folder" title="([^"]+)">/g)].map((m) => m[1]);
    assert.equal(folders.length, 30);
    assert.deepEqual(folders.slice(0, 2), ['f39', 'f38']);
    assert.match(html, /10 more folders with findings/);
    // The largest cell is the darkest level; one finding the lightest.
    assert.match(html, /<td class="sum">40<\/td><td class="h6">40<\/td>/);
  });
});
