// Parts of a scanned tree that cannot be read, and names that are not UTF-8: each is an input with a
// record of its own, never a silent gap in the run.
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BIN, type CliResult, cliEnv, parseNdjson, runCli, tempDir } from '../helpers/run-cli.js';
import { validDocument } from '../helpers/small-corpus.js';

const LINUX = process.platform === 'linux';
const ROOT = process.getuid?.() === 0;
const DROP = '--drop=cap_dac_override,cap_dac_read_search';
/** As root, permissions hold only without these capabilities: capsh drops them for the command. */
const CAPSH = ROOT && spawnSync('capsh', [DROP, '--', '-c', 'true']).status === 0;

/** The CLI, as root without the capabilities that override permissions (else as it is). */
function runWithoutOverride(args: string[], cwd: string): Promise<CliResult> {
  if (!ROOT) return runCli(args, { cwd });
  return new Promise((resolve, reject) => {
    // bash -c 'exec "$@"' runs the command that follows, arguments as they are.
    const child = spawn('capsh', [DROP, '--', '-c', 'exec "$@"', 'capsh', process.execPath, BIN, ...args], {
      cwd,
      env: cliEnv(),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code, signal) =>
      resolve({ code, signal, stdout, stderr, records: parseNdjson(stdout) }),
    );
  });
}

describe('parts of a scanned tree that cannot be read', () => {
  const tmp = tempDir('unreadable');
  const cwd = tmp.path;
  before(() => {
    mkdirSync(join(cwd, 'reg/open'), { recursive: true });
    mkdirSync(join(cwd, 'reg/locked'), { recursive: true });
    writeFileSync(join(cwd, 'reg/open/a.json'), JSON.stringify(validDocument(1, () => 0.5)));
    writeFileSync(join(cwd, 'reg/locked/b.json'), JSON.stringify(validDocument(2, () => 0.5)));
    chmodSync(join(cwd, 'reg/locked'), 0o000);
  });
  after(() => {
    chmodSync(join(cwd, 'reg/locked'), 0o755);
    tmp.remove();
  });

  it('a directory without read permission gets an error record (EACCES) and the exit code is 2', {
    skip: ROOT && !CAPSH ? 'as root, permissions are not enforced and capsh cannot drop the override' : false,
  }, async () => {
    const r = await runWithoutOverride(['reg'], cwd);
    assert.equal(r.code, 2, r.stderr);
    const files = r.records.filter((rec) => rec.type === 'file');
    assert.deepEqual(
      files.map((f) => [f.file, f.status, (f.error as { code?: string } | undefined)?.code ?? null]),
      [
        ['reg/locked', 'error', 'EACCES'],
        ['reg/open/a.json', 'valid', null],
      ],
    );
    assert.equal((r.records.at(-1)!.files as { error: number }).error, 1);
  });

  it('a directory deeper than PATH_MAX gets an error record (ENAMETOOLONG) and the exit code is 2', async () => {
    const name = 'd'.repeat(200);
    execFileSync(
      'bash',
      [
        '-c',
        `mkdir -p deep && cd deep && for i in $(seq 1 25); do mkdir ${name} && cd ${name}; done; echo '{}' > x.json`,
      ],
      {
        cwd,
      },
    );
    try {
      const r = await runCli(['deep'], { cwd });
      assert.equal(r.code, 2, r.stderr);
      const files = r.records.filter((rec) => rec.type === 'file');
      assert.equal(files.length, 1);
      assert.equal((files[0]!.error as { code: string }).code, 'ENAMETOOLONG');
    } finally {
      // rm walks a tree deeper than PATH_MAX; rmSync cannot.
      execFileSync('rm', ['-rf', join(cwd, 'deep')]);
    }
  });
});

describe('a file name that is not UTF-8', {
  skip: LINUX ? false : 'only Linux file systems keep such names',
}, () => {
  const tmp = tempDir('bytes');
  const cwd = tmp.path;
  before(() => {
    mkdirSync(join(cwd, 'reg'));
    writeFileSync(Buffer.from(`${cwd}/reg/bad\xff.json`, 'latin1'), '{"mcpdesc": "0.7.0"}');
  });
  after(() => tmp.remove());

  it('is read by its bytes and reported with its name escaped', async () => {
    const r = await runCli(['reg'], { cwd });
    assert.equal(r.code, 1, r.stderr);
    const file = r.records.find((rec) => rec.type === 'file')!;
    assert.equal(file.file, 'reg/bad\\xff.json');
    assert.equal(file.status, 'invalid');
    assert.equal(file.mcpdesc, '0.7.0', 'its content was read');
    const text = await runCli(['reg', '--format', 'text'], { cwd });
    assert.match(text.stdout, /reg\/bad\\xff\.json/);
  });

  it('is read by its bytes from a --files-from list too', async () => {
    const list = Buffer.from('reg/bad\xff.json\n', 'latin1');
    const r = await runCli(['--files-from', '-'], { cwd, stdin: list });
    assert.equal(r.code, 1, r.stderr);
    assert.equal(r.records.find((rec) => rec.type === 'file')?.file, 'reg/bad\\xff.json');
  });
});
