// Small documents with known findings, written where a CLI test runs, and readers of its records.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SummaryRecord } from '../../src/types.js';
import type { CliResult } from '../helpers/run-cli.js';
import { validDocument } from './scale-support.js';

export type Rec = CliResult['records'][number];

export const BOM = '\uFEFF';
/** A valid document whose only finding is one warning (mcpdesc.document.bom). */
export const warningText = (name: string) => `${BOM}${JSON.stringify(validDocument(name, 1))}`;
export const validText = (name: string) => JSON.stringify(validDocument(name, 1), null, 2);
/** Malformed JSON: one error (mcpdesc.document.syntax). */
export const BROKEN = '{"mcpdesc": "0.7.0", ';

// One error (a tag that is not a string) and two warnings (an empty name, no inputSchema).
export const MIXED =
  '{"mcpdesc":"0.7.0","info":{"name":"a","version":"1.0.0"},"transports":[{"type":"stdio","command":"x"}],' +
  '"tools":[{"name":""},{"name":"ok","inputSchema":{"type":"object"},"tags":[1]}]}\n';

// Only warnings: a tool name with a space in it, and no inputSchema.
export const WARNINGS_ONLY =
  '{"mcpdesc":"0.7.0","info":{"name":"a","version":"1"},"transports":[{"type":"stdio","command":"x"}],' +
  '"tools":[{"name":"no schema"}]}\n';

export function put(root: string, rel: string, text: string): void {
  const full = join(root, rel);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, text);
}

export const ofType = (r: CliResult, type: string) => r.records.filter((x) => x.type === type);

export const summaryOf = (r: CliResult): Rec => {
  const s = r.records.at(-1);
  assert.equal(s?.type, 'summary', `last record is the summary; stderr: ${r.stderr}`);
  return s!;
};

/** The summary record, typed. */
export const summaryRecord = (r: CliResult) => summaryOf(r) as unknown as SummaryRecord;

export const fileRecords = (r: CliResult) => ofType(r, 'file');

/** The one usage-error style: `error: …` and where the help is; exit 2, nothing on stdout. */
export function assertUsageError(r: Pick<CliResult, 'code' | 'stdout' | 'stderr'>, message: RegExp): void {
  assert.equal(r.code, 2, r.stderr);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /^error: [^\n]+\n\(run 'mcpdesc-validate --help' for usage\)\n$/);
  assert.match(r.stderr, message);
}

/** run first, summary last, and each diagnostic followed (before any other file) by its own file record. */
export function assertWellFormed(r: CliResult): void {
  assert.equal(r.records[0]?.type, 'run', 'run record first');
  assert.equal(r.records.at(-1)?.type, 'summary', 'summary record last');
  assert.equal(r.records.filter((x) => x.type === 'summary').length, 1);
  let pendingFile: unknown = null;
  for (const rec of r.records.slice(1, -1)) {
    if (rec.type === 'diagnostic') {
      assert.ok(pendingFile === null || pendingFile === rec.file, `diagnostics of ${rec.file} interleaved`);
      pendingFile = rec.file;
    } else {
      assert.equal(rec.type, 'file');
      if (pendingFile !== null)
        assert.equal(rec.file, pendingFile, 'diagnostics precede their own file record');
      pendingFile = null;
    }
  }
  assert.equal(pendingFile, null, 'no diagnostic after the last file record');
}
