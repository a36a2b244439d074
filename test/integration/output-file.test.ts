// -o, --output and --output-file: the report goes to a file (NDJSON unless -f says which), for the run
// and for report, merge and compare alike. One exit-0 run and one refusal spawn the CLI; the other runs
// are main() in-process.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parseNdjson, runCli, tempDir } from '../helpers/run-cli.js';
import { runMainAsCli } from '../helpers/run-main.js';
import { assertUsageError, BROKEN, put } from './cli-support.js';
import { validDocument } from './scale-support.js';

describe('-o, --output-file', () => {
  const tmp = tempDir('output-file');
  const cwd = tmp.path;
  before(() => {
    put(cwd, 'reg/a.json', JSON.stringify(validDocument('a', 1)));
    put(cwd, 'reg/old/b.json', BROKEN);
  });
  after(() => tmp.remove());

  it('-o, --output-file writes the report to a file (NDJSON unless -f says), nothing on stdout', async () => {
    const r = await runCli(['reg/a.json', '-o', 'out/report.ndjson'], { cwd });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, '');
    const records = parseNdjson(readFileSync(join(cwd, 'out/report.ndjson'), 'utf8'));
    assert.equal(records.at(-1)?.type, 'summary');
    const text = await runMainAsCli(['reg', '-f', 'text', '--output-file', 'out/report.txt'], { cwd });
    assert.equal(text.code, 1);
    assert.match(readFileSync(join(cwd, 'out/report.txt'), 'utf8'), /reg\/old\/b\.json:1:\d+\s+error/);
    const both = await runMainAsCli(['reg', '-f', 'text=x.txt', '-o', 'y.txt'], { cwd });
    assertUsageError(both, /every --format already names its file/);
  });

  it('report, merge and compare take -o, --output and --output-file alike', async () => {
    const run = await runMainAsCli(['reg', '-o', 'run.ndjson'], { cwd });
    assert.equal(run.code, 1, run.stderr);
    const shards: string[] = [];
    for (const k of [1, 2]) {
      const shard = await runMainAsCli(['reg', '--shard', `${k}/2`, '-o', `s${k}.ndjson`], { cwd });
      assert.equal(shard.code === 0 || shard.code === 1, true, shard.stderr);
      shards.push(`s${k}.ndjson`);
    }
    for (const flag of ['-o', '--output', '--output-file']) {
      const commands: string[][] = [
        ['report', 'run.ndjson', '-f', 'ndjson', flag, `report${flag}.ndjson`],
        ['merge', ...shards, flag, `merge${flag}.ndjson`],
        ['compare', 'run.ndjson', 'run.ndjson', flag, `compare${flag}.ndjson`],
      ];
      for (const args of commands) {
        const r = await runMainAsCli(args, { cwd });
        assert.equal(r.stdout, '', `${args.join(' ')}: nothing on stdout`);
        assert.ok(r.code === 0 || r.code === 1, `${args.join(' ')}: ${r.stderr}`);
        const records = parseNdjson(readFileSync(join(cwd, args.at(-1)!), 'utf8'));
        assert.match(String(records.at(-1)?.type), /^(summary|comparison)$/, args.join(' '));
      }
    }
    const twice = await runCli(['compare', 'run.ndjson', 'run.ndjson', '-o', 'a', '--output-file', 'b'], {
      cwd,
    });
    assert.equal(twice.code, 2);
    assert.match(
      twice.stderr,
      /^error: --output and --output-file name different files; give one\n\(run 'mcpdesc-validate compare --help' for usage\)\n$/,
    );
  });
});
