// Order independence on the real corpus (../shared): every real document and the 17,578-tool big dump
// give the same diagnostics, positions included, whole-file and streamed (and fanned out), with small
// read chunks so that slices straddle chunk boundaries. Uses whatever the rule catalogue holds.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { locateJsonSpans } from '../../src/parsing/json-scan.js';
import { LineIndex } from '../../src/parsing/position.js';
import { checkHugeFile } from '../../src/pool/fanout.js';
import type { CheckOptions, FileJob, LocatedDiagnostic } from '../../src/types.js';
import { validateDocument } from '../../src/validation/engine.js';
import { checkSlices, type SliceResult } from '../../src/worker/slices.js';
import { checkStreamed } from '../../src/worker/streamed.js';

const REAL = new URL('../../../../shared/corpus/real/', import.meta.url).pathname;
const OPTIONS: CheckOptions = {
  target: null,
  ruleLevels: {},
  maxDiagnosticsPerFile: 100_000,
  streamThreshold: 0,
  maxFileSize: Number.POSITIVE_INFINITY,
};

function documents(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) documents(full, out);
    else if (name.endsWith('.mcpdesc.json')) out.push(full);
  }
  return out;
}

function whole(text: string) {
  const report = validateDocument(JSON.parse(text), {
    target: null,
    ruleLevels: {},
    maxDiagnostics: OPTIONS.maxDiagnosticsPerFile,
  });
  // Positions as the whole-file worker places them (one pass over the text for all paths), so this also
  // checks the splitter's own locator against the whole-file one. Per-diagnostic rescans of the 12 MB
  // big dump would make this test quadratic.
  const spans = locateJsonSpans(
    text,
    report.diagnostics.map((d) => d.path),
  );
  const lines = new LineIndex(text);
  const diagnostics: LocatedDiagnostic[] = report.diagnostics.map((d, i) => {
    const { start, end } = lines.span(spans[i]!.start, spans[i]!.end);
    return { ...d, ...start, endLine: end.line, endColumn: end.column };
  });
  return { diagnostics, errors: report.errors, warnings: report.warnings, tools: report.tools };
}

function pick(result: { diagnostics: LocatedDiagnostic[]; errors: number; warnings: number; tools: number }) {
  return {
    diagnostics: result.diagnostics,
    errors: result.errors,
    warnings: result.warnings,
    tools: result.tools,
  };
}

describe('real corpus: streamed = whole-file', () => {
  it('every real document, read in 4 KiB chunks', async () => {
    const files = documents(REAL);
    assert.ok(files.length >= 3000, `found ${files.length} documents`);
    let checked = 0;
    for (const path of files) {
      const bytes = readFileSync(path);
      if (bytes[0] === 0xef) continue; // a BOM: whole-file mode strips and reports it (worker's test)
      const text = bytes.toString('utf8');
      const job: FileJob = { index: 0, path, file: path, size: bytes.length };
      const got = (await checkStreamed(job, { ...OPTIONS, chunkBytes: 4096 })).documents[0]!;
      assert.deepEqual(pick(got), pick(whole(text)), path);
      checked++;
    }
    assert.ok(checked >= 3000);
  });

  it('the big dump, streamed and fanned out', async () => {
    const path = join(REAL, 'big-dump.mcpdesc.json');
    const text = readFileSync(path, 'utf8');
    const expected = pick(whole(text));
    const job: FileJob = { index: 0, path, file: path, size: Buffer.byteLength(text) };
    const single = (await checkStreamed(job, { ...OPTIONS, chunkBytes: 64 * 1024 })).documents[0]!;
    assert.deepEqual(pick(single), expected);
    const fanned = await checkHugeFile(
      job,
      OPTIONS,
      async (task, transfer) =>
        structuredClone(checkSlices(structuredClone(task, { transfer }))) as SliceResult,
    );
    assert.deepEqual(pick(fanned.documents[0]!), expected);
  });
});
