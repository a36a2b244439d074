// Shared by the streaming tests: the options of a check forced down the streamed path, and a temp
// directory removed when the test file ends.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import type { CheckOptions } from '../../../src/types.js';

/** Every JSON file streamed (threshold 0), no other limit. */
export const STREAMED: CheckOptions = {
  target: null,
  ruleLevels: {},
  maxDiagnosticsPerFile: 1000,
  streamThreshold: 0,
  maxFileSize: Number.POSITIVE_INFINITY,
};

/** A new temp directory for this test file, removed after its tests. */
export function testDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `mcpdesc-${prefix}-`));
  after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
