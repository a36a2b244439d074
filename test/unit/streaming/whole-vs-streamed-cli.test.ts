// The whole-file worker and the streamed path place diagnostics with two different locators (one pass
// over the whole text; per slice). A finding on a root member itself (`/info`, `/tools`) must land on
// the member's name in both, as must findings deep inside elements: same records whatever the size.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { checkHugeFile } from '../../../src/pool/fanout.js';
import type { DocumentResult } from '../../../src/types.js';
import { checkFile } from '../../../src/worker/check-file.js';
import { inProcessSlices, WHOLE } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-positions-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Whole-file, streamed on one thread, and fanned out over (in-process) slice tasks. */
async function both(name: string, text: string): Promise<[DocumentResult, DocumentResult, DocumentResult]> {
  const path = join(dir, name);
  writeFileSync(path, text);
  const job = { index: 0, path, file: name, size: statSync(path).size };
  const whole = (await checkFile(job, WHOLE)).documents[0]!;
  const streamed = (await checkFile(job, { ...WHOLE, streamThreshold: 0 })).documents[0]!;
  const fanned = (
    await checkHugeFile(job, { ...WHOLE, streamThreshold: 0 }, inProcessSlices, { batchBytes: 64 })
  ).documents[0]!;
  return [whole, streamed, fanned];
}

const placed = (r: DocumentResult) =>
  r.diagnostics.map((d) => `${d.ruleId} ${d.pointer} ${d.line}:${d.column}-${d.endLine}:${d.endColumn}`);

/** The text a finding's span covers (end exclusive). */
function spanText(text: string, d: DocumentResult['diagnostics'][number]): string {
  const lines = text.split('\n');
  const offset = (line: number, column: number) =>
    lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0) + column - 1;
  return text.slice(offset(d.line!, d.column!), offset(d.endLine!, d.endColumn!));
}

describe('whole-file and streamed diagnostics carry the same positions', () => {
  it('findings on root members are placed on the member name', async () => {
    const text = [
      '{',
      '  "tools":  [],',
      '  "mcpdesc": "0.7.0",',
      '  "info":   {"name": "x"},',
      '  "transports": [{"type": "stdio", "command": "x", "extra": true}],',
      '  "x-vendor": 1, "capabilities": {"tools": {"listChanged": "yes"}}',
      '}',
    ].join('\n');
    const [whole, streamed, fanned] = await both('members.json', text);
    assert.ok(whole.diagnostics.some((d) => d.pointer === '/info' && d.line === 4 && d.column === 3));
    assert.ok(whole.diagnostics.some((d) => d.pointer === '/tools' && d.line === 2 && d.column === 3));
    // A member spans its name and value; a collection to its ']'.
    const at = (pointer: string) => spanText(text, whole.diagnostics.find((d) => d.pointer === pointer)!);
    assert.equal(at('/info'), '"info":   {"name": "x"}');
    assert.equal(at('/tools'), '"tools":  []');
    assert.equal(at('/transports/0/extra'), '"extra": true');
    assert.equal(at('/capabilities/tools/listChanged'), '"listChanged": "yes"');
    assert.equal(streamed.streamed, true);
    assert.deepEqual(placed(streamed), placed(whole));
    assert.deepEqual(placed(fanned), placed(whole));
  });

  it('findings at the root span the whole document, in every mode', async () => {
    const text =
      '{\n  "info": {"name": "x", "version": "1"},\n  "tools": [{"name": "a", "inputSchema": {"type": "object"}}]\n}';
    const [whole, streamed, fanned] = await both('root.json', text);
    const root = whole.diagnostics.find((d) => d.pointer === '');
    assert.ok(root, placed(whole).join('\n'));
    assert.equal(spanText(text, root), text);
    assert.deepEqual(placed(streamed), placed(whole));
    assert.deepEqual(placed(fanned), placed(whole));
  });

  it('findings inside elements and nested members', async () => {
    const text = JSON.stringify(
      {
        mcpdesc: '0.7.0',
        info: { name: 'x', version: '1' },
        transports: [{ type: 'stdio', command: 'x' }],
        tools: [
          { name: 'a', inputSchema: { type: 'object', properties: { p: { type: 'strin' } } } },
          { name: 'a', input_schema: {}, annotations: { readOnlyHint: 'no' }, tags: ['t', 't'] },
        ],
        tags: [{ name: 'u' }],
      },
      null,
      2,
    );
    const [whole, streamed, fanned] = await both('elements.json', text);
    assert.ok(whole.diagnostics.length >= 5, placed(whole).join('\n'));
    // An element spans its value, `{` to `}`.
    const tool = whole.diagnostics.find(
      (d) => d.pointer === '/tools/1' && d.ruleId === 'mcpdesc.tool.input-schema-present',
    );
    assert.ok(tool, placed(whole).join('\n'));
    const span = spanText(text, tool);
    assert.ok(span.startsWith('{') && span.endsWith('}'));
    assert.deepEqual(JSON.parse(span).input_schema, {});
    assert.deepEqual(placed(streamed), placed(whole));
    assert.deepEqual(placed(fanned), placed(whole));
  });
});

describe('a document after more leading whitespace than the header probe reads', () => {
  it('is checked as the object it is, whole, streamed and fanned out', async () => {
    // 8 MiB of spaces once made the streamed check report "root must be a JSON object, found null".
    const doc = {
      mcpdesc: '0.7.0',
      info: { name: 'r', version: '1.0.0' },
      transports: [{ type: 'stdio', command: 'x' }],
      tools: [{ name: 't', inputSchema: { type: 'object' }, extra: 1 }],
    };
    const text = `${' '.repeat(8 * 1024 * 1024)}${JSON.stringify(doc)}`;
    const [whole, streamed, fanned] = await both('padded.json', text);
    assert.deepEqual(
      whole.diagnostics.map((d) => d.ruleId),
      ['mcpdesc.tool.members'],
    );
    assert.deepEqual(placed(streamed), placed(whole));
    assert.deepEqual(placed(fanned), placed(whole));
  });
});
