import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { closingLine } from '../../../src/reporting/closing-line.js';
import type { SummaryRecord } from '../../../src/types.js';
import { summaryOf } from './sample-results.js';

/** A summary of `total` files, `invalid` of them invalid, with what `over` sets. */
function summary(over: Partial<SummaryRecord> & { total?: number; invalid?: number }): SummaryRecord {
  const { total = 1, invalid = 0, ...rest } = over;
  return {
    ...summaryOf([]),
    files: { total, valid: total - invalid, invalid, error: 0, skipped: 0 },
    documents: total,
    counts: { error: 0, warning: 0, info: 0 },
    wallMs: 120,
    ...rest,
  };
}

// The prefix every stderr note carries, as the CLI writes this line.
const PREFIX = 'mcpdesc-validate: ';

describe('the stderr closing line', () => {
  it('fits 80 columns for a normal run, numbers grouped in thousands', () => {
    const line = closingLine(
      summary({
        total: 1250,
        invalid: 12,
        counts: { error: 30, warning: 4, info: 0 },
        wallMs: 840,
      }),
      { exitCode: 1 },
    );
    assert.equal(line, '1,250 files (12 invalid): 30 errors, 4 warnings, 0.8 s; exit 1');
    assert.ok((PREFIX + line).length <= 80, `${(PREFIX + line).length} columns`);
  });

  it('gives no rate for one file or a short run, where it says nothing', () => {
    const one = closingLine(
      summary({ total: 1, wallMs: 640, throughput: { filesPerSec: 1.56, mbPerSec: 0, toolsPerSec: 1.56 } }),
      { exitCode: 0 },
    );
    assert.equal(one, '1 file (all valid): no findings, 0.6 s; exit 0');
    assert.ok(!one.includes('/s'));
    const quick = closingLine(summary({ total: 400, wallMs: 300 }), { exitCode: 0 });
    assert.ok(!quick.includes('/s'), quick);
  });

  it('gives the rate a long run of many files, or of much data, is measured by', () => {
    const many = closingLine(
      summary({
        total: 10000,
        invalid: 500,
        counts: { error: 612, warning: 0, info: 0 },
        wallMs: 12_400,
        throughput: { filesPerSec: 806.45, mbPerSec: 30.1, toolsPerSec: 8000 },
      }),
      { exitCode: 1 },
    );
    assert.equal(many, '10,000 files (500 invalid): 612 errors, 12.4 s (806 files/s); exit 1');
    const dump = closingLine(
      summary({
        total: 1,
        bytes: 5_000_000_000,
        tools: 2_000_000,
        wallMs: 95_000,
        throughput: { filesPerSec: 0.01, mbPerSec: 52.63, toolsPerSec: 21052.6 },
      }),
      { exitCode: 0 },
    );
    assert.equal(dump, '1 file (all valid): no findings, 1 min 35 s (52.6 MB/s); exit 0');
  });

  it('names what could not be checked, JSON Lines documents and every reason for the exit code', () => {
    const line = closingLine(
      summary({
        total: 5,
        files: { total: 5, valid: 1, invalid: 1, error: 2, skipped: 1 },
        documents: 3012,
        counts: { error: 3, warning: 1, info: 2 },
        suppressed: { error: 1, warning: 0, info: 1 },
        exitZero: { masked: false },
        // The line reads why from the reasons alone, not from the fields of the options behind them.
        reasons: [
          { kind: 'interrupted' },
          { kind: 'unreadable', inputs: 2 },
          { kind: 'findings', failOn: 'error', counts: { error: 3, warning: 0, info: 0 } },
          { kind: 'max-warnings', limit: 0, warnings: 1 },
          { kind: 'stale-baseline', entries: 1 },
          { kind: 'bail', limit: 1, skipped: 1 },
        ],
      }),
      { exitCode: 130, replayed: 2 },
    );
    assert.equal(
      line,
      '5 files (1 invalid, 2 unreadable, 1 skipped), 3,012 documents: 3 errors, 1 warning, 2 infos, ' +
        '0.1 s, 2 replayed from the cache, 2 findings in the baseline, 1 baseline entry gone ' +
        '(--strict-baseline), 1 warning over --max-warnings 0, stopped by --bail 1 (1 file not checked), ' +
        'interrupted; exit 130',
    );
    const masked = closingLine(
      summary({ counts: { error: 1, warning: 0, info: 0 }, exitZero: { masked: true } }),
      { exitCode: 0 },
    );
    assert.match(masked, /, exit 1 turned into 0 by --exit-zero; exit 0$/);
  });
});
