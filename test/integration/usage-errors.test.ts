// Usage errors, in one style for every command: `error: …` naming the option or the word, then where
// the help is; exit 2 before any work, nothing on stdout. Option pairs that do nothing alone are refused.
// The messages are checked through main() in-process; one bad option of each command is spawned, for
// exit 2 as the shell sees it.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli } from '../helpers/run-cli.js';
import { runMainAsCli } from '../helpers/run-main.js';
import { assertUsageError, put } from './cli-support.js';
import { validDocument } from './scale-support.js';

describe('usage errors', () => {
  let cwd: string;
  before(() => {
    cwd = mkdtempSync(join(tmpdir(), 'cli-usage-'));
    put(cwd, 'registry/a.json', JSON.stringify(validDocument('a', 1)));
  });
  after(() => rmSync(cwd, { recursive: true, force: true }));

  // The errors found after commander's parse (--rule, --format, option pairs) ended without the hint
  // that commander's own errors end with.
  it('a bad option names the option, exits 2 with nothing on stdout, and points at --help', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['registry', '--rule', 'mcpdesc.no.such=off'], /--rule.*Unknown rule id "mcpdesc.no.such"/],
      [['registry', '--rule', 'bad'], /--rule.*Expected <rule-id>=off\|info\|warning\|error/],
      [['registry', '--fail-on', 'sometimes'], /--fail-on.*error, warning, info, never/],
      [['registry', '--concurrency', '-3'], /--concurrency.*Expected auto, 0/],
      [['registry', '--stream-threshold', 'big'], /--stream-threshold.*size in bytes/],
      [['registry', '--target', '9.9.9'], /--target.*0\.7\.0/],
      [['registry', '--no-such-flag'], /unknown option '--no-such-flag'/],
      [['registry', '-f', 'xml'], /--format.*ndjson/],
      [['registry', '--strict-baseline'], /'--strict-baseline' needs --baseline/],
      [['registry', '-0'], /'-0, --null' needs --files-from/],
    ];
    const [spawnedArgs, spawnedMessage] = cases[0]!;
    assertUsageError(await runCli(spawnedArgs, { cwd }), spawnedMessage);
    for (const [args, message] of cases.slice(1))
      assertUsageError(await runMainAsCli(args, { cwd }), message);
  });

  // Without --cache the location was silently ignored: the user believed results were cached.
  it('--cache-location without --cache is a usage error, like --strict-baseline without --baseline', async () => {
    const r = await runMainAsCli(['registry', '--cache-location', 'c'], { cwd });
    assert.equal(r.code, 2);
    assert.match(
      r.stderr,
      /^error: option '--cache-location <dir>' needs --cache\n\(run 'mcpdesc-validate --help' for usage\)\n$/,
    );
    assert.equal(r.stdout, '');
  });

  it('--shard 5/4 names the option once', async () => {
    const r = await runMainAsCli(['registry', '--shard', '5/4'], { cwd });
    assertUsageError(r, /^error: option '--shard <K\/N>' argument '5\/4' is invalid\. The shard index/);
    assert.equal(r.stderr.match(/--shard/g)?.length, 1);
  });

  it('a command word typed wrong gets "did you mean" and exit 2 before any work', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['rule'], /'rule' is no file; did you mean the command 'mcpdesc-validate rules'\?/],
      [['reprot', 'x.ndjson'], /did you mean the command 'mcpdesc-validate report'\?/],
      [['help'], /did you mean 'mcpdesc-validate --help'\?/],
      [['lint', 'registry'], /'lint' is no file and no command; did you mean 'mcpdesc-validate registry'\?/],
      [['validate', 'registry'], /did you mean 'mcpdesc-validate registry'\?/],
    ];
    for (const [args, message] of cases) assertUsageError(await runMainAsCli(args, { cwd }), message);
    // A file of that name is an input like any other.
    put(cwd, 'rule', JSON.stringify(validDocument('r', 1)));
    const file = await runMainAsCli(['rule', '-f', 'ndjson'], { cwd });
    assert.doesNotMatch(file.stderr, /did you mean/);
  });

  // node:util parseArgs' own wording ("Unknown option '--bogus'. To specify a positional argument
  // starting with a '-', place it … as in '-- \"--bogus\"", its quotes unbalanced) reached the user.
  it('merge and compare name an unknown option in the words the main command uses', async () => {
    for (const command of ['merge', 'compare']) {
      const r = await runCli([command, '--bogus', 'a.ndjson', 'b.ndjson'], { cwd });
      assert.equal(r.code, 2, command);
      assert.equal(
        r.stderr,
        `error: unknown option '--bogus'\n(run 'mcpdesc-validate ${command} --help' for usage)\n`,
        command,
      );
      assert.doesNotMatch(r.stderr, /To specify a positional/, command);
      assert.equal(r.stdout, '', command);
    }
  });
});
