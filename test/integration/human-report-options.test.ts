// Options for the reports people read (stylish, text): colour follows NO_COLOR, FORCE_COLOR and --color,
// never in a report file; --code-frame, --color and --show-suppressed in a run that writes no such report
// are said on stderr, not silently ignored. A piped CLI with and without FORCE_COLOR is spawned (a real
// process's stdout and environment); the other runs are main() in-process, given the same environment.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { runMainAsCli } from '../helpers/run-main.js';
import { MIXED, put } from './cli-support.js';

describe('options for the reports people read', () => {
  const tmp = tempDir('human-report-options');
  const cwd = tmp.path;
  before(() => put(cwd, 'mixed.json', MIXED));
  after(() => tmp.remove());

  it('colour: off when piped, on with FORCE_COLOR or --color, off again with NO_COLOR or --no-color', async () => {
    const ESC = '\u001b[';
    const options = (env: Record<string, string>) => ({
      cwd,
      env: { NO_COLOR: '', FORCE_COLOR: '', ...env },
    });
    const spawned = (args: string[], env: Record<string, string> = {}) =>
      runCli(['mixed.json', '-f', 'text', ...args], options(env));
    const run = (args: string[], env: Record<string, string> = {}) =>
      runMainAsCli(['mixed.json', '-f', 'text', ...args], options(env));
    assert.ok(!(await spawned([])).stdout.includes(ESC), 'piped: no colour');
    assert.ok((await spawned([], { FORCE_COLOR: '1' })).stdout.includes(ESC), 'FORCE_COLOR=1');
    assert.ok(!(await run([], { FORCE_COLOR: '0' })).stdout.includes(ESC), 'FORCE_COLOR=0');
    assert.ok((await run(['--color'])).stdout.includes(ESC), '--color');
    assert.ok(!(await run(['--no-color'], { FORCE_COLOR: '1' })).stdout.includes(ESC), '--no-color wins');
    assert.ok((await run(['--color'], { NO_COLOR: '1' })).stdout.includes(ESC), 'an explicit --color wins');
    // Colour is for people: a report written to a file never gets it.
    const toFile = await run(['-f', 'text=report.txt', '--color']);
    assert.equal(toFile.code, 1);
    assert.ok(!readFileSync(join(cwd, 'report.txt'), 'utf8').includes(ESC), 'a report file has no colour');
  });

  it('--code-frame, --color, --show-suppressed without a report for people: said on stderr, not ignored', async () => {
    const both = await runMainAsCli(['mixed.json', '-f', 'ndjson', '--code-frame', '--color'], { cwd });
    assert.equal(both.code, 1);
    assert.match(
      both.stderr,
      /--code-frame and --color apply to the stylish and text reports only, and this run writes neither/,
    );
    const one = await runMainAsCli(['mixed.json', '-f', 'sarif', '--no-color'], { cwd });
    assert.match(one.stderr, /--no-color applies to the stylish and text reports only/);
    const hidden = await runMainAsCli(['mixed.json', '-f', 'gitlab', '--show-suppressed'], { cwd });
    assert.match(hidden.stderr, /--show-suppressed applies to the stylish and text reports only/);
    for (const format of ['text', 'stylish', 'COMPACT']) {
      const human = await runMainAsCli(
        ['mixed.json', '-f', format, '--code-frame', '--color', '--show-suppressed'],
        {
          cwd,
        },
      );
      assert.doesNotMatch(human.stderr, /reports only/, format);
    }
  });
});
