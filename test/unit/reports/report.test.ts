// reports/report.ts: records back into the DocumentResults the reporters take. The differential tests
// over the real CLI are in test/integration/report.test.ts; these pin what the records alone decide.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { OPTIONS_SHARDS_MAY_DIFFER } from '../../../src/cli/option-table.js';
import type { ReportSource } from '../../../src/reports/ndjson.js';
import { readReports } from '../../../src/reports/report.js';
import type { DocumentResult, RunRecord } from '../../../src/types.js';
import { runRecord } from './reports.js';

const DIAGNOSTIC = {
  type: 'diagnostic',
  file: 'a.json',
  ruleId: 'mcpdesc.tool.members',
  severity: 'error',
  message: 'm',
  pointer: '/tools/0',
  path: ['tools', 0],
  line: 3,
  column: 5,
  specSection: '9.1',
  docsUrl: 'https://example.org/r',
};
const FILE = {
  type: 'file',
  file: 'a.json',
  status: 'invalid',
  format: 'json',
  bytes: 10,
  mcpdesc: '0.7.0',
  errors: 1,
  warnings: 0,
  infos: 0,
  tools: 1,
  durationMs: 1.5,
  truncated: false,
};
const SUMMARY = {
  type: 'summary',
  exitCode: 1,
  aborted: false,
  failOn: 'error',
  files: { total: 1, valid: 0, invalid: 1, error: 0, skipped: 0 },
  documents: 1,
  counts: { error: 1, warning: 0, info: 0 },
  byRule: { 'mcpdesc.tool.members': 1 },
  bytes: 10,
  tools: 1,
  wallMs: 5,
  throughput: { filesPerSec: 1, mbPerSec: 0, toolsPerSec: 1 },
  peakRssBytes: 1,
  shard: null,
};

function source(name: string, records: object[]): ReportSource {
  return {
    name,
    lines: (async function* () {
      for (const r of records) yield JSON.stringify(r);
    })(),
  };
}

async function read(records: object[], failOn?: 'error' | 'warning' | 'info' | 'never') {
  const documents: DocumentResult[] = [];
  let run: RunRecord | null = null;
  const result = await readReports(
    [source('r.ndjson', records)],
    {
      async start(r) {
        run = r;
      },
      async document(d) {
        documents.push(d);
      },
      closed: false,
    },
    { optionsMayDiffer: OPTIONS_SHARDS_MAY_DIFFER, ...(failOn ? { failOn } : {}) },
  );
  return { result, documents, run: run as RunRecord | null };
}

describe('readReports', () => {
  it('gives back the DocumentResult a file record and its diagnostics were written from', async () => {
    const { result, documents } = await read([runRecord(null, 1), DIAGNOSTIC, FILE, SUMMARY]);
    assert.deepEqual(result.problems, []);
    assert.equal(result.exitCode, 1);
    assert.deepEqual(documents, [
      {
        index: 0,
        file: 'a.json',
        status: 'invalid',
        format: 'json',
        bytes: 10,
        mcpdesc: '0.7.0',
        errors: 1,
        warnings: 0,
        infos: 0,
        tools: 1,
        durationMs: 1.5,
        truncated: false,
        byRule: { 'mcpdesc.tool.members': 1 },
        diagnostics: [
          {
            ruleId: 'mcpdesc.tool.members',
            severity: 'error',
            message: 'm',
            pointer: '/tools/0',
            path: ['tools', 0],
            specSection: '9.1',
            docsUrl: 'https://example.org/r',
            line: 3,
            column: 5,
          },
        ],
      },
    ]);
  });

  // The end positions another change adds to the records (and whatever a later version adds) must
  // reach the reporters, which decide what to do with them.
  it('passes through fields it does not know; null positions are absent, as in a run', async () => {
    const diagnostic = {
      ...DIAGNOSTIC,
      line: null,
      column: null,
      endLine: 4,
      endColumn: 9,
      suppressed: true,
    };
    const { documents } = await read([runRecord(null, 1), diagnostic, { ...FILE, sha256: 'x' }, SUMMARY]);
    const d = documents[0]!.diagnostics[0] as unknown as Record<string, unknown>;
    assert.equal('line' in d, false);
    assert.equal('column' in d, false);
    assert.equal(d.endLine, 4);
    assert.equal(d.endColumn, 9);
    assert.equal(d.suppressed, true);
    assert.equal((documents[0] as unknown as Record<string, unknown>).sha256, 'x');
  });

  it('takes byRule from the record when the run wrote one (the diagnostics are not all the findings)', async () => {
    const file = {
      ...FILE,
      errors: 3,
      truncated: true,
      byRule: { 'mcpdesc.tool.members': 2, 'mcpdesc.tag.members': 1 },
    };
    const { documents } = await read([
      runRecord(null, 1),
      DIAGNOSTIC,
      file,
      { ...SUMMARY, counts: { error: 3, warning: 0, info: 0 } },
    ]);
    assert.deepEqual(documents[0]!.byRule, { 'mcpdesc.tool.members': 2, 'mcpdesc.tag.members': 1 });
  });

  it("judges by the run's --fail-on unless told otherwise, and tells the reporters the same", async () => {
    const warning = { ...DIAGNOSTIC, severity: 'warning' };
    const file = { ...FILE, status: 'valid', errors: 0, warnings: 1 };
    const summary = { ...SUMMARY, exitCode: 1, failOn: 'warning', counts: { error: 0, warning: 1, info: 0 } };
    const run = runRecord(null, 1, { options: { failOn: 'warning' } });
    const own = await read([run, warning, file, summary]);
    assert.equal(own.result.exitCode, 1);
    const relaxed = await read([run, warning, file, summary], 'error');
    assert.equal(relaxed.result.exitCode, 0);
    assert.equal(relaxed.result.summary!.exitCode, 0);
    assert.equal(relaxed.result.summary!.failOn, 'error');
    assert.equal(relaxed.run!.options.failOn, 'error');
  });

  it('names the line of a record it cannot render, leaves that document out, and withholds the summary', async () => {
    const { result, documents } = await read([
      runRecord(null, 2),
      { ...DIAGNOSTIC, severity: 'fatal' },
      FILE,
      { ...FILE, file: 'b.json', errors: 0, status: 'valid' },
      { ...SUMMARY, documents: 2 },
    ]);
    assert.equal(result.exitCode, 2);
    assert.deepEqual(result.problems, [
      'r.ndjson:2: a.json: a diagnostic with severity "fatal"; the document is left out',
    ]);
    assert.deepEqual(
      documents.map((d) => d.file),
      ['b.json'],
    );
    assert.equal(result.summary, null, 'the caller tallies what it rendered');
  });

  it('refuses a run record it cannot render, before any document', async () => {
    const { result, documents, run } = await read([
      { ...runRecord(null, 1), options: null },
      DIAGNOSTIC,
      FILE,
      SUMMARY,
    ]);
    assert.equal(result.refused, true);
    assert.deepEqual(result.problems, ['r.ndjson: its run record has no options']);
    assert.equal(run, null);
    assert.deepEqual(documents, []);
  });
});
