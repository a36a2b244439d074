// Malformed huge input: each case is one `mcpdesc.document.syntax` finding (or a size finding naming
// the limit) with its line and column, nothing else from the document, and the check returns normally.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { renderDump } from '../../../corpus/generator/dump.js';
import type { DocumentResult } from '../../../src/types.js';
import { RULES } from '../../../src/validation/rules/index.js';
import { checkStreamed, type StreamOptions } from '../../../src/worker/streamed.js';
import { FIXTURE_RULES } from './fixture-rules.js';
import { STREAMED as OPTIONS, testDir } from './helpers.js';

const dir = testDir('malformed');
let n = 0;

async function check(content: string | Buffer, extra: StreamOptions = {}): Promise<DocumentResult> {
  const path = join(dir, `m-${n++}.json`);
  writeFileSync(path, content);
  const outcome = await checkStreamed(
    { index: 0, path, file: 'm.json', size: Buffer.byteLength(content) },
    { ...OPTIONS, chunkBytes: 4096, rules: [...RULES, ...FIXTURE_RULES], ...extra },
  );
  return outcome.documents[0]!;
}

function only(result: DocumentResult) {
  assert.equal(result.status, 'invalid');
  assert.equal(result.diagnostics.length, 1, JSON.stringify(result.diagnostics));
  const d = result.diagnostics[0]!;
  assert.equal(d.ruleId, 'mcpdesc.document.syntax');
  assert.equal(d.severity, 'error');
  return d;
}

/** 1-based line/column (UTF-16) of a character offset. */
function at(text: string, offset: number) {
  const lines = text.slice(0, offset).split('\n');
  return { line: lines.length, column: lines.at(-1)!.length + 1 };
}

describe('streamed: malformed input', () => {
  const { text } = renderDump({ tools: 400, invalid: 10, seed: 2 });
  const pretty = JSON.stringify(JSON.parse(text), null, 1);

  it('truncation inside a string of an element: one syntax finding, at the opening quote as whole-file mode puts it', async () => {
    const cut = pretty.indexOf('"description"', pretty.length / 2) + 20;
    const truncated = pretty.slice(0, cut);
    const d = only(await check(truncated));
    assert.deepEqual({ line: d.line, column: d.column }, at(truncated, truncated.lastIndexOf('"')));
    assert.equal(d.message, 'Invalid JSON: Unterminated string.');
  });

  it('truncation between values of an element: one syntax finding at the end of input', async () => {
    const cut = pretty.indexOf('"description"', pretty.length / 2) - 1;
    const d = only(await check(pretty.slice(0, cut)));
    assert.deepEqual({ line: d.line, column: d.column }, at(pretty, cut));
    assert.match(d.message, /end of input/);
  });

  it('a bad token inside an element: its exact position, found by JSON.parse plus the locator', async () => {
    const where = pretty.indexOf('"inputSchema"', pretty.length / 3);
    const broken = `${pretty.slice(0, where)}tru, ${pretty.slice(where)}`;
    const d = only(await check(broken));
    assert.deepEqual({ line: d.line, column: d.column }, at(broken, where));
  });

  it('garbage after the root', async () => {
    const d = only(await check(`${pretty}\n\n  {"second": "document"}`));
    assert.deepEqual({ line: d.line, column: d.column }, at(`${pretty}\n\n  `, pretty.length + 4));
    assert.equal(d.message, 'Invalid JSON: Unexpected "{" after the JSON value.');
  });

  it('invalid UTF-8 inside an element, at the bad byte', async () => {
    const where = pretty.indexOf('Returns the matching', pretty.length / 2);
    const before = Buffer.from(pretty.slice(0, where));
    const bytes = Buffer.concat([before, Buffer.from([0xff, 0xfe]), Buffer.from(pretty.slice(where))]);
    const d = only(await check(bytes));
    assert.deepEqual({ line: d.line, column: d.column }, at(pretty, where));
    assert.match(d.message, /UTF-8/);
  });

  it('unbalanced brackets', async () => {
    only(await check('{"tools": [{"a": [1, 2}], "mcpdesc": "0.7.0"}'));
    only(await check('{"tools": [{"a": 1}}'));
    only(await check(''));
  });

  it('100k-deep nesting inside one element: scanned without recursion, the document is checked', async () => {
    const depth = 100_000;
    const deep = `{"tools": [{"name": "deep", "inputSchema": {"x": ${'['.repeat(depth)}${']'.repeat(depth)}}},
      {"name": "deep", "input_schema": {}}], "mcpdesc": "0.7.0", "info": {"version": "1"}}`;
    const result = await check(deep);
    assert.notEqual(result.status, 'error', JSON.stringify(result.error));
    // The fixture rules' findings (the real catalogue's are checked elsewhere): the deep element was
    // scanned, parsed and validated like any other.
    assert.deepEqual(
      result.diagnostics.filter((d) => d.ruleId.startsWith('test.')).map((d) => [d.ruleId, d.pointer]),
      [
        ['test.tool.shape', '/tools/1/input_schema'],
        ['test.tool.shape', '/tools/1/inputSchema'],
        ['test.tool.name-unique', '/tools/1/name'],
        ['test.tool.name-unique', '/tools/0/name'],
        ['test.tool.name-unique', '/tools/999999999'],
      ],
    );
    const unbalanced = deep.replace(`${']'.repeat(depth)}}`, `${']'.repeat(depth - 1)}}`);
    only(await check(unbalanced));
  });

  it('an element over maxElementBytes: a size finding naming the limit, the rest still checked', async () => {
    const huge = 'x'.repeat(300_000);
    const doc = `{"tools": [{"name": "a", "inputSchema": {}},
      {"name": "big", "description": "${huge}"},
      {"name": "a", "input_schema": {}}], "mcpdesc": "0.7.0", "info": {"version": "1"}}`;
    const result = await check(doc, { maxElementBytes: 100_000 });
    const size = result.diagnostics.find((d) => d.ruleId === 'mcpdesc.document.syntax');
    assert.ok(size, JSON.stringify(result.diagnostics));
    assert.equal(size.pointer, '/tools/1');
    assert.match(size.message, /100000-byte element limit/);
    assert.deepEqual({ line: size.line, column: size.column }, { line: 2, column: 7 });
    assert.ok(result.diagnostics.some((d) => d.pointer === '/tools/2/input_schema'));
    assert.equal(result.status, 'invalid');
  });

  it('an unreadable file is status error, not a throw', async () => {
    const outcome = await checkStreamed(
      { index: 9, path: join(dir, 'does-not-exist.json'), file: 'x.json', size: 0 },
      OPTIONS,
    );
    assert.equal(outcome.documents[0]!.status, 'error');
    assert.equal(outcome.documents[0]!.error?.code, 'ENOENT');
  });
});
