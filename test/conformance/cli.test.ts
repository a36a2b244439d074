// The CLI over the real corpus in ../shared/corpus/real: 3,015 documents in per-source folders, the same
// 3,015 documents as registry.ndjson (one per line, in index.json order), plus big-dump.mcpdesc.json and
// index.json at the top. What is asserted: every document accounted for exactly once, tools counted as
// index.json counts them, and the same verdict for a document whether it comes as a file or as a line.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import type { SummaryRecord } from '../../src/types.js';
import { type CliResult, REPO_ROOT, runCli } from '../helpers/run-cli.js';

const REAL = join(REPO_ROOT, '../shared/corpus/real');
const REL = '../shared/corpus/real';
const DOCUMENTS = 3015;
const TOOLS = 26_266;

interface IndexEntry {
  file: string;
  tools: number;
}

const fileRecords = (r: CliResult) => r.records.filter((x) => x.type === 'file');
const summaryOf = (r: CliResult) => r.records.at(-1) as unknown as SummaryRecord;

function assertFramed(r: CliResult): void {
  assert.equal(r.records[0]?.type, 'run');
  assert.equal(r.records.at(-1)?.type, 'summary');
  assert.equal(r.records.filter((x) => x.type === 'summary').length, 1);
  assert.ok(r.code === 0 || r.code === 1, `exit ${r.code}: ${r.stderr}`);
}

describe('CLI conformance over ../shared/corpus/real', { skip: !existsSync(REAL) && 'no ../shared' }, () => {
  let index: IndexEntry[];
  let folders: CliResult;
  let registry: CliResult;
  before(async () => {
    index = (JSON.parse(readFileSync(join(REAL, 'index.json'), 'utf8')) as { files: IndexEntry[] }).files;
    // The per-source folders only: the glob leaves out the three files at the top.
    folders = await runCli([`${REL}/*/**/*.json`], { cwd: REPO_ROOT });
    registry = await runCli([`${REL}/registry.ndjson`], { cwd: REPO_ROOT });
  });

  it('writes 3,015 file records for the 3,015 documents in the source folders', () => {
    assertFramed(folders);
    const files = fileRecords(folders);
    assert.equal(files.length, DOCUMENTS);
    assert.deepEqual(
      files.map((f) => f.file),
      index.map((e) => `${REL}/${e.file}`).sort(),
    );
    assert.equal(files.filter((f) => f.status === 'error').length, 0);
    const s = summaryOf(folders);
    assert.equal(s.files.total, DOCUMENTS);
    assert.equal(s.documents, DOCUMENTS);
    assert.equal(s.files.valid + s.files.invalid, DOCUMENTS);
    assert.equal(s.tools, TOOLS);
  });

  it('counts each document’s tools as index.json does', () => {
    const tools = new Map(fileRecords(folders).map((f) => [f.file, f.tools]));
    for (const e of index) assert.equal(tools.get(`${REL}/${e.file}`), e.tools, e.file);
  });

  it('writes 3,015 document records for registry.ndjson, one per line, same verdicts as the files', () => {
    assertFramed(registry);
    const docs = fileRecords(registry);
    assert.equal(docs.length, DOCUMENTS);
    assert.deepEqual(
      docs.map((d) => d.line),
      Array.from({ length: DOCUMENTS }, (_, i) => i + 1),
    );
    assert.ok(docs.every((d) => d.file === `${REL}/registry.ndjson` && d.format === 'jsonl'));
    const byFile = new Map(fileRecords(folders).map((f) => [f.file, f]));
    for (let i = 0; i < DOCUMENTS; i++) {
      const asFile = byFile.get(`${REL}/${index[i]!.file}`)!;
      const asLine = docs[i]!;
      assert.equal(asLine.tools, index[i]!.tools, `line ${i + 1}`);
      assert.equal(asLine.status, asFile.status, `line ${i + 1} vs ${index[i]!.file}`);
      assert.equal(asLine.errors, asFile.errors, `line ${i + 1} vs ${index[i]!.file}`);
      assert.equal(asLine.warnings, asFile.warnings, `line ${i + 1} vs ${index[i]!.file}`);
    }
    const s = summaryOf(registry);
    assert.equal(s.files.total, 1);
    assert.equal(s.documents, DOCUMENTS);
    assert.equal(s.tools, TOOLS);
    assert.deepEqual(s.byRule, summaryOf(folders).byRule);
  });

  it('covers the whole directory: 3,018 inputs, 6,032 document records', async () => {
    const all = await runCli([REL], { cwd: REPO_ROOT });
    assertFramed(all);
    const s = summaryOf(all);
    // 3,015 documents + big-dump.mcpdesc.json + index.json (not an mcpdesc document) + registry.ndjson.
    assert.equal(s.files.total, DOCUMENTS + 3);
    // Every document once as a file, once as a registry line, plus the two top-level JSON files.
    assert.equal(s.documents, 2 * DOCUMENTS + 2);
    assert.equal(fileRecords(all).length, 2 * DOCUMENTS + 2);
    const big = fileRecords(all).find((f) => f.file === `${REL}/big-dump.mcpdesc.json`);
    assert.equal(big?.tools, 17_578);
    assert.equal(s.files.error, 0);
  });
});
