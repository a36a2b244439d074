// The run record a real run writes carries the option table's keys, in the table's order: those always
// written on a default run, every one of them when every option is set.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { optionEntries } from '../../src/cli/option-table.js';
import { formatTable } from '../../src/reporting/reporter-registry.js';
import { REPO_ROOT, runCli, tempDir } from '../helpers/run-cli.js';

const carried = optionEntries(formatTable())
  .filter((e) => e.record !== null)
  .map((e) => e.record!)
  .sort((a, b) => a.at - b.at);
const keys = (written?: 'always') =>
  carried.filter((r) => written === undefined || r.written === written).map((r) => r.key);

describe("the run record's options", () => {
  it("are the table's keys in its order: all of them with every option set, else the ones always written", async () => {
    const dir = tempDir('option-table-record-');
    try {
      const baseline = join(dir.path, 'base.ndjson');
      const config = join(dir.path, 'config.json');
      const header = { type: 'baseline', schemaVersion: 1, tool: { name: 'mcpdesc-validate' }, entries: 0 };
      writeFileSync(baseline, `${JSON.stringify({ ...header, findings: 0 })}\n`);
      writeFileSync(config, '{"stats": true}');
      const first = async (args: string[]) => {
        const run = await runCli([...args, '-f', 'ndjson', '--no-config'], { cwd: REPO_ROOT });
        return Object.keys(run.records[0]!.options as object);
      };
      assert.deepEqual(await first(['corpus/samples/valid']), keys('always'));
      const everything = [
        ...['corpus/samples/valid', '-', '--stdin-filename', 'x.json', '--allow-empty', '--stats'],
        ...[
          '--cache',
          '--cache-location',
          join(dir.path, 'cache'),
          '--baseline',
          baseline,
          '--strict-baseline',
        ],
        ...['--max-warnings', '100', '--exit-zero', '--bail', '5', '--config', config],
      ];
      const all = await runCli([...everything, '-f', 'ndjson'], { cwd: REPO_ROOT, stdin: '{}' });
      assert.deepEqual(Object.keys(all.records[0]!.options as object), keys());
    } finally {
      dir.remove();
    }
  });
});
