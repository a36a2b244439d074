// The A/B script's command line: its usage on --help, one line of error (and the usage line) on a bad
// one, and the plan it reads. No build is run here.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ab, parseAbArgs } from '../../../bench/ab.js';

async function call(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await ab(
    argv,
    (line) => out.push(line),
    (line) => err.push(line),
  );
  return { code, out, err };
}

describe('bench/ab.js command line', () => {
  it('--help and -h print the usage, naming every option, and exit 0', async () => {
    for (const flag of ['--help', '-h']) {
      const { code, out, err } = await call(['--a', 'x', flag]);
      assert.equal(code, 0);
      assert.deepEqual(err, []);
      assert.equal(out.length, 1);
      const usage = out[0]!;
      assert.match(usage, /^usage: node dist\/bench\/ab\.js --a DIR_A --b DIR_B .*-- CLI_ARGS/);
      assert.match(usage, /pairs \(A B, then B A/);
      for (const option of [
        '--a DIR',
        '--b DIR',
        '--pairs N',
        '--a-arg',
        '--b-arg',
        '--a-node-arg',
        '--b-node-arg',
      ])
        assert.ok(usage.includes(option), option);
    }
  });

  it('an unknown option is one line of error and the usage line, exit 2, no stack', async () => {
    const { code, out, err } = await call(['--a', 'x', '--b', 'y', '--bogus', '--', '--version']);
    assert.equal(code, 2);
    assert.deepEqual(out, []);
    assert.equal(err.length, 2);
    assert.equal(err[0], 'ab: unknown option --bogus');
    assert.match(err[1]!, /^usage: node dist\/bench\/ab\.js .* \(--help: the options\)$/);
  });

  it('names what else is wrong with a command line', () => {
    const errorOf = (argv: string[]) => (parseAbArgs(argv) as { error: string }).error;
    assert.match(errorOf(['--a', 'x', '--', '--version']), /--b DIR_B are needed/);
    assert.match(errorOf(['--a', 'x', '--b', 'y', '--pairs', '0', '--', '-v']), /--pairs .* got 0/);
    assert.match(errorOf(['--a', 'x', '--b', 'y']), /no CLI arguments/);
    assert.match(errorOf(['--a']), /--a/);
  });

  it('reads each side its own arguments, and everything after -- as the CLI arguments', () => {
    const plan = parseAbArgs([
      '--a',
      'base',
      '--b',
      '.',
      '--pairs',
      '9',
      '--b-arg=--concurrency',
      '--b-arg',
      '0',
      '--b-node-arg=--max-semi-space-size=32',
      '--',
      '/work/gen/real',
      '--help',
    ]);
    assert.deepEqual(plan, {
      dirs: ['base', '.'],
      pairs: 9,
      extra: [[], ['--concurrency', '0']],
      node: [[], ['--max-semi-space-size=32']],
      cliArgs: ['/work/gen/real', '--help'],
    });
  });
});
