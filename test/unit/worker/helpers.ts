// Shared fixtures for the worker tests: a temp directory and the options every check uses.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CheckOptions, FileJob } from '../../../src/types.js';

export const OPTIONS: CheckOptions = {
  target: null,
  ruleLevels: {},
  maxDiagnosticsPerFile: 1000,
  streamThreshold: 64 * 1024 * 1024,
  maxFileSize: 256 * 1024 * 1024,
};

/** A minimal 0.7.0 document, written from spec §3.7's shape (one stdio transport, one tool). */
export const VALID = {
  mcpdesc: '0.7.0',
  info: { name: 'weather', version: '1.0.0' },
  transports: [{ type: 'stdio', command: 'weather-server' }],
  tools: [
    { name: 'get_forecast', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } },
  ],
};
export const VALID_TEXT = JSON.stringify(VALID, null, 2);

export class TempDir {
  readonly path = mkdtempSync(join(tmpdir(), 'mcpdesc-worker-'));
  private next = 0;

  write(name: string, content: string | Uint8Array): FileJob {
    const path = join(this.path, name);
    writeFileSync(path, content);
    return this.job(name);
  }

  job(name: string): FileJob {
    const path = join(this.path, name);
    let size = 0;
    try {
      size = statSync(path).size;
    } catch {
      // a job for a file that does not exist (deleted between discovery and reading)
    }
    return { index: this.next++, path, file: name, size };
  }

  remove(): void {
    rmSync(this.path, { recursive: true, force: true });
  }
}
