// runValidate driven in-process with fake streams: output failures and signals, which a spawned CLI
// cannot produce on demand.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { type CliIo, type CliSettings, runValidate } from '../../../src/cli/run.js';

let root: string;
before(() => {
  root = mkdtempSync(join(tmpdir(), 'mcpdesc-run-'));
  for (let i = 0; i < 40; i++)
    writeFileSync(
      join(root, `f${String(i).padStart(2, '0')}.json`),
      '{"mcpdesc":"0.7.0","info":{"name":"f","version":"1"},"transports":[{"type":"stdio","command":"f"}],"tools":[{"name":"t","inputSchema":{}}]}',
    );
});
after(() => rmSync(root, { recursive: true, force: true }));

function settings(over: Partial<CliSettings> = {}): CliSettings {
  return {
    argv: [],
    patterns: ['.'],
    filesFrom: null,
    nul: false,
    ignorePath: null,
    stdinFormat: 'unknown',
    formats: [{ name: 'ndjson', path: null }],
    concurrency: 0,
    failOn: 'error',
    ruleLevels: {},
    maxDiagnosticsPerFile: 1000,
    target: null,
    streamThreshold: 64 * 1024 * 1024,
    maxFileSize: Number.POSITIVE_INFINITY,
    workerMemoryMb: null,
    quiet: false,
    progress: false,
    codeFrame: false,
    shard: null,
    cacheLocation: null,
    baseline: null,
    writeBaseline: null,
    strictBaseline: false,
    ...over,
  };
}

class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer, _e: BufferEncoding, cb: (error?: Error | null) => void) {
    this.text += chunk.toString();
    cb();
  }
}

function io(stdout: NodeJS.WritableStream, stderr: Capture, signals = new EventEmitter()): CliIo {
  return {
    stdout,
    stderr,
    stdin: new PassThrough(),
    env: {},
    cwd: root,
    stdoutIsTTY: false,
    stderrIsTTY: false,
    version: '0.0.0-test',
    signals,
  };
}

describe('runValidate', () => {
  it('writes run, one file record per input and the summary', async () => {
    const out = new Capture();
    const err = new Capture();
    const code = await runValidate(settings(), io(out, err));
    const types = out.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).type);
    assert.equal(types[0], 'run');
    assert.equal(types.at(-1), 'summary');
    assert.equal(types.filter((t) => t === 'file').length, 40);
    assert.equal(code, 0);
  });

  it('ends quietly when stdout fails with EPIPE mid-run', async () => {
    let writes = 0;
    const out = new Writable({
      write(_chunk, _e, cb) {
        writes++;
        cb(writes > 3 ? Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }) : null);
      },
    });
    const err = new Capture();
    const code = await runValidate(settings(), io(out, err));
    assert.equal(err.text, '', 'nothing on stderr');
    assert.notEqual(code, 130);
    assert.ok(writes < 40, `stopped writing after the pipe closed (${writes} writes)`);
  });

  it('fails with exit 2 and a message when stdout fails otherwise', async () => {
    let writes = 0;
    const out = new Writable({
      write(_chunk, _e, cb) {
        writes++;
        cb(writes > 3 ? Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }) : null);
      },
    });
    const err = new Capture();
    const code = await runValidate(settings(), io(out, err));
    assert.match(err.text, /cannot write to stdout: no space left on device/);
    assert.equal(code, 2);
  });

  it('on a signal stops, writes the summary of what finished and returns 130', async () => {
    const signals = new EventEmitter();
    let files = 0;
    const lines: string[] = [];
    const out = new Writable({
      write(chunk, _e, cb) {
        lines.push(String(chunk));
        if (String(chunk).includes('"type":"file"') && ++files === 5) signals.emit('SIGINT');
        cb();
      },
    });
    const code = await runValidate(settings(), io(out, new Capture(), signals));
    assert.equal(code, 130);
    const records = lines
      .join('')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const summary = records.at(-1);
    assert.equal(summary.type, 'summary');
    assert.equal(summary.aborted, true);
    assert.equal(summary.exitCode, 130);
    const written = records.filter((r) => r.type === 'file').length;
    assert.ok(written >= 5 && written < 40, `${written} files before the signal took effect`);
    assert.equal(summary.files.total, written);
    assert.equal(signals.listenerCount('SIGINT'), 0, 'handlers removed');
  });
});
