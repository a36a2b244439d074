// A document on standard input (`-`): checked under the name <stdin>, said to wait for input when a
// terminal gives it, and ended by an interrupt while nobody types.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { BIN, cliEnv, interruptWhen, runCli, tempDir } from '../helpers/run-cli.js';
import { validDocument } from '../helpers/small-corpus.js';
import { assertWellFormed, fileRecords } from './cli-support.js';

describe('a document on standard input', () => {
  const tmp = tempDir('stdin');
  const cwd = tmp.path;
  after(() => tmp.remove());

  it('reads a document from stdin with -', async () => {
    const doc = JSON.stringify(validDocument(2, () => 0.1));
    const ok = await runCli(['-'], { cwd, stdin: doc });
    assertWellFormed(ok);
    assert.deepEqual(
      fileRecords(ok).map((f) => [f.file, f.status]),
      [['<stdin>', 'valid']],
    );
    assert.equal(ok.code, 0);
    const bad = await runCli(['-'], { cwd, stdin: '{"mcpdesc": ' });
    assert.deepEqual(
      fileRecords(bad).map((f) => [f.file, f.status]),
      [['<stdin>', 'invalid']],
    );
    assert.equal(bad.code, 1);
  });

  it('SIGINT while waiting for a document on stdin writes the summary and exits, stdin still open', async () => {
    // stdin is never ended: like a terminal nobody types into.
    const { code, stdout } = await interruptWhen(['-'], cwd, '"type":"run"', true);
    assert.equal(code, 130, 'exited on its own after the interrupt');
    const last = JSON.parse(stdout.trimEnd().split('\n').at(-1)!);
    assert.equal(last.type, 'summary');
    assert.equal(last.aborted, true);
  });
});

describe('standard input on a terminal', () => {
  // `script` gives the CLI a terminal as its standard input, as typing `mcpdesc-validate -` does.
  it('says on stderr that it reads standard input and that Ctrl-D ends it', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'cli-tty-'));
    try {
      const command = `"${process.execPath}" "${BIN}" - -f ndjson --concurrency 0`;
      const child = spawn('script', ['-qec', command, '/dev/null'], { cwd, env: cliEnv() });
      let seen = '';
      const told = new Promise<void>((resolve) => {
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          seen += chunk;
          if (/Ctrl-D/.test(seen)) resolve();
        });
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await told;
      child.stdin.write('{}\n\u0004');
      const [code] = (await once(child, 'close')) as [number | null];
      clearTimeout(timer);
      assert.match(seen, /reading standard input[^\n]*Ctrl-D/);
      assert.equal(code, 1, seen);
      assert.match(seen, /"type":"summary"/);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
