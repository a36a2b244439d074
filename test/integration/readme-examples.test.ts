// The README's command lines, run as written (in the order written) against a small registry, with
// `mcpdesc-validate` as the built CLI. Each must work: exit 0 or 1 (findings), never a usage error or an
// unreadable input. Files an example reads before the README makes them are
// prepared first (shards, last night's run, a baseline); `curl` stands for any producer of a document on stdin.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { BIN, cliEnv, REPO_ROOT } from '../helpers/run-cli.js';
import { validDocument } from './scale-support.js';

const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');

/** The `sh` code blocks of a README section. */
function shellBlocks(heading: string, next: string): string[] {
  const section = readme.slice(readme.indexOf(heading), readme.indexOf(next, readme.indexOf(heading)));
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

/** The README's JSON config example (the Config file section). */
function configExample(): unknown {
  const section = readme.slice(readme.indexOf('### Config file'));
  return JSON.parse(/```json\n([\s\S]*?)```/.exec(section)![1]!);
}

/** Each command line that runs mcpdesc-validate, comments dropped. */
function commands(blocks: readonly string[]): string[] {
  return blocks
    .flatMap((b) => b.split('\n'))
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line !== '' && !line.startsWith('#') && line.includes('mcpdesc-validate'));
}

function put(root: string, rel: string, text: string | Buffer): void {
  const full = join(root, rel);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, text);
}

const CLI = `"${process.execPath}" "${BIN}"`;

function run(line: string, cwd: string) {
  const script = line
    .replaceAll('curl -s https://example.com/mcpdesc.json', 'cat registry/acme.json')
    .replace(/(^|\| |&& )mcpdesc-validate\b/g, `$1${CLI}`);
  return spawnSync('sh', ['-c', script], { cwd, env: cliEnv(), encoding: 'utf8' });
}

/** A registry with valid documents, one warning and one broken file; the other files the examples name. */
function registry(cwd: string): void {
  put(cwd, 'registry/acme.json', JSON.stringify(validDocument('acme', 2), null, 2));
  put(cwd, 'registry/beta.yaml', `${JSON.stringify(validDocument('beta', 1))}\n`);
  put(cwd, 'registry/archive/old.json', '{"mcpdesc": "0.7.0", ');
  put(cwd, 'registry/tools/gamma.json', `\uFEFF${JSON.stringify(validDocument('gamma', 3))}`);
  put(cwd, 'registry/broken.json', '{"mcpdesc": "0.7.0", "info": {"name": "x" "version": "1"}}');
  put(cwd, 'drafts/d.json', JSON.stringify(validDocument('d', 1)));
  const lines = [1, 2, 3].map((n) => JSON.stringify(validDocument(`line${n}`, 1))).join('\n');
  put(cwd, 'registry.ndjson.gz', gzipSync(`${lines}\n`));
  put(cwd, 'big-dump.mcpdesc.json', JSON.stringify(validDocument('big', 50)));
  put(cwd, 'buffer.json', JSON.stringify(validDocument('acme', 2), null, 2));
}

describe("the README's examples", () => {
  let cwd: string;
  before(() => {
    cwd = mkdtempSync(join(tmpdir(), 'readme-'));
    registry(join(cwd, 'usage'));
    const usage = join(cwd, 'usage');
    // What the examples read before they make it: the shards of a run, their merge, last night's run.
    for (const k of [1, 2, 3, 4]) {
      const out = run(`mcpdesc-validate registry/ --shard ${k}/4 > shard-${k}.ndjson`, usage);
      assert.ok(out.status === 0 || out.status === 1, out.stderr);
    }
    execFileSync('sh', ['-c', `${CLI} merge shard-*.ndjson > all.ndjson || true`], { cwd: usage });
    writeFileSync(join(usage, 'last-night.ndjson'), readFileSync(join(usage, 'all.ndjson')));
    run('mcpdesc-validate registry/ --write-baseline baseline.ndjson > /dev/null', usage);
    const config = join(cwd, 'config');
    mkdirSync(join(config, '.git'), { recursive: true });
    registry(config);
    put(config, 'mcpdesc-validate.config.json', JSON.stringify(configExample(), null, 2));
    run(
      'mcpdesc-validate --no-config registry --write-baseline ci/mcpdesc-baseline.json > /dev/null',
      config,
    );
  });
  after(() => rmSync(cwd, { recursive: true, force: true }));

  const cases: Array<[string, string, string]> = [
    ['Usage', '## Usage', '### Config file'],
    ['Config file', '### Config file', '### Text output'],
  ];
  for (const [name, heading, next] of cases) {
    it(`${name}: every command works as written`, () => {
      const lines = commands(shellBlocks(heading, next));
      assert.ok(lines.length >= (name === 'Usage' ? 20 : 4), `${lines.length} commands found`);
      const dir = join(cwd, name === 'Usage' ? 'usage' : 'config');
      for (const line of lines) {
        const r = run(line, dir);
        assert.ok(r.status === 0 || r.status === 1, `${line}\nexit ${r.status}\n${r.stderr}`);
        assert.doesNotMatch(r.stderr, /^error: /m, line);
      }
    });
  }
});
