// The whole-file worker and the streamed path place diagnostics with two different locators (one pass
// over the whole text; per slice). A finding on a root member itself (`/info`, `/tools`) must land on
// the member's name in both, as must findings deep inside elements: same records whatever the size.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { DocumentResult } from '../../../src/types.js';
import { checkFile } from '../../../src/worker/check-file.js';
import { WHOLE } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-positions-'));
after(() => rmSync(dir, { recursive: true, force: true }));

async function both(name: string, text: string): Promise<[DocumentResult, DocumentResult]> {
  const path = join(dir, name);
  writeFileSync(path, text);
  const job = { index: 0, path, file: name, size: statSync(path).size };
  const whole = (await checkFile(job, WHOLE)).documents[0]!;
  const streamed = (await checkFile(job, { ...WHOLE, streamThreshold: 0 })).documents[0]!;
  return [whole, streamed];
}

const placed = (r: DocumentResult) =>
  r.diagnostics.map((d) => `${d.ruleId} ${d.pointer} ${d.line}:${d.column}`);

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
    const [whole, streamed] = await both('members.json', text);
    assert.ok(whole.diagnostics.some((d) => d.pointer === '/info' && d.line === 4 && d.column === 3));
    assert.ok(whole.diagnostics.some((d) => d.pointer === '/tools' && d.line === 2 && d.column === 3));
    assert.equal(streamed.streamed, true);
    assert.deepEqual(placed(streamed), placed(whole));
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
    const [whole, streamed] = await both('elements.json', text);
    assert.ok(whole.diagnostics.length >= 5, placed(whole).join('\n'));
    assert.deepEqual(placed(streamed), placed(whole));
  });
});
