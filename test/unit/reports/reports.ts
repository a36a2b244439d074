// Hand-built NDJSON reports for the tests of reports, baselines and the subcommands: a run is described
// as a list of documents, and the records a run (or one shard of it) writes are built from that list
// with the contract's shapes.
// The summary here is the test's own tally, computed independently of src/reports.
import { Writable } from 'node:stream';
import type { ReportSource } from '../../../src/reports/ndjson.js';
import { inShard, type Shard } from '../../../src/reports/shard.js';

export interface TestDiagnostic {
  ruleId: string;
  severity: 'error' | 'warning' | 'info';
  pointer: string;
  line?: number;
  suppressed?: boolean;
}

export interface TestDocument {
  file: string;
  /** JSON Lines documents carry their line. */
  line?: number;
  status: 'valid' | 'invalid' | 'error' | 'skipped';
  bytes: number;
  tools: number;
  diagnostics: TestDiagnostic[];
}

export const TOOL = { name: 'mcpdesc-validate', version: '0.1.0' };

export function runRecord(shard: Shard | null, filesPlanned: number, extra: Record<string, unknown> = {}) {
  return {
    type: 'run',
    schemaVersion: 1,
    tool: TOOL,
    startedAt: '2026-11-30T02:00:00.000Z',
    cwd: '/home/runner/work/registry',
    argv: shard ? ['--shard', `${shard.index}/${shard.count}`, 'registry'] : ['registry'],
    node: 'v20.20.2',
    platform: 'linux-x64',
    options: { target: null, ruleLevels: {}, failOn: 'error', maxDiagnosticsPerFile: 1000, concurrency: 2 },
    specVersions: ['0.4.0', '0.5.0', '0.5.1', '0.5.2', '0.6.0', '0.7.0'],
    target: null,
    concurrency: 2,
    shard,
    filesPlanned,
    ...extra,
  };
}

function count(doc: TestDocument, severity: TestDiagnostic['severity']) {
  return doc.diagnostics.filter((d) => d.severity === severity).length;
}

export function diagnosticRecord(doc: TestDocument, d: TestDiagnostic, index: number) {
  const record: Record<string, unknown> = {
    type: 'diagnostic',
    file: doc.file,
    index,
    ruleId: d.ruleId,
    severity: d.severity,
    message: `${d.ruleId} at ${d.pointer || '(root)'}`,
    pointer: d.pointer,
    path: d.pointer === '' ? [] : d.pointer.slice(1).split('/'),
    line: d.line ?? doc.line ?? 1,
    column: 3,
    specSection: '9.1',
    docsUrl: `https://example.test/rules/${d.ruleId}.md`,
  };
  if (d.suppressed) record.suppressed = true;
  return record;
}

export function fileRecord(doc: TestDocument, index: number, durationMs = 1.5) {
  const byRule: Record<string, number> = {};
  for (const d of doc.diagnostics) byRule[d.ruleId] = (byRule[d.ruleId] ?? 0) + 1;
  const record: Record<string, unknown> = {
    type: 'file',
    file: doc.file,
    index,
    status: doc.status,
    format: doc.file.endsWith('.jsonl') ? 'jsonl' : 'json',
    bytes: doc.bytes,
    mcpdesc: '0.7.0',
    errors: count(doc, 'error'),
    warnings: count(doc, 'warning'),
    infos: count(doc, 'info'),
    tools: doc.tools,
    durationMs,
    truncated: false,
    byRule,
  };
  if (doc.line !== undefined) record.line = doc.line;
  return record;
}

/** The test's own summary of `docs`, the way a single run would tally them. */
export function summaryRecord(docs: readonly TestDocument[], shard: Shard | null, wallMs = 1000) {
  const files = { total: 0, valid: 0, invalid: 0, error: 0, skipped: 0 };
  const counts = { error: 0, warning: 0, info: 0 };
  const byRule: Record<string, number> = {};
  let bytes = 0;
  let tools = 0;
  let failing = 0;
  let lastFile = '';
  for (const doc of docs) {
    if (doc.file !== lastFile) files.total++;
    lastFile = doc.file;
    files[doc.status]++;
    bytes += doc.bytes;
    tools += doc.tools;
    for (const d of doc.diagnostics) {
      counts[d.severity]++;
      byRule[d.ruleId] = (byRule[d.ruleId] ?? 0) + 1;
      if (d.severity === 'error' && !d.suppressed) failing++;
    }
  }
  const anyError = docs.some((d) => d.status === 'error');
  return {
    type: 'summary',
    exitCode: anyError ? 2 : failing > 0 ? 1 : 0,
    aborted: false,
    failOn: 'error',
    files,
    documents: docs.length,
    counts,
    byRule,
    bytes,
    tools,
    wallMs,
    throughput: { filesPerSec: 1, mbPerSec: 1, toolsPerSec: 1 },
    peakRssBytes: 50_000_000 + wallMs,
    shard,
  };
}

/** The NDJSON lines of a run over `docs` (already in document order). */
export function reportLines(
  docs: readonly TestDocument[],
  shard: Shard | null = null,
  options: { run?: Record<string, unknown>; wallMs?: number } = {},
): string[] {
  const lines = [JSON.stringify(runRecord(shard, new Set(docs.map((d) => d.file)).size, options.run ?? {}))];
  let index = -1;
  let lastFile: string | undefined;
  for (const doc of docs) {
    if (doc.file !== lastFile) index++;
    lastFile = doc.file;
    for (const d of doc.diagnostics) lines.push(JSON.stringify(diagnosticRecord(doc, d, index)));
    lines.push(JSON.stringify(fileRecord(doc, index, 1 + (shard?.index ?? 0))));
  }
  lines.push(JSON.stringify(summaryRecord(docs, shard, options.wallMs ?? 1000)));
  return lines;
}

/** The documents of one shard, as that shard's run would write them. */
export function shardDocs(docs: readonly TestDocument[], shard: Shard): TestDocument[] {
  return docs.filter((d) => inShard(d.file, shard));
}

export function source(name: string, lines: readonly string[]): ReportSource {
  return {
    name,
    lines: (async function* () {
      yield* lines;
    })(),
  };
}

/** A writable that keeps what was written, for reading back as records. */
export function sink(): {
  stream: Writable;
  text: () => string;
  records: () => Array<Record<string, unknown>>;
} {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const text = () => chunks.join('');
  return {
    stream,
    text,
    records: () =>
      text()
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

/** A registry-like run: plain files, a JSON Lines file with several documents, findings of all kinds. */
export function sampleRun(files = 60): TestDocument[] {
  const docs: TestDocument[] = [];
  for (let i = 0; i < files; i++) {
    const dir = ['acme', 'beta', 'zeta/sub', 'Ämter'][i % 4];
    const file = `registry/${dir}/server-${String(i).padStart(3, '0')}.json`;
    const diagnostics: TestDiagnostic[] = [];
    if (i % 7 === 3)
      diagnostics.push({ ruleId: 'mcpdesc.tool.members', severity: 'error', pointer: `/tools/${i % 5}` });
    if (i % 5 === 1)
      diagnostics.push({ ruleId: 'mcpdesc.tool.name-format', severity: 'warning', pointer: '/tools/0/name' });
    if (i % 11 === 2) {
      diagnostics.push({
        ruleId: 'mcpdesc.tag.unique',
        severity: 'error',
        pointer: '/tags/1',
        suppressed: true,
      });
    }
    const status = i === 17 ? 'error' : diagnostics.some((d) => d.severity === 'error') ? 'invalid' : 'valid';
    docs.push({
      file,
      status,
      bytes: 1000 + i * 37,
      tools: i % 9,
      diagnostics: status === 'error' ? [] : diagnostics,
    });
  }
  for (let line = 1; line <= 5; line++) {
    docs.push({
      file: 'registry/dump.jsonl',
      line,
      status: line === 4 ? 'invalid' : 'valid',
      bytes: 300 + line,
      tools: 2,
      diagnostics: line === 4 ? [{ ruleId: 'mcpdesc.document.syntax', severity: 'error', pointer: '' }] : [],
    });
  }
  return docs.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : (a.line ?? 0) - (b.line ?? 0)));
}
