// 100,000 small files in one run, with the process limited to 128 open files (ulimit -n): no EMFILE,
// one record per file, in sorted order, and the summary counts them all.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BIN, cliEnv, parseNdjson, tempDir } from '../helpers/run-cli.js';

const DIRS = 100;
const PER_DIR = 1000;
const TOTAL = DIRS * PER_DIR;

describe('100,000 small files under ulimit -n 128', () => {
  // In memory where the system has it: creating and removing 100,000 files on a disk that another
  // test is filling with large files waits on its writeback (20 s alone, 90 s beside one); the open
  // files limit, which this test is about, is the same on any file system.
  const tmp = tempDir('many', existsSync('/dev/shm') ? '/dev/shm' : undefined);
  const cwd = tmp.path;
  before(() => {
    for (let d = 0; d < DIRS; d++) {
      const dir = join(cwd, `d${String(d).padStart(3, '0')}`);
      mkdirSync(dir);
      for (let i = 0; i < PER_DIR; i++) {
        // Every 1000th file is broken, so the run has findings to account for too.
        const text =
          i === 999
            ? '{"mcpdesc": "0.7.0",'
            : `{"mcpdesc":"0.7.0","info":{"name":"s${d}-${i}","version":"1.0.0"},"transports":[{"type":"stdio","command":"x"}],"tools":[{"name":"t","inputSchema":{"type":"object"}}]}`;
        writeFileSync(join(dir, `f${String(i).padStart(3, '0')}.json`), text);
      }
    }
  });
  after(() => tmp.remove());

  it('checks every file and writes the summary', { timeout: 180_000 }, async () => {
    const { code, stdout, stderr } = await new Promise<{
      code: number | null;
      stdout: string;
      stderr: string;
    }>((resolve, reject) => {
      const child = spawn(
        'bash',
        ['-c', `ulimit -n 128 && exec "${process.execPath}" "${BIN}" . --concurrency auto --no-progress`],
        { cwd, env: cliEnv() },
      );
      const out: Buffer[] = [];
      let err = '';
      child.stdout.on('data', (c: Buffer) => out.push(c));
      child.stderr.on('data', (c) => {
        err += c;
      });
      child.on('error', reject);
      child.on('close', (c) =>
        resolve({ code: c, stdout: Buffer.concat(out).toString('utf8'), stderr: err }),
      );
    });
    assert.doesNotMatch(stderr, /EMFILE|internal error/);
    assert.doesNotMatch(stdout, /EMFILE/);
    const records = parseNdjson(stdout);
    const files = records.filter((r) => r.type === 'file');
    assert.equal(files.length, TOTAL);
    const names = files.map((f) => f.file as string);
    assert.deepEqual(names, [...names].sort());
    assert.equal(new Set(names).size, TOTAL);
    assert.equal(files.filter((f) => f.status === 'error').length, 0);
    assert.equal(files.filter((f) => f.status === 'invalid').length, DIRS);
    const summary = records.at(-1)!;
    assert.equal(summary.type, 'summary');
    assert.deepEqual(summary.files, {
      total: TOTAL,
      valid: TOTAL - DIRS,
      invalid: DIRS,
      error: 0,
      skipped: 0,
    });
    assert.equal(code, 1);
  });
});
