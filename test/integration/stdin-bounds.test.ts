// A document on standard input is bounded like a file: --max-file-size stops the read (the rest is
// never taken from the pipe), and past --stream-threshold it is checked as a file of its size would be
// (a JSON dump streamed), not held whole in memory.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { renderDump } from '../../corpus/generator/dump.js';
import { BIN, cliEnv, parseNdjson, runCli, tempDir } from '../helpers/run-cli.js';

/**
 * Pipe `total` bytes of `byte` into the CLI, a chunk at a time, until it takes no more. Returns how many
 * it accepted before closing its end (all of them when it read everything) and its records.
 */
function feed(
  args: string[],
  total: number,
  byte = 0x20,
): Promise<{ accepted: number; code: number | null; records: ReturnType<typeof parseNdjson> }> {
  const child = spawn(process.execPath, [BIN, ...args], { env: cliEnv(), stdio: ['pipe', 'pipe', 'ignore'] });
  const chunk = Buffer.alloc(1 << 16, byte);
  let accepted = 0;
  let stdout = '';
  child.stdout!.setEncoding('utf8').on('data', (text: string) => {
    stdout += text;
  });
  child.stdin!.on('error', () => undefined);
  const write = () => {
    while (accepted < total && !child.stdin!.destroyed) {
      accepted += chunk.length;
      if (!child.stdin!.write(chunk)) {
        child.stdin!.once('drain', write);
        return;
      }
    }
    child.stdin!.end();
  };
  child.stdin!.on('close', () => {
    // What the pipe still buffered when the reader went away was not read either.
    accepted = Math.min(accepted, total);
  });
  write();
  return new Promise((resolve) => {
    child.on('close', (code) => resolve({ accepted, code, records: parseNdjson(stdout) }));
  });
}

describe('standard input, bounded like a file', () => {
  const tmp = tempDir('stdin-bounds');
  after(() => tmp.remove());

  it('stops reading at --max-file-size: a skipped record, and the rest left in the pipe', async () => {
    const total = 64 * 1024 * 1024;
    const r = await feed(['-', '--max-file-size', '1MiB'], total);
    assert.equal(r.code, 0);
    const file = r.records.find((rec) => rec.type === 'file')!;
    assert.equal(file.status, 'skipped');
    assert.equal((file.error as { code: string }).code, 'EMAXSIZE');
    assert.match((file.error as { message: string }).message, /standard input is over --max-file-size/);
    assert.ok(r.accepted < total / 4, `${r.accepted} of ${total} bytes were taken`);
  });

  it('past --stream-threshold, a JSON dump is streamed: the records of the same file streamed', async () => {
    const { text } = renderDump({ tools: 400, invalid: 20, seed: 11 });
    const path = join(tmp.path, 'dump.json');
    writeFileSync(path, text);
    const args = ['--stream-threshold', '64KiB', '--concurrency', '0'];
    const fromFile = await runCli([path, ...args], { cwd: tmp.path });
    const fromStdin = await runCli(['-', '--stdin-filename', path, ...args], { cwd: tmp.path, stdin: text });
    const records = (r: typeof fromFile) =>
      r.records
        .filter((rec) => rec.type !== 'run' && rec.type !== 'summary')
        .map(({ durationMs: _d, ...rest }) => rest);
    const file = fromStdin.records.find((rec) => rec.type === 'file')!;
    assert.equal(file.streamed, true, 'checked by the streamed path');
    assert.ok((file.errors as number) > 0);
    assert.deepEqual(records(fromStdin), records(fromFile));
  });

  it('past --stream-threshold, JSON Lines is still read one document per line', async () => {
    const line = JSON.stringify({ mcpdesc: '0.7.0', info: { name: 'x', version: '1' }, tools: [] });
    const lines = Array.from({ length: 3000 }, () => line).join('\n');
    const r = await runCli(['-', '--stream-threshold', '64KiB'], { cwd: tmp.path, stdin: lines });
    assert.equal(r.records.filter((rec) => rec.type === 'file').length, 3000);
  });
});
