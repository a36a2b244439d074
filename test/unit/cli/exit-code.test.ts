import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { exitCodeFor } from '../../../src/cli/exit-code.js';
import { reasonsOfSummary, type VerdictFacts, verdictReasons } from '../../../src/reports/verdict.js';
import type { SummaryRecord, VerdictReason } from '../../../src/types.js';

const clean: VerdictFacts = {
  interrupted: false,
  nothingMatched: false,
  unreadable: 0,
  failedOutputs: 0,
  failing: { error: 0, warning: 0, info: 0 },
  failOn: 'error',
  maxWarnings: null,
  staleBaseline: 0,
  bail: null,
};

const codeOf = (facts: Partial<VerdictFacts>, exitZero = false) =>
  exitCodeFor(verdictReasons({ ...clean, ...facts }), { exitZero });

describe('verdict reasons', () => {
  it('a clean run, and warnings below --fail-on error, have none', () => {
    assert.deepEqual(verdictReasons(clean), []);
    assert.deepEqual(verdictReasons({ ...clean, failing: { error: 0, warning: 3, info: 9 } }), []);
  });
  it('findings at or above --fail-on are one reason, counted at that level', () => {
    assert.deepEqual(
      verdictReasons({ ...clean, failOn: 'warning', failing: { error: 2, warning: 3, info: 9 } }),
      [{ kind: 'findings', failOn: 'warning', counts: { error: 2, warning: 3, info: 0 } }],
    );
    assert.deepEqual(
      verdictReasons({ ...clean, failOn: 'never', failing: { error: 5, warning: 1, info: 0 } }),
      [],
    );
  });
  it('lists every reason, weightiest first', () => {
    const all = verdictReasons({
      interrupted: true,
      nothingMatched: true,
      unreadable: 2,
      failedOutputs: 1,
      failing: { error: 1, warning: 4, info: 0 },
      failOn: 'error',
      maxWarnings: 3,
      staleBaseline: 6,
      bail: { limit: 1, skipped: 7 },
    });
    assert.deepEqual(all, [
      { kind: 'interrupted' },
      { kind: 'nothing-matched' },
      { kind: 'unreadable', inputs: 2 },
      { kind: 'failed-output', outputs: 1 },
      { kind: 'findings', failOn: 'error', counts: { error: 1, warning: 0, info: 0 } },
      { kind: 'max-warnings', limit: 3, warnings: 4 },
      { kind: 'stale-baseline', entries: 6 },
      { kind: 'bail', limit: 1, skipped: 7 },
    ]);
  });
  it('warnings at the --max-warnings limit are no reason', () => {
    assert.deepEqual(
      verdictReasons({ ...clean, maxWarnings: 4, failing: { error: 0, warning: 4, info: 0 } }),
      [],
    );
  });
});

describe('exitCodeFor', () => {
  it('0 without a reason', () => {
    assert.equal(exitCodeFor([]), 0);
  });
  const cases: Array<[string, Partial<VerdictFacts>, number]> = [
    ['findings at --fail-on', { failing: { error: 1, warning: 0, info: 0 } }, 1],
    ['findings at --fail-on info', { failOn: 'info', failing: { error: 0, warning: 0, info: 1 } }, 1],
    ['--max-warnings exceeded', { maxWarnings: 0, failing: { error: 0, warning: 1, info: 0 } }, 1],
    ['a stale baseline', { staleBaseline: 1 }, 1],
    ['--bail', { bail: { limit: 1, skipped: 0 }, failing: { error: 1, warning: 0, info: 0 } }, 1],
    ['an unreadable input', { unreadable: 1, failing: { error: 4, warning: 0, info: 0 } }, 2],
    ['nothing matched', { nothingMatched: true }, 2],
    ['a failed output', { failedOutputs: 1 }, 2],
    ['an interrupt, whatever else', { interrupted: true, unreadable: 3, staleBaseline: 2 }, 130],
  ];
  for (const [name, facts, code] of cases) {
    it(`${code} for ${name}`, () => assert.equal(codeOf(facts), code));
  }
  it('--exit-zero turns 1 into 0, never 2 or 130', () => {
    assert.equal(codeOf({ staleBaseline: 1 }, true), 0);
    assert.equal(codeOf({ maxWarnings: 0, failing: { error: 0, warning: 1, info: 0 } }, true), 0);
    assert.equal(codeOf({ unreadable: 1 }, true), 2);
    assert.equal(codeOf({ interrupted: true }, true), 130);
  });
});

describe('reasonsOfSummary', () => {
  const summary = (over: Partial<SummaryRecord>): SummaryRecord => ({
    type: 'summary',
    exitCode: 1,
    aborted: false,
    failOn: 'error',
    files: { total: 3, valid: 1, invalid: 2, error: 0, skipped: 0 },
    documents: 3,
    counts: { error: 5, warning: 2, info: 0 },
    byRule: {},
    bytes: 0,
    tools: 0,
    wallMs: 0,
    throughput: { filesPerSec: 0, mbPerSec: 0, toolsPerSec: 0 },
    peakRssBytes: 0,
    shard: null,
    ...over,
  });
  it('keeps the reasons a summary carries', () => {
    const reasons: VerdictReason[] = [{ kind: 'stale-baseline', entries: 1 }];
    assert.equal(reasonsOfSummary(summary({ reasons })), reasons);
  });
  it('reads them back from an older summary, the baseline taken out', () => {
    assert.deepEqual(
      reasonsOfSummary(
        summary({
          suppressed: { error: 4, warning: 0, info: 0 },
          maxWarnings: { limit: 1, warnings: 2, exceeded: true },
          bail: { limit: 1, stopped: true, skipped: 9 },
          staleBaseline: 0,
        }),
      ),
      [
        { kind: 'findings', failOn: 'error', counts: { error: 1, warning: 0, info: 0 } },
        { kind: 'max-warnings', limit: 1, warnings: 2 },
        { kind: 'bail', limit: 1, skipped: 9 },
      ],
    );
    assert.deepEqual(
      reasonsOfSummary(summary({ exitCode: 130, aborted: true, counts: { error: 0, warning: 0, info: 0 } })),
      [{ kind: 'interrupted' }],
    );
  });
  it('does not guess "nothing matched" from an exit 2 without files', () => {
    const none = { total: 0, valid: 0, invalid: 0, error: 0, skipped: 0 };
    const counts = { error: 0, warning: 0, info: 0 };
    assert.deepEqual(reasonsOfSummary(summary({ exitCode: 2, files: none, documents: 0, counts })), []);
    const failedOutputs = [{ format: 'sarif', path: 'run.sarif', message: 'no space left on device' }];
    assert.deepEqual(
      reasonsOfSummary(summary({ exitCode: 2, files: none, documents: 0, counts, failedOutputs })),
      [{ kind: 'failed-output', outputs: 1 }],
    );
  });
});
