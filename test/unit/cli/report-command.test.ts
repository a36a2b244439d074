// `report` of a run whose exit 2 its report does not explain: the reasons it renders are only those the
// report holds, and stderr says when it holds none.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { after, describe, it } from 'node:test';
import { runReportCommand } from '../../../src/cli/report-command.js';
import { reportLines, sink } from '../reports/reports.js';

const dir = mkdtempSync(join(tmpdir(), 'report-reasons-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A report of a run that checked no file and ended with exit 2; `summary` adds to its summary. */
function emptyRunExit2(name: string, summary: Record<string, unknown>): string {
  const lines = reportLines([]);
  const record = { ...(JSON.parse(lines.at(-1)!) as Record<string, unknown>), exitCode: 2, ...summary };
  const path = join(dir, name);
  writeFileSync(path, `${[...lines.slice(0, -1), JSON.stringify(record)].join('\n')}\n`);
  return path;
}

async function report(args: string[]) {
  const out = sink();
  const err = sink();
  const code = await runReportCommand(args, {
    stdout: out.stream,
    stderr: err.stream,
    stdin: new PassThrough(),
    env: {},
    cwd: dir,
    stdoutIsTTY: false,
    stderrIsTTY: false,
    version: '0.1.0',
  });
  return { code, out, err: err.text() };
}

describe('report of an exit 2 with no file checked', () => {
  it('an older report (no reasons) is not read as "nothing matched", and stderr says why it cannot tell', async () => {
    const older = emptyRunExit2('older.ndjson', {});
    const ndjson = await report(['-f', 'ndjson', older]);
    assert.equal(ndjson.code, 2);
    assert.deepEqual(ndjson.out.records().at(-1)!.reasons, []);
    assert.match(ndjson.err, /the run ended with exit 2; its report does not record why\n/);
    const text = await report(['-f', 'stylish', older]);
    assert.doesNotMatch(text.out.text(), /matched/);
  });

  it('a report that records its reasons is rendered with them, and stderr does not call them unknown', async () => {
    // What `merge` writes when a shard is missing: the run's reasons (none), its exit 2 the merge's.
    const merged = emptyRunExit2('merged.ndjson', { reasons: [] });
    const run = await report(['-f', 'ndjson', merged]);
    assert.equal(run.code, 2);
    assert.deepEqual(run.out.records().at(-1)!.reasons, []);
    assert.match(run.err, /the run ended with exit 2\n/);
    const matched = emptyRunExit2('nothing-matched.ndjson', { reasons: [{ kind: 'nothing-matched' }] });
    const text = await report(['-f', 'stylish', matched]);
    assert.match(text.out.text(), /No input file matched\./);
    assert.match(text.err, /the run ended with exit 2\n/);
  });
});
