// The bound of the real-corpus row: what reading, parsing and writing a run's NDJSON costs without
// validating. Every file is read as UTF-8 and JSON.parsed as the ideal does (ideal.ts), and the records
// a previous run wrote for it (taken from its report, loaded up front) are written to stdout in one
// write per file. With --no-write the same loop leaves the writes out, so the two runs' difference is
// the writing alone.
//   node dist/bench/macro/bound.js DIR REPORT.ndjson [--no-write] > /dev/null
import { readFileSync } from 'node:fs';
import { corpusFiles } from './corpus-files.js';

const [dir, report] = process.argv.slice(2);
if (!dir || !report) throw new Error('usage: bound DIR REPORT.ndjson [--no-write]');
const write = !process.argv.includes('--no-write');

// A document's records: its diagnostics, then its file record; keyed by the `file` they name.
const records = new Map<string, string>();
for (const line of readFileSync(report, 'utf8').split('\n')) {
  const at = line.indexOf('"file":"');
  if (at === -1) continue;
  const file = line.slice(at + 8, line.indexOf('"', at + 8));
  records.set(file, `${records.get(file) ?? ''}${line}\n`);
}

const files = corpusFiles(dir);
let written = 0;
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  try {
    JSON.parse(text);
  } catch {
    // Not JSON: reading it was still work.
  }
  const lines = records.get(file);
  if (write && lines !== undefined) {
    process.stdout.write(lines);
    written += lines.length;
  }
}
if (files.length === 0 || (write && written === 0)) process.exitCode = 3;
