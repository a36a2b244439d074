// Hand-built run records for the reporter tests: one of each kind of document a run produces, with the
// awkward cases the formats must survive (JSON Lines documents, truncated lists, unreadable and skipped
// files, unplaced findings, and untrusted text: quotes, newlines, '%', ',' and ':' and an ESC byte).

import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { reasonsOfSummary } from '../../../src/reports/verdict.js';
import type {
  DocumentResult,
  LocatedDiagnostic,
  Reporter,
  RunRecord,
  Severity,
  SummaryRecord,
} from '../../../src/types.js';
import { docsUrl } from '../../../src/validation/docs.js';
import { levels, levelsSince, type Rule } from '../../../src/validation/rule.js';

export const REPO = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
export const GOLDEN_DIR = join(REPO, 'test/fixtures/golden');
/** The files named by SAMPLE_DOCUMENTS exist under here (for code frames). */
export const INPUTS_DIR = join(GOLDEN_DIR, 'inputs');

export function diag(
  ruleId: string,
  severity: Severity,
  message: string,
  pointer: string,
  line?: number,
  column?: number,
): LocatedDiagnostic {
  const path =
    pointer === ''
      ? []
      : pointer
          .slice(1)
          .split('/')
          .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  return {
    ruleId,
    severity,
    message,
    pointer,
    path,
    specSection: '9.1',
    docsUrl: docsUrl(ruleId),
    ...(line === undefined ? {} : { line }),
    ...(column === undefined ? {} : { column }),
  };
}

export function doc(
  file: string,
  index: number,
  diagnostics: LocatedDiagnostic[],
  extra: Partial<DocumentResult> = {},
): DocumentResult {
  const count = (s: Severity) => diagnostics.filter((d) => d.severity === s).length;
  const byRule: Record<string, number> = {};
  for (const d of diagnostics) byRule[d.ruleId] = (byRule[d.ruleId] ?? 0) + 1;
  return {
    index,
    file,
    status: count('error') > 0 ? 'invalid' : 'valid',
    format: 'json',
    bytes: 512,
    mcpdesc: '0.7.0',
    errors: count('error'),
    warnings: count('warning'),
    infos: count('info'),
    tools: 2,
    durationMs: 4.25,
    truncated: false,
    byRule,
    diagnostics,
    ...extra,
  };
}

function sampleRule(id: string, description: string, specSection: string, table: Rule['levels']): Rule {
  return {
    id,
    description,
    specSection,
    levels: table,
    examples: { valid: [], invalid: [] },
    create: () => ({}),
  };
}

/**
 * A fixed catalogue for the goldens, so they do not change each time a rule is added to RULES.
 * 'mcpdesc.document.primitives' is left out on purpose: a finding of a rule the log does not describe.
 */
export const SAMPLE_RULES: readonly Rule[] = [
  sampleRule('mcpdesc.document.syntax', 'The document is well-formed JSON or YAML.', '4.1', levels('error')),
  sampleRule(
    'mcpdesc.tool.members',
    'A Tool has a name, an inputSchema and only defined members.',
    '9.1',
    levels('error'),
  ),
  sampleRule(
    'mcpdesc.tool.name-pattern',
    'Tool names match ^[A-Za-z0-9_.-]{1,128}$.',
    '9.1',
    levels('warning', { '0.9.0-rc.3': 'error' }),
  ),
  sampleRule(
    'mcpdesc.tool.unique-name',
    'Tool names are unique within a document.',
    '9.1',
    levelsSince('0.6.0', 'warning'),
  ),
];

export const SAMPLE_RUN: RunRecord = {
  type: 'run',
  schemaVersion: 1,
  tool: { name: 'mcpdesc-validate', version: '0.1.0' },
  startedAt: '2026-11-30T07:12:03.114Z',
  cwd: '/repo',
  argv: ['registry'],
  node: 'v20.20.2',
  platform: 'linux-x64',
  options: { failOn: 'error' },
  specVersions: ['0.7.0'],
  target: null,
  concurrency: 2,
  shard: null,
  filesPlanned: 8,
};

export const SAMPLE_DOCUMENTS: DocumentResult[] = [
  doc('registry/acme/clock.json', 0, []),
  doc('registry/acme/weather.json', 1, [
    diag(
      'mcpdesc.tool.members',
      'error',
      'Tool "get_forecast" is missing required member "inputSchema".',
      '/tools/0',
      5,
      5,
    ),
    diag(
      'mcpdesc.tool.members',
      'error',
      'Tool member "timeout" is not defined by the Tool object.',
      '/tools/1/timeout',
      12,
      7,
    ),
    diag(
      'mcpdesc.tool.name-pattern',
      'warning',
      'Tool name "get forecast" does not match ^[A-Za-z0-9_.-]{1,128}$.',
      '/tools/1/name',
      11,
      15,
    ),
  ]),
  doc(
    'registry/bad/broken.json',
    2,
    [
      diag(
        'mcpdesc.document.syntax',
        'error',
        "Invalid JSON: Expected ',' or '}' after property value",
        '',
        3,
        3,
      ),
    ],
    { mcpdesc: null },
  ),
  doc('registry/private/secret.json', 3, [], {
    status: 'error',
    mcpdesc: null,
    error: { code: 'EACCES', message: 'permission denied' },
  }),
  doc(
    'registry/dump.jsonl',
    4,
    [diag('mcpdesc.tool.unique-name', 'warning', 'Tool name "ping" repeats /tools/0.', '/tools/1', 2, 45)],
    {
      format: 'jsonl',
      line: 2,
    },
  ),
  doc(
    'registry/dump.jsonl',
    5,
    [
      diag(
        'mcpdesc.document.primitives',
        'info',
        'The document declares no tools, resources or prompts.',
        '',
      ),
    ],
    {
      format: 'jsonl',
      line: 3,
    },
  ),
  doc('registry/odd:name,100%.json', 6, [
    diag(
      'mcpdesc.tool.members',
      'error',
      'Tool "evil\u001b[2J\nname" is 100% wrong, truly: see "x".',
      '/tools/0/name',
      2,
      3,
    ),
  ]),
  doc(
    'registry/big.json',
    7,
    [
      diag(
        'mcpdesc.tool.members',
        'error',
        'Tool "a" is missing required member "inputSchema".',
        '/tools/0',
        4,
        5,
      ),
      diag(
        'mcpdesc.tool.members',
        'error',
        'Tool "b" is missing required member "inputSchema".',
        '/tools/1',
        5,
        5,
      ),
    ],
    { errors: 5, truncated: true, byRule: { 'mcpdesc.tool.members': 5 } },
  ),
  doc('registry/huge.json', 8, [], {
    status: 'skipped',
    mcpdesc: null,
    error: { code: 'E_TOO_LARGE', message: 'file is 9876543210 bytes, over --max-file-size 2147483648' },
  }),
];

export function summaryOf(
  documents: readonly DocumentResult[],
  extra: Partial<SummaryRecord> = {},
): SummaryRecord {
  const files = new Set(documents.map((d) => d.file));
  const status = (s: DocumentResult['status']) => documents.filter((d) => d.status === s).length;
  const byRule: Record<string, number> = {};
  for (const d of documents) for (const [k, v] of Object.entries(d.byRule)) byRule[k] = (byRule[k] ?? 0) + v;
  const sum = (f: (d: DocumentResult) => number) => documents.reduce((a, d) => a + f(d), 0);
  const summary: SummaryRecord = {
    type: 'summary',
    exitCode: status('error') > 0 ? 2 : sum((d) => d.errors) > 0 ? 1 : 0,
    aborted: false,
    failOn: 'error',
    files: {
      total: files.size,
      valid: status('valid'),
      invalid: status('invalid'),
      error: status('error'),
      skipped: status('skipped'),
    },
    documents: documents.length,
    counts: { error: sum((d) => d.errors), warning: sum((d) => d.warnings), info: sum((d) => d.infos) },
    byRule,
    bytes: sum((d) => d.bytes),
    tools: sum((d) => d.tools),
    wallMs: 1234.5,
    throughput: { filesPerSec: 7.3, mbPerSec: 0.01, toolsPerSec: 14.6 },
    peakRssBytes: 104857600,
    shard: null,
    ...extra,
  };
  // As a run writes it: the reasons its fields give (a test may give its own).
  return summary.reasons ? summary : { ...summary, reasons: reasonsOfSummary(summary) };
}

export const SAMPLE_SUMMARY = summaryOf(SAMPLE_DOCUMENTS);

/** A writable that keeps what it receives; `slow` acknowledges each write a tick later, and a small
 * highWaterMark makes `write()` return false, so reporters must wait for 'drain'. */
export function memoryStream(options: { highWaterMark?: number; slow?: boolean } = {}) {
  const chunks: string[] = [];
  const stream = new Writable({
    decodeStrings: false,
    highWaterMark: options.highWaterMark ?? 16 * 1024,
    write(chunk, _encoding, callback) {
      chunks.push(String(chunk));
      if (options.slow) setImmediate(callback);
      else callback();
    },
  });
  return { stream, text: () => chunks.join(''), writes: () => chunks.length };
}

/** Drive a reporter through a run, as the CLI does. */
export async function runReporter(
  reporter: Reporter,
  documents: readonly DocumentResult[] = SAMPLE_DOCUMENTS,
  run: RunRecord = SAMPLE_RUN,
  summary: SummaryRecord = summaryOf(documents),
): Promise<void> {
  await reporter.onStart(run);
  for (const d of documents) await reporter.onDocument(d);
  await reporter.onEnd(summary);
}

/**
 * Compare with a committed golden file. UPDATE_GOLDEN=1 rewrites it; a rewritten golden is reviewed in
 * the diff like code, never accepted blindly.
 */
export function assertGolden(name: string, actual: string, equal: (a: string, b: string) => void): void {
  const path = join(GOLDEN_DIR, name);
  if (process.env.UPDATE_GOLDEN === '1') writeFileSync(path, actual);
  equal(actual, readFileSync(path, 'utf8'));
}
