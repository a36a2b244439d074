// 0.8.0 cross-references streamed: a large generated 0.8.0 dump whose `securitySchemes`, `components`
// and root `protocolVersions` come after every tool, registry documents with every 0.8.0 defect kind,
// and one document in several member orders — the streamed check gives exactly the whole-file findings
// (positions included), single-threaded and fanned out, and the findings do not depend on the order.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { serverDocument080 } from '../../../corpus/generator/content080.js';
import { DEFECTS_080 } from '../../../corpus/generator/defects080.js';
import { renderDump } from '../../../corpus/generator/dump.js';
import { Rng } from '../../../corpus/generator/random.js';
import { checkHugeFile } from '../../../src/pool/fanout.js';
import { checkSlices, type RunSliceTask, type SliceResult } from '../../../src/worker/slices.js';
import { checkStreamed } from '../../../src/worker/streamed.js';
import { comparable, STREAMED as OPTIONS, testDir } from './helpers.js';
import { ALL_RULES, assertSame, whole } from './same.js';

const dir = testDir('stream080');

describe('0.8.0: streamed = whole-file', () => {
  const { text, manifest } = renderDump({ tools: 12_000, invalid: 40, seed: 80, mcpdesc: '0.8.0' });

  it('a large dump with its schemes, components and protocol versions after the tools', async () => {
    assert.deepEqual(manifest.memberOrder.slice(-5), [
      'securitySchemes',
      'components',
      'mcpdesc',
      'protocolVersions',
      'tags',
    ]);
    const expected = await assertSame(text, [1 << 16, 1 << 20]);
    // Every planted defect is reported where the manifest says, cross-references included.
    const found = new Set(expected.diagnostics.map((d) => `${d.ruleId} ${d.pointer}`));
    for (const planted of manifest.invalid) {
      for (const e of [...planted.errors, ...planted.warnings]) {
        assert.ok(found.has(`${e.ruleId} ${e.pointer}`), `${planted.kind}: ${e.ruleId} at ${e.pointer}`);
      }
    }
    const kinds = new Set(manifest.invalid.map((p) => p.kind));
    for (const kind of [
      'tool-undeclared-security-scheme',
      'tool-missing-schema-component',
      'tool-name-in-overlapping-scope',
    ]) {
      assert.ok(kinds.has(kind), kind);
    }
  });

  it('the same dump fanned out over (in-process) workers', async () => {
    const path = join(dir, 'dump080.json');
    writeFileSync(path, text);
    const job = { index: 1, path, file: 'dump080.json', size: Buffer.byteLength(text) };
    const options = { ...OPTIONS, rules: ALL_RULES };
    const single = await checkStreamed(job, options);
    const run: RunSliceTask = async (task, transferList) =>
      structuredClone(
        checkSlices(structuredClone(task, { transfer: transferList }), ALL_RULES),
      ) as SliceResult;
    const fanned = await checkHugeFile(job, options, run, { batchBytes: 256 * 1024, maxInFlight: 3 });
    assert.ok(single.documents[0]!.errors > 0);
    assert.deepEqual(comparable(fanned.documents[0]!), comparable(single.documents[0]!));
  });

  it('registry documents with every 0.8.0 defect kind', async () => {
    const rng = new Rng(808);
    for (const [k, defect] of DEFECTS_080.entries()) {
      const doc = serverDocument080(rng, { tools: 2 + (k % 5), serverName: `server-${k}` });
      const { document } = defect.apply(doc, rng);
      await assertSame(JSON.stringify(document, null, k % 2 === 0 ? 2 : 0), [97, 1 << 16]);
    }
  });
});

describe('0.8.0: the findings do not depend on member order', () => {
  // Cross-references in every direction: a tool using a scheme and a component, an undeclared scheme,
  // a missing component, a scope outside the root, two tools with one name in overlapping scopes.
  const members: Record<string, unknown> = {
    mcpdesc: '0.8.0',
    info: { name: 'order', version: '1.0.0' },
    protocolVersions: ['2025-11-25', '2026-07-28'],
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    components: { schemas: { In: { type: 'object', properties: { q: { type: 'string' } } } } },
    tools: [
      { name: 'a', inputSchema: { $componentRef: '#/components/schemas/In' }, security: [{ bearer: [] }] },
      { name: 'b', inputSchema: { $componentRef: '#/components/schemas/Nope' }, security: [{ nope: [] }] },
      { name: 'a', protocolVersions: ['2026-07-28'], inputSchema: { type: 'object' } },
      { name: 'c', protocolVersions: ['2024-11-05'], inputSchema: { type: 'object' }, execution: {} },
    ],
    transports: [{ type: 'stdio', command: 'x', protocolVersions: ['2025-11-25'] }],
  };
  const orders = [
    Object.keys(members),
    ['tools', 'transports', 'components', 'securitySchemes', 'info', 'mcpdesc', 'protocolVersions'],
    ['tools', 'mcpdesc', 'info', 'securitySchemes', 'transports', 'protocolVersions', 'components'],
  ];
  const texts = orders.map((order) =>
    JSON.stringify(Object.fromEntries(order.map((k) => [k, members[k]])), null, 1),
  );

  it('each order: streamed = whole-file', async () => {
    for (const text of texts) await assertSame(text, [7, 4096]);
  });

  it('every order: the same findings', () => {
    const findings = texts.map((text) =>
      whole(text)
        .diagnostics.map((d) => `${d.severity} ${d.ruleId} ${d.pointer} ${d.message}`)
        .sort(),
    );
    assert.ok(findings[0]!.length >= 6, findings[0]!.join('\n'));
    for (const other of findings.slice(1)) assert.deepEqual(other, findings[0]);
  });
});
