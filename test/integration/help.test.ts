// --help and --version of every command: on stdout, exit 0, within 80 columns off a terminal, and quiet
// when the reader leaves early. The options --help lists against the option table:
// test/unit/cli/option-table.test.ts. The texts are checked through main() in-process, off a terminal;
// -v, `merge` and `compare` (which main() in-process refuses) and the early reader are spawned.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { BIN, cliEnv, runCli, tempDir } from '../helpers/run-cli.js';
import { runMainAsCli } from '../helpers/run-main.js';

describe('--help and --version', () => {
  const tmp = tempDir('help');
  const cwd = tmp.path;
  after(() => tmp.remove());

  it('-v and -V print the version', async () => {
    for (const flag of ['-v', '-V', '--version']) {
      // One spawned, for exit 0 as the shell sees it.
      const r = flag === '-v' ? await runCli([flag], { cwd }) : await runMainAsCli([flag], { cwd });
      assert.equal(r.code, 0);
      assert.match(r.stdout, /^\d+\.\d+\.\d+\n$/, flag);
    }
  });

  it('--help prints to stdout and exits 0', async () => {
    const h = await runMainAsCli(['--help'], { cwd });
    assert.match(h.stdout, /--files-from/);
    assert.match(h.stdout, /Exit codes/);
    for (const listed of [/--shard <K\/N>/, /--cache\b/, /--baseline <file>/, /\bmerge\b/, /\bcompare\b/]) {
      assert.match(h.stdout, listed);
    }
    assert.equal(h.code, 0);
  });

  it('--help states the default report format and which options are for the reports people read', async () => {
    const h = await runMainAsCli(['--help'], { cwd });
    assert.equal(h.code, 0);
    const formatLine = h.stdout.slice(
      h.stdout.indexOf('-f, --format'),
      h.stdout.indexOf('-o, --output-file'),
    );
    assert.match(formatLine.replace(/\s+/g, ' '), /default: stylish on a terminal, else ndjson/);
    for (const option of ['--code-frame', '--color', '--no-color', '--show-suppressed']) {
      const at = h.stdout.indexOf(`  ${option} `);
      const described = h.stdout.slice(at, h.stdout.indexOf('\n  -', at + 1)).replace(/\s+/g, ' ');
      assert.match(described, /stylish,? and text|stylish, text/, option);
    }
  });

  it('a reader that leaves early (| head) ends --help, rules and report --help quietly', async () => {
    // `true` exits without reading, so the CLI's first write to the pipe fails with EPIPE.
    for (const args of ['--help', '--version', 'rules', 'report --help', 'merge --help']) {
      const err = join(cwd, 'epipe-stderr.txt');
      execFileSync('sh', ['-c', `"${process.execPath}" "${BIN}" ${args} 2>"${err}" | true`], {
        cwd,
        env: cliEnv(),
      });
      assert.equal(readFileSync(err, 'utf8'), '', `${args}: nothing on stderr`);
    }
  });
});

describe('help within 80 columns off a terminal', () => {
  const tmp = tempDir('help-width');
  after(() => tmp.remove());
  for (const command of [[], ['report'], ['merge'], ['compare'], ['rules']]) {
    it(`mcpdesc-validate ${[...command, '--help'].join(' ')}`, async () => {
      const r = await runMainAsCli([...command, '--help'], { cwd: tmp.path });
      assert.equal(r.code, 0, r.stderr);
      const long = r.stdout.split('\n').filter((line) => line.length > 80);
      assert.deepEqual(long, []);
    });
  }

  it('mcpdesc-validate rules (the catalogue table)', async () => {
    const r = await runMainAsCli(['rules'], { cwd: tmp.path });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(
      r.stdout.split('\n').filter((line) => line.length > 80),
      [],
    );
  });
});
