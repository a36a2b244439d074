// Small documents with known findings, written where a CLI test runs, and readers of its records.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CliResult } from '../helpers/run-cli.js';
import { validDocument } from './scale-support.js';

export type Rec = CliResult['records'][number];

export const BOM = '\uFEFF';
/** A valid document whose only finding is one warning (mcpdesc.document.bom). */
export const warningText = (name: string) => `${BOM}${JSON.stringify(validDocument(name, 1))}`;
export const validText = (name: string) => JSON.stringify(validDocument(name, 1), null, 2);
/** Malformed JSON: one error (mcpdesc.document.syntax). */
export const BROKEN = '{"mcpdesc": "0.7.0", ';

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
