// 4 shards, run as 4 separate processes, merged, equal one run.
// Through the CLI: --shard and the `merge` subcommand.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runMerge } from '../../src/cli/subcommands.js';
import { inShard } from '../../src/reports/shard.js';
import { runMainAsCli } from '../helpers/run-main.js';
import {
  type CliRun,
  type CorpusFile,
  cli,
  comparable,
  parseRecords,
  type Rec,
  tempDir,
  writeCorpus,
} from './scale-support.js';

const SHARDS = 4;

/**
 * main() in-process as a CI job runs the CLI, for the single run and the verdicts on --shard. The shards
 * stay separate processes, one merge is spawned (the whole command end to end), and so is the empty
 * shard, the one run here that exits 0.
 */
async function inProcess(args: string[], cwd: string): Promise<CliRun> {
  const started = performance.now();
  const { code, stdout, stderr, records } = await runMainAsCli(args, { cwd, env: { CI: '1' } });
  return { code, stdout, stderr, records, ms: performance.now() - started };
}

describe('--shard K/N and merge', () => {
  const tmp = tempDir('shard');
  let corpus: CorpusFile[];
  let single: CliRun;
  let shards: CliRun[];
  const shardPaths = Array.from({ length: SHARDS }, (_, i) => join(tmp.path, `shard-${i + 1}.ndjson`));

  before(async () => {
    corpus = writeCorpus(tmp.path, 60);
    single = await inProcess(['--format', 'ndjson', 'reg'], tmp.path);
    // Separate processes, side by side, as separate machines would run them.
    shards = await Promise.all(
      shardPaths.map((_, i) => cli(['--format', 'ndjson', '--shard', `${i + 1}/${SHARDS}`, 'reg'], tmp.path)),
    );
    shards.forEach((run, i) => {
      writeFileSync(shardPaths[i]!, run.stdout);
    });
  });
  after(() => tmp.remove());

  it('the single run checks the whole corpus and fails on its defects', () => {
    assert.equal(single.code, 1, single.stderr);
    const files = new Set(single.records.filter((r) => r.type === 'file').map((r) => r.file));
    assert.equal(files.size, corpus.length);
  });

  it('each shard names itself in its run record and checks exactly its part', () => {
    const seen = new Map<string, number>();
    shards.forEach((run, i) => {
      assert.ok(run.code === 0 || run.code === 1, `shard ${i + 1} exit ${run.code}: ${run.stderr}`);
      const shard = { index: i + 1, count: SHARDS };
      assert.deepEqual(run.records[0]!.shard, shard);
      assert.deepEqual(run.records.at(-1)!.shard, shard);
      const files = new Set(run.records.filter((r) => r.type === 'file').map((r) => String(r.file)));
      for (const file of files) {
        assert.ok(inShard(file, shard), `${file} is not in shard ${i + 1}/${SHARDS}`);
        seen.set(file, (seen.get(file) ?? 0) + 1);
      }
    });
    // Every file in exactly one shard.
    assert.deepEqual(
      [...seen.keys()].sort(),
      corpus.map((c) => c.file),
    );
    assert.ok([...seen.values()].every((n) => n === 1));
  });

  it('`mcpdesc-validate merge` of the 4 shard outputs equals the single run, apart from timing and run metadata', async () => {
    const merged = await cli(['merge', ...shardPaths], tmp.path);
    assert.equal(merged.stderr, '');
    assert.equal(merged.code, single.code);
    assert.deepEqual(comparable(merged.records), comparable(single.records));
    assert.equal(merged.records[0]!.type, 'run');
    assert.equal(merged.records[0]!.shard, null);
  });

  it('merge in-process gives the same stream, whatever order the shards are given in', async () => {
    const chunks: string[] = [];
    const out = new (await import('node:stream')).Writable({
      write(chunk, _e, done) {
        chunks.push(String(chunk));
        done();
      },
    });
    const err = new (await import('node:stream')).PassThrough();
    const code = await runMerge([...shardPaths].reverse(), out, err);
    assert.equal(code, single.code);
    const records: Rec[] = parseRecords(chunks.join(''));
    assert.deepEqual(comparable(records), comparable(single.records));
  });

  it('merge reports a missing shard with exit 2', async () => {
    const merged = await inProcess(['merge', shardPaths[0]!, shardPaths[1]!, shardPaths[3]!], tmp.path);
    assert.equal(merged.code, 2);
    assert.match(merged.stderr, /missing shard 3\/4/);
  });

  it('merge refuses shards of different inputs (exit 2), naming the lists', async () => {
    // Shard 1 of the whole corpus and shard 2 of a part of it: each alone is a fine shard.
    const part = await inProcess(['--format', 'ndjson', '--shard', `2/${SHARDS}`, 'reg/acme'], tmp.path);
    writeFileSync(join(tmp.path, 'other-2.ndjson'), part.stdout);
    const merged = await inProcess(
      ['merge', shardPaths[0]!, join(tmp.path, 'other-2.ndjson'), shardPaths[2]!, shardPaths[3]!],
      tmp.path,
    );
    assert.equal(merged.code, 2);
    assert.match(merged.stderr, /shards of different input lists/);
    assert.equal(merged.stdout, '');
    const run = single.records[0]!;
    assert.equal((run.inputs as { files: number }).files, corpus.length);
    assert.match((run.inputs as { sha256: string }).sha256, /^[0-9a-f]{64}$/);
    for (const shard of shards) assert.deepEqual(shard.records[0]!.inputs, run.inputs);
  });

  it('an empty shard is a success with a note; nothing matched is still exit 2', async () => {
    // A shard count far above the file count leaves most shards empty; pick one that is, by the rule.
    const count = 1000;
    let empty = 1;
    while (corpus.some((c) => inShard(c.file, { index: empty, count }))) empty++;
    const run = await cli(['--format', 'ndjson', '--shard', `${empty}/${count}`, 'reg'], tmp.path);
    assert.equal(run.code, 0, run.stderr);
    assert.match(
      run.stderr,
      new RegExp(`shard ${empty}/${count} holds none of the ${corpus.length} matched files`),
    );
    assert.deepEqual(
      run.records.map((r) => r.type),
      ['run', 'summary'],
    );
    assert.deepEqual(run.records[0]!.shard, { index: empty, count });
    const none = await inProcess(['--format', 'ndjson', '--shard', '1/4', 'no-such-dir/*.json'], tmp.path);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /no input files matched/);
  });

  it('rejects a malformed --shard with a usage error naming the option', async () => {
    for (const bad of ['0/4', '5/4', 'x']) {
      const run = await inProcess(['--format', 'ndjson', '--shard', bad, 'reg'], tmp.path);
      assert.equal(run.code, 2, bad);
      assert.match(run.stderr, /--shard/);
    }
  });
});
