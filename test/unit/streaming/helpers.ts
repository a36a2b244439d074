// Shared by the streaming tests: the options of a check forced down the whole-file or the streamed
// path, a temp directory removed when the test file ends, jobs written into it, what must agree
// between the modes, and slice tasks run in this thread as a worker would run them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import type { CheckOptions, DocumentResult, FileJob } from '../../../src/types.js';
import { checkSlices, type RunSliceTask, type SliceResult } from '../../../src/worker/slices.js';

/** Every JSON file checked whole (no streaming), no other limit. */
export const WHOLE: CheckOptions = {
  target: null,
  ruleLevels: {},
  maxDiagnosticsPerFile: 1000,
  streamThreshold: Number.POSITIVE_INFINITY,
  maxFileSize: Number.POSITIVE_INFINITY,
};

/** Every JSON file streamed (threshold 0), no other limit. */
export const STREAMED: CheckOptions = { ...WHOLE, streamThreshold: 0 };

/** A new temp directory for this test file, removed after its tests. */
export function testDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `mcpdesc-${prefix}-`));
  after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

let written = 0;

/** `content` written to a new file in `dir`, as the job that checks it (reported as `name`). */
export function writeJob(dir: string, name: string, content: string | Uint8Array, index = 0): FileJob {
  const path = join(dir, `${written++}-${name}`);
  writeFileSync(path, content);
  return { index, path, file: name, size: Buffer.byteLength(content) };
}

/** What must agree between the modes: everything but timing and the streamed flag. */
export function comparable(result: DocumentResult) {
  const { durationMs: _d, streamed: _s, ...rest } = result as DocumentResult & { streamed?: boolean };
  return rest;
}

/** A slice task run in this thread, cloned both ways as a worker's message would be. */
export const inProcessSlices: RunSliceTask = async (task, transferList) =>
  structuredClone(checkSlices(structuredClone(task, { transfer: transferList }))) as SliceResult;
