// Outputs that fail: a full disk behind stdout or behind a report file. Each failure is said once on
// stderr, in words, and the exit code is 2; the outputs that still work get the whole run.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { describe, it } from 'node:test';
import { BIN, cliEnv, REPO_ROOT } from '../helpers/run-cli.js';

const FULL = '/dev/full';
const HAS_FULL = existsSync(FULL);

/** The CLI with its stdout on /dev/full (every write fails with ENOSPC). */
function intoFullDisk(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const fd = openSync(FULL, 'w');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: REPO_ROOT,
      env: cliEnv(),
      stdio: ['ignore', fd, 'pipe'],
    });
    closeSync(fd);
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('stdout on a full disk', { skip: HAS_FULL ? false : `no ${FULL} here` }, () => {
  for (const args of [
    ['rules'],
    ['rules', '--format', 'json'],
    ['rules', 'mcpdesc.tool.members'],
    ['rules', '--help'],
    ['merge', '--help'],
    ['compare', '--help'],
    ['report', '--help'],
    ['--help'],
    ['--version'],
  ]) {
    it(`${args.join(' ')}: one line on stderr, exit 2, no stack trace`, async () => {
      const r = await intoFullDisk(args);
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, /cannot write to stdout: ENOSPC/);
      assert.doesNotMatch(r.stderr, /internal error|\n\s+at /);
      assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    });
  }
});
