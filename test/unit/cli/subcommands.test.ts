import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { runCompare, runMerge } from '../../../src/cli/subcommands.js';
import { reportLines, sampleRun, shardDocs, sink, TOOL } from '../reports/reports.js';

const dir = mkdtempSync(join(tmpdir(), 'scale-sub-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const docs = sampleRun(30).filter((d) => d.status !== 'error');
function shardFiles(count: number, prefix: string, run: Record<string, unknown> = {}): string[] {
  const paths: string[] = [];
  for (let index = 1; index <= count; index++) {
    const shard = { index, count };
    const path = join(dir, `${prefix}-${index}.ndjson`);
    writeFileSync(path, `${reportLines(shardDocs(docs, shard), shard, { run }).join('\n')}\n`);
    paths.push(path);
  }
  return paths;
}

async function call(fn: typeof runCompare, args: string[], options: { stdoutIsTTY?: boolean } = {}) {
  const out = sink();
  const err = sink();
  const code = await fn(args, out.stream, err.stream, undefined, options);
  return {
    code,
    out: out.text(),
    err: err.text(),
    get records() {
      return out.records();
    },
  };
}

describe('runMerge', () => {
  it('writes the merged report to stdout and exits with its verdict', async () => {
    const { code, records, err } = await call(runMerge, shardFiles(3, 'ok'));
    assert.equal(err, '');
    assert.equal(code, 1, 'the sample has unsuppressed errors');
    assert.equal(records[0]!.type, 'run');
    assert.equal(records.at(-1)!.type, 'summary');
    assert.equal(records.filter((r) => r.type === 'file').length, docs.length);
  });

  it('writes --output atomically, and nothing when the inputs are refused', async () => {
    const output = join(dir, 'merged.ndjson');
    const ok = await call(runMerge, ['-o', output, ...shardFiles(2, 'o')]);
    assert.equal(ok.out, '');
    assert.equal(ok.code, 1);
    assert.equal(
      readFileSync(output, 'utf8').trimEnd().split('\n').length,
      2 + docs.length + docs.reduce((n, d) => n + d.diagnostics.length, 0),
    );

    const refusedPath = join(dir, 'refused.ndjson');
    const [a] = shardFiles(2, 'v1');
    const [, b] = shardFiles(2, 'v2', { tool: { ...TOOL, version: '0.0.9' } });
    const refused = await call(runMerge, ['--output', refusedPath, a!, b!]);
    assert.equal(refused.code, 2);
    assert.match(refused.err, /^mcpdesc-validate merge: inputs come from different tool versions/m);
    assert.equal(existsSync(refusedPath), false);
    assert.deepEqual(
      readdirSync(dir).filter((f) => f.endsWith('.tmp')),
      [],
    );
  });

  it('writes a large merged report to --output completely (same bytes as on stdout)', async () => {
    const big = sampleRun(3000).filter((d) => d.status !== 'error');
    const paths = [1, 2].map((index) => {
      const shard = { index, count: 2 };
      const path = join(dir, `big-${index}.ndjson`);
      writeFileSync(path, `${reportLines(shardDocs(big, shard), shard).join('\n')}\n`);
      return path;
    });
    const output = join(dir, 'big-merged.ndjson');
    const toFile = await call(runMerge, ['-o', output, ...paths]);
    const toStdout = await call(runMerge, paths);
    assert.equal(toFile.code, toStdout.code);
    assert.ok(toStdout.out.length > 500_000, 'spans many write chunks');
    assert.equal(readFileSync(output, 'utf8'), toStdout.out);
  });

  it('reports a missing shard on stderr with exit 2', async () => {
    const paths = shardFiles(3, 'm');
    const { code, err, records } = await call(runMerge, [paths[0]!, paths[2]!]);
    assert.equal(code, 2);
    assert.match(err, /missing shard 2\/3/);
    assert.equal(records.at(-1)!.exitCode, 2);
  });

  it('rejects bad usage with exit 2 and a message naming the problem', async () => {
    const none = await call(runMerge, []);
    assert.equal(none.code, 2);
    assert.match(none.err, /name the shard outputs/);
    const unknown = await call(runMerge, ['--frobnicate', 'a.ndjson']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.err, /--frobnicate/);
    const help = await call(runMerge, ['--help']);
    assert.equal(help.code, 0);
    assert.match(help.out, /^Usage: mcpdesc-validate merge/);
  });

  it('words usage errors as the main command does: one line, then where the help is', async () => {
    for (const [fn, command, args] of [
      [runMerge, 'merge', []],
      [runCompare, 'compare', ['only-one.ndjson']],
      [runCompare, 'compare', ['--format', 'xml', 'a', 'b']],
    ] as const) {
      const r = await call(fn, [...args]);
      assert.equal(r.code, 2);
      assert.match(
        r.err,
        new RegExp(`^error: [^\\n]+\\n\\(run 'mcpdesc-validate ${command} --help' for usage\\)\\n$`),
      );
    }
  });
});

describe('runCompare', () => {
  const oldPath = join(dir, 'old.ndjson');
  const newPath = join(dir, 'new.ndjson');
  writeFileSync(oldPath, `${reportLines(docs).join('\n')}\n`);
  const changed = docs.map((d, i) =>
    i === 0
      ? { ...d, diagnostics: [{ ruleId: 'mcpdesc.x.new', severity: 'error' as const, pointer: '/info' }] }
      : d,
  );
  writeFileSync(newPath, `${reportLines(changed).join('\n')}\n`);

  it('writes NDJSON finding records and a comparison tally', async () => {
    const { code, records } = await call(runCompare, [oldPath, newPath]);
    assert.equal(code, 1);
    const last = records.at(-1)!;
    assert.equal(last.type, 'comparison');
    const findings = records.slice(0, -1);
    assert.ok(findings.every((r) => r.type === 'finding'));
    assert.equal(findings.filter((r) => r.change === 'new').length, 1);
    assert.equal(
      findings.length,
      (last.counts as { new: number; fixed: number; unchanged: number }).new +
        (last.counts as { fixed: number }).fixed +
        (last.counts as { unchanged: number }).unchanged,
    );
  });

  it('writes text with --format text, new and fixed only by default', async () => {
    const { code, out } = await call(runCompare, ['--format', 'text', oldPath, newPath]);
    assert.equal(code, 1);
    assert.match(out, /^\+ new +registry\/\S+:1:3 error mcpdesc\.x\.new /m);
    assert.doesNotMatch(out, /unchanged +registry/);
    assert.match(out, /^compare: 1 new, \d+ fixed, \d+ unchanged/m);
    // -f, as every other command spells --format.
    const short = await call(runCompare, ['-f', 'text', oldPath, newPath]);
    assert.equal(short.out, out);
  });

  it('writes to -o FILE instead of stdout, NDJSON unless -f says otherwise', async () => {
    const target = join(dir, 'compared.ndjson');
    const toFile = await call(runCompare, ['-o', target, oldPath, newPath], { stdoutIsTTY: true });
    assert.equal(toFile.code, 1, toFile.err);
    assert.equal(toFile.out, '');
    const piped = await call(runCompare, [oldPath, newPath], { stdoutIsTTY: false });
    assert.equal(readFileSync(target, 'utf8'), piped.out);
    const text = await call(runCompare, ['-f', 'text', '--output', target, oldPath, newPath]);
    assert.match(readFileSync(target, 'utf8'), /^compare: 1 new, \d+ fixed, \d+ unchanged/m);
    assert.equal(text.out, '');
  });

  it('writes text on a terminal, NDJSON when piped, either when asked', async () => {
    const terminal = await call(runCompare, [oldPath, newPath], { stdoutIsTTY: true });
    assert.equal(terminal.code, 1);
    assert.match(terminal.out, /^\+ new +registry\/\S+:1:3 error mcpdesc\.x\.new /m);
    assert.match(terminal.out, /^compare: 1 new, \d+ fixed, \d+ unchanged/m);
    assert.ok(!terminal.out.includes('{"type"'), 'no NDJSON on a terminal');
    const piped = await call(runCompare, [oldPath, newPath], { stdoutIsTTY: false });
    assert.equal(piped.records.at(-1)!.type, 'comparison');
    const asked = await call(runCompare, ['--format', 'ndjson', oldPath, newPath], { stdoutIsTTY: true });
    assert.equal(asked.records.at(-1)!.type, 'comparison');
  });

  it('text: counts grouped in thousands, and what the reports hold made printable', async () => {
    // A report is read as it is: a file name (or anything else in it) may hold control characters.
    const many = Array.from({ length: 1200 }, (_, i) => ({
      file: `reg/f${i}\u001b[2J.json`,
      status: 'invalid' as const,
      bytes: 10,
      tools: 1,
      diagnostics: [
        { ruleId: 'mcpdesc.tool.members\u0007', severity: 'error' as const, pointer: '/tools/0' },
      ],
    }));
    const manyPath = join(dir, 'many.ndjson');
    writeFileSync(manyPath, `${reportLines(many).join('\n')}\n`);
    const emptyPath = join(dir, 'empty.ndjson');
    writeFileSync(emptyPath, `${reportLines([]).join('\n')}\n`);
    const { out } = await call(runCompare, ['--format', 'text', emptyPath, manyPath]);
    assert.match(out, /^compare: 1,200 new, 0 fixed, 0 unchanged .*files: 1,200 added, 0 removed/m);
    assert.ok(!out.includes('\u001b'), 'no escape byte reaches the terminal');
    assert.match(out, /reg\/f0\\u001b\[2J\.json/);
  });

  it('filters with --only and exits 0 against itself', async () => {
    const { code, records } = await call(runCompare, ['--only', 'new', oldPath, oldPath]);
    assert.equal(code, 0);
    assert.deepEqual(
      records.map((r) => r.type),
      ['comparison'],
    );
  });

  it('rejects bad usage with exit 2', async () => {
    for (const args of [
      [oldPath],
      ['--format', 'xml', oldPath, newPath],
      ['--only', 'old', oldPath, newPath],
    ]) {
      const { code, err } = await call(runCompare, args);
      assert.equal(code, 2, args.join(' '));
      assert.match(err, /^error: .*\n\(run 'mcpdesc-validate compare --help' for usage\)\n$/);
    }
    const missing = await call(runCompare, [oldPath, join(dir, 'nope.ndjson')]);
    assert.equal(missing.code, 2);
    assert.match(missing.err, /nope\.ndjson/);
  });
});
