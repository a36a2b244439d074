// The closing line on stderr: what was checked (files and, for JSON Lines, documents), what was found,
// how long it took and the exit code, within 80 columns. Its wording from a summary: test/unit/reporting/
// closing-line.test.ts; the code it states when an output fails: output-failures.test.ts.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { validDocument } from '../helpers/small-corpus.js';
import { put } from './cli-support.js';

describe('the closing line', () => {
  const tmp = tempDir('closing-line');
  const cwd = tmp.path;
  before(() => {
    const valid = JSON.stringify(validDocument(1, () => 0.5));
    put(cwd, 'docs/a.json', valid);
    put(cwd, 'docs/b.json', valid);
  });
  after(() => tmp.remove());

  // The closing line said "1 files", and for a JSON Lines dump counted only its one file.
  it('the closing line counts files and, for JSON Lines, documents; no rate for one file', async () => {
    const one = await runCli(['--format', 'ndjson', 'docs/a.json'], { cwd });
    assert.match(one.stderr, /^mcpdesc-validate: 1 file \(all valid\): no findings, [0-9.]+ s; exit 0\n$/m);
    writeFileSync(join(cwd, 'lines.jsonl'), `${JSON.stringify(validDocument(1, () => 0.5))}\n[]\n`);
    const lines = await runCli(['--format', 'ndjson', 'lines.jsonl', 'docs/b.json'], { cwd });
    assert.match(lines.stderr, /: 2 files \(1 invalid\), 3 documents: 1 error, [0-9.]+ s; exit 1\n$/);
    for (const line of [one.stderr, lines.stderr]) assert.ok(line.trimEnd().length <= 80, line);
  });
});
