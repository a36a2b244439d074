// The parse-only ideal of the throughput table: read every file as UTF-8 and JSON.parse it, one
// thread, nothing else (what ../shared/tools/ideal.mjs does). Run as its own process, so its CPU
// time includes Node's start-up as ours does. Usage: node dist/bench/macro/ideal.js DIR
import { readFileSync } from 'node:fs';
import { corpusFiles } from './corpus-files.js';

const dir = process.argv[2];
if (!dir) throw new Error('usage: ideal DIR');
const files = corpusFiles(dir);
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  try {
    JSON.parse(text);
  } catch {
    // Not JSON: reading it was still work the ideal does too.
  }
}
if (files.length === 0) process.exitCode = 3;
