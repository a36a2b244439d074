// Read faults on the streamed path, made deterministic: the file is truncated *while* it is streamed (by
// an in-process test rule, when the main pass reaches tool 500 of 5,000), or before it is read (smaller
// than discovery measured), or a directory took its place (EISDIR on the first read). Each gives that
// file one result: the syntax finding whole-file mode gives for the bytes that were there, or
// `status: "error"` with the errno code.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, truncateSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import { syntaxFinding } from '../../../src/parsing/json-scan.js';
import type { CheckOptions } from '../../../src/types.js';
import { levels, type Rule } from '../../../src/validation/rule.js';
import { RULES } from '../../../src/validation/rules/index.js';
import { checkFile } from '../../../src/worker/check-file.js';
import { checkStreamed } from '../../../src/worker/streamed.js';
import { TempDir } from './helpers.js';

const STREAMED: CheckOptions = {
  target: null,
  ruleLevels: {},
  maxDiagnosticsPerFile: 1000,
  streamThreshold: 0,
  maxFileSize: Number.POSITIVE_INFINITY,
};

const TOOLS = 5000;
const DOC = JSON.stringify({
  mcpdesc: '0.7.0',
  info: { name: 'dump', version: '1.0.0' },
  transports: [{ type: 'stdio', command: 'server' }],
  tools: Array.from({ length: TOOLS }, (_, i) => ({ name: `tool_${i}`, inputSchema: { type: 'object' } })),
});

describe('read faults while streaming', () => {
  const tmp = new TempDir();
  after(() => tmp.remove());

  it('a file truncated mid-stream: one result, the syntax finding of what was there', async () => {
    const job = tmp.write('shrinking.json', DOC);
    let truncatedAt = -1;
    const truncator: Rule = {
      id: 'test.truncate',
      description: 'truncates the file being checked when tool 500 arrives',
      specSection: '0',
      levels: levels('info'),
      examples: { valid: [], invalid: [] },
      create: () => ({
        element(collection, index) {
          if (collection === 'tools' && index === 500 && truncatedAt < 0) {
            truncatedAt = Math.floor(DOC.length * 0.6);
            truncateSync(job.path, truncatedAt);
          }
        },
      }),
    };
    // Small reads so that most of the file is still unread when the rule fires; a probe smaller than
    // the file so the header comes from the ends (the truncation happens after that).
    const outcome = await checkStreamed(job, {
      ...STREAMED,
      chunkBytes: 4096,
      probeBytes: 16 * 1024,
      rules: [...RULES, truncator],
    });
    assert.ok(truncatedAt > 0, 'the rule ran and truncated the file');
    assert.equal(outcome.documents.length, 1);
    const d = outcome.documents[0]!;
    assert.equal(d.status, 'invalid');
    assert.equal(d.diagnostics.length, 1);
    assert.equal(d.diagnostics[0]!.ruleId, 'mcpdesc.document.syntax');
    // As whole-file mode words and places it (one line: the column is the offset + 1); the cut falls
    // inside a string, so at its opening quote.
    const expected = syntaxFinding(readFileSync(job.path, 'utf8'), '');
    assert.equal(d.diagnostics[0]!.message, expected.message);
    assert.equal(d.diagnostics[0]!.column, expected.offset + 1);
    assert.ok(expected.offset < truncatedAt);
  });

  it('a file smaller than discovery measured: the same finding, no hang', async () => {
    const job = tmp.write('shrunk.json', DOC);
    truncateSync(job.path, 1000);
    const outcome = await checkFile({ ...job, size: DOC.length }, { ...STREAMED });
    assert.equal(outcome.documents.length, 1);
    const d = outcome.documents[0]!;
    assert.equal(d.streamed, true);
    assert.equal(d.status, 'invalid');
    const expected = syntaxFinding(DOC.slice(0, 1000), '');
    assert.equal(d.diagnostics[0]!.message, expected.message);
    assert.equal(d.diagnostics[0]!.column, expected.offset + 1);
  });

  it('a directory in the place of the file: status error, EISDIR, whole-file and streamed', async () => {
    mkdirSync(`${tmp.path}/became-a-dir.json`);
    for (const streamThreshold of [0, Number.POSITIVE_INFINITY]) {
      const job = { ...tmp.job('became-a-dir.json'), size: 100_000_000 };
      const outcome = await checkFile(job, {
        ...STREAMED,
        streamThreshold,
        maxFileSize: Number.POSITIVE_INFINITY,
      });
      assert.equal(outcome.documents.length, 1);
      assert.equal(outcome.documents[0]!.status, 'error');
      assert.equal(outcome.documents[0]!.error?.code, 'EISDIR');
    }
  });
});
