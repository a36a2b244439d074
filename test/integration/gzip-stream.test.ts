// Gzip JSON beyond --stream-threshold is streamed from the decompressor (a 600 KB gzip bomb inflated
// into one buffer and parsed whole would take RSS past 1 GB). Through the real CLI:
// a bomb under a 128 MB heap cap completes in bounded memory; a gzipped dump streams with the same
// diagnostics as the plain file and as whole-file mode, whatever the order of its header members;
// --max-file-size and corrupt data still end as named limits and findings.
import assert from 'node:assert/strict';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { renderDump } from '../../corpus/generator/dump.js';
import { type CliResult, runCli, tempDir } from '../helpers/run-cli.js';

type Rec = CliResult['records'][number];

const TIMEOUT = { timeout: 120_000 };
const MIB = 1024 * 1024;

/**
 * A gzip bomb: a valid document whose one extension member is a string of `mib` MiB of "a", written as
 * concatenated gzip members (one 1 MiB member compresses to ~1 KB and is repeated), so it costs nothing
 * to build. gunzip reads concatenated members as one stream.
 */
function bomb(mib: number): Buffer {
  const head = gzipSync(
    '{"mcpdesc":"0.7.0","info":{"name":"bomb","version":"1.0.0"},"transports":[{"type":"stdio","command":"x"}],' +
      '"tools":[{"name":"t","inputSchema":{"type":"object"}}],"x-pad":"',
  );
  const block = gzipSync(Buffer.alloc(MIB, 0x61), { level: 9 });
  return Buffer.concat([head, ...Array<Buffer>(mib).fill(block), gzipSync('"}')]);
}

function only(r: CliResult, file: string): { rec: Rec; diagnostics: Rec[] } {
  const recs = r.records.filter((x) => x.type === 'file' && x.file === file);
  assert.equal(recs.length, 1, `${file}: ${r.stderr}`);
  return { rec: recs[0]!, diagnostics: r.records.filter((x) => x.type === 'diagnostic' && x.file === file) };
}

/** Diagnostics without the file name, for comparing one document under several names. */
function located(diagnostics: Rec[]) {
  return diagnostics.map(({ file: _f, ...rest }) => rest);
}

describe('gzip JSON beyond --stream-threshold is streamed', () => {
  const tmp = tempDir('gzip');
  const cwd = tmp.path;
  const layouts: Record<string, string> = {};

  before(() => {
    writeFileSync(join(cwd, 'bomb.json.gz'), bomb(300));
    // The generator writes `mcpdesc` and `tags` after the tools (a full header pre-pass); the same dump
    // with `mcpdesc` first (the guessed header holds) and with `tags` after the tools but `mcpdesc`
    // first (the guess fails and the check starts over).
    const { text } = renderDump({ tools: 1500, invalid: 12, seed: 5 });
    const doc = JSON.parse(text) as Record<string, unknown>;
    const { mcpdesc, tags, tools, ...rest } = doc;
    layouts['dump-tail'] = text;
    layouts['dump-head'] = JSON.stringify({ mcpdesc, tags, ...rest, tools }, null, 1);
    layouts['dump-guess-fails'] = JSON.stringify({ mcpdesc, ...rest, tools, tags });
    for (const [name, content] of Object.entries(layouts)) {
      writeFileSync(join(cwd, `${name}.json`), content);
      writeFileSync(join(cwd, `${name}.json.gz`), gzipSync(content));
    }
    const gz = readFileSync(join(cwd, 'dump-tail.json.gz'));
    writeFileSync(join(cwd, 'truncated.json.gz'), gz.subarray(0, Math.floor(gz.length / 2)));
  });
  after(() => tmp.remove());

  it(
    'a 300 KB gzip bomb (300 MiB of JSON) under a 128 MB heap: streamed, bounded, reported',
    TIMEOUT,
    async () => {
      // Whole-file checking would hold 300 MiB as bytes and again as a string before JSON.parse; the
      // heap cap turns that into a crash of the whole process.
      assert.ok(statSync(join(cwd, 'bomb.json.gz')).size < 400_000);
      const r = await runCli(['bomb.json.gz', '--concurrency', '0'], {
        cwd,
        env: { NODE_OPTIONS: '--max-old-space-size=128' },
      });
      assert.equal(r.code, 1, r.stderr);
      const { rec, diagnostics } = only(r, 'bomb.json.gz');
      assert.deepEqual(
        [rec.status, rec.streamed, rec.compression, rec.tools, rec.bytes],
        ['invalid', true, 'gzip', 1, statSync(join(cwd, 'bomb.json.gz')).size],
      );
      assert.deepEqual(
        diagnostics.map((d) => [d.ruleId, d.pointer]),
        [['mcpdesc.document.syntax', '/x-pad']],
      );
      assert.match(String(diagnostics[0]!.message), /element limit \(--max-element-size\)/);
      const summary = r.records.at(-1)!;
      assert.equal(summary.type, 'summary');
      assert.ok(
        (summary.peakRssBytes as number) <= 300 * MIB,
        `peak RSS ${((summary.peakRssBytes as number) / MIB).toFixed(0)} MiB`,
      );
    },
  );

  it('--max-file-size still applies to what is decompressed, while streaming', TIMEOUT, async () => {
    const r = await runCli(
      ['bomb.json.gz', '--concurrency', '0', '--stream-threshold', '1MiB', '--max-file-size', '100MiB'],
      { cwd },
    );
    const { rec } = only(r, 'bomb.json.gz');
    assert.equal(rec.status, 'skipped');
    assert.deepEqual(rec.error, {
      code: 'EMAXSIZE',
      message: 'Not checked: the decompressed input is over --max-file-size (104857600 bytes).',
    });
  });

  it(
    'a gzipped dump: the same diagnostics streamed from gzip, streamed plain, and whole',
    TIMEOUT,
    async () => {
      const names = Object.keys(layouts);
      const inputs = names.flatMap((n) => [`${n}.json`, `${n}.json.gz`]);
      const streamed = await runCli([...inputs, '--concurrency', '0', '--stream-threshold', '256KiB'], {
        cwd,
      });
      const whole = await runCli([...inputs, '--concurrency', '0'], { cwd });
      for (const name of names) {
        const plain = only(streamed, `${name}.json`);
        const gz = only(streamed, `${name}.json.gz`);
        const wholeGz = only(whole, `${name}.json.gz`);
        assert.equal(plain.rec.streamed, true, name);
        assert.deepEqual([gz.rec.streamed, gz.rec.compression], [true, 'gzip'], name);
        assert.equal(wholeGz.rec.streamed, undefined, name);
        assert.equal(gz.rec.bytes, statSync(join(cwd, `${name}.json.gz`)).size, name);
        assert.ok(plain.diagnostics.length >= 12, `${name}: ${plain.diagnostics.length} diagnostics`);
        assert.deepEqual(located(gz.diagnostics), located(plain.diagnostics), name);
        assert.deepEqual(located(wholeGz.diagnostics), located(plain.diagnostics), name);
        for (const key of ['status', 'mcpdesc', 'errors', 'warnings', 'tools'])
          assert.deepEqual(gz.rec[key], plain.rec[key], `${name}: ${key}`);
      }
    },
  );

  it('from standard input too', TIMEOUT, async () => {
    const stdin = readFileSync(join(cwd, 'dump-head.json.gz'));
    const r = await runCli(['-', '--concurrency', '0', '--stream-threshold', '256KiB'], { cwd, stdin });
    const plain = await runCli(['dump-head.json', '--concurrency', '0', '--stream-threshold', '256KiB'], {
      cwd,
    });
    const got = only(r, '<stdin>');
    assert.deepEqual([got.rec.streamed, got.rec.compression], [true, 'gzip']);
    assert.deepEqual(located(got.diagnostics), located(only(plain, 'dump-head.json').diagnostics));
  });

  it('gzip cut short while streaming: a syntax finding, as in whole-file mode', TIMEOUT, async () => {
    for (const threshold of ['256KiB', '64MiB']) {
      const r = await runCli(['truncated.json.gz', '--concurrency', '0', '--stream-threshold', threshold], {
        cwd,
      });
      const { rec, diagnostics } = only(r, 'truncated.json.gz');
      assert.equal(rec.status, 'invalid', threshold);
      assert.deepEqual(
        diagnostics.map((d) => d.ruleId),
        ['mcpdesc.document.syntax'],
      );
      assert.match(String(diagnostics[0]!.message), /Corrupt gzip data \(Z_BUF_ERROR\)/);
    }
  });
});
