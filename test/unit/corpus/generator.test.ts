// The generators are test infrastructure for every other suite, so their promises are tested here:
// determinism, the defect mix the manifest claims, and dumps that really are one valid JSON document.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { DEFECTS } from '../../../corpus/generator/defects.js';
import { generateDump, manifestPathFor, parseSize, renderDump } from '../../../corpus/generator/dump.js';
import { generateRegistry } from '../../../corpus/generator/registry.js';
import { checkText } from '../../../src/worker/check-text.js';

const root = mkdtempSync(join(tmpdir(), 'mcpdesc-gen-'));
after(() => rmSync(root, { recursive: true, force: true }));

describe('registry generator', () => {
  const a = generateRegistry({ out: join(root, 'a'), files: 400, seed: 7 });

  it('is deterministic for a seed and differs across seeds', () => {
    const b = generateRegistry({ out: join(root, 'b'), files: 400, seed: 7 });
    assert.deepEqual(b, a);
    const sample = a.defective[3]!.file;
    assert.deepEqual(readFileSync(join(root, 'b', sample)), readFileSync(join(root, 'a', sample)));
    const c = generateRegistry({ out: join(root, 'c'), files: 400, seed: 8 });
    assert.notDeepEqual(c.defective, a.defective);
  });

  it('plants ~5% defects of at least 15 kinds and ~0.7% non-JSON files', () => {
    const big = generateRegistry({ out: join(root, 'big'), files: 1000, seed: 1 });
    const notJson = big.defective.filter((d) => d.kinds[0]!.startsWith('not-json:'));
    assert.equal(notJson.length, 7);
    assert.equal(big.defective.length - notJson.length, 50);
    const kinds = new Set(big.defective.flatMap((d) => d.kinds).filter((k) => !k.startsWith('not-json:')));
    assert.ok(kinds.size >= 15, `only ${kinds.size} kinds`);
    assert.equal(kinds.size, DEFECTS.length);
    for (const entry of big.defective) {
      assert.equal(entry.status, entry.errors.length > 0 ? 'invalid' : 'valid', entry.file);
      assert.ok(entry.errors.length + entry.warnings.length > 0, entry.file);
    }
    rmSync(join(root, 'big'), { recursive: true, force: true });
  });

  it('writes files that parse exactly when the manifest says they are JSON', () => {
    const notJson = new Set(
      a.defective.filter((d) => d.kinds[0]!.startsWith('not-json:')).map((d) => d.file),
    );
    const defective = new Set(a.defective.map((d) => d.file));
    let clean = 0;
    let tools = 0;
    for (const dir of readdirSync(join(root, 'a'))) {
      if (dir === 'manifest.json') continue;
      for (const name of readdirSync(join(root, 'a', dir))) {
        const file = `${dir}/${name}`;
        const text = readFileSync(join(root, 'a', file), 'utf8');
        if (notJson.has(file)) {
          assert.throws(() => JSON.parse(text), SyntaxError, file);
          continue;
        }
        const doc = JSON.parse(text);
        if (!defective.has(file)) {
          clean++;
          assert.equal(doc.mcpdesc, '0.7.0');
          assert.ok(doc.tools.length >= 1 && doc.tools.length <= 40);
          for (const t of doc.tools) {
            assert.ok(t.description.length >= 100 && t.description.length <= 600, t.description);
            assert.equal(t.inputSchema.type, 'object');
            assert.match(t.name, /^[A-Za-z0-9_.-]{1,128}$/);
          }
          assert.equal(new Set(doc.tools.map((t: { name: string }) => t.name)).size, doc.tools.length);
        }
        if (Array.isArray(doc.tools)) tools += doc.tools.length;
      }
    }
    assert.equal(clean, 400 - a.defective.length);
    assert.equal(tools, a.tools);
  });
});

describe('dump generator', () => {
  it('parses sizes', () => {
    assert.equal(parseSize('1GB'), 1e9);
    assert.equal(parseSize('64KiB'), 65536);
    assert.equal(parseSize('100mb'), 1e8);
    assert.equal(parseSize('12345'), 12345);
    assert.throws(() => parseSize('big'));
  });

  it('writes one document, tools first, with planted tools at the recorded indexes', () => {
    const { text, manifest } = renderDump({ tools: 300, invalid: 9, seed: 3 });
    assert.equal(Buffer.byteLength(text), manifest.bytes);
    const doc = JSON.parse(text);
    assert.deepEqual(Object.keys(doc), manifest.memberOrder);
    assert.equal(manifest.memberOrder[0], 'tools');
    assert.ok(manifest.memberOrder.indexOf('mcpdesc') > 0 && manifest.memberOrder.indexOf('tags') > 0);
    assert.equal(doc.tools.length, 300);
    assert.equal(manifest.invalid.length, 9);
    const planted = new Set(manifest.invalid.map((p) => p.index));
    assert.equal(planted.size, 9);
    for (const p of manifest.invalid) {
      const t = doc.tools[p.index];
      const broken =
        !('inputSchema' in t) ||
        typeof t.description !== 'string' ||
        t.execution?.mode !== undefined ||
        JSON.stringify(t.inputSchema).includes('"strng"') ||
        JSON.stringify(t.inputSchema).includes('doesNotExist') ||
        !/^[A-Za-z0-9_.-]+$/.test(t.name);
      assert.ok(broken, `tool ${p.index} (${p.kind}) is not broken`);
      for (const e of [...p.errors, ...p.warnings]) assert.ok(e.pointer.startsWith(`/tools/${p.index}`));
    }
    for (let i = 0; i < doc.tools.length; i++) {
      if (planted.has(i)) continue;
      assert.ok('inputSchema' in doc.tools[i] && typeof doc.tools[i].description === 'string', `tool ${i}`);
    }
  });

  it('stops at the size bound and writes the manifest next to the file', () => {
    const out = join(root, 'd.mcpdesc.json');
    const m = generateDump(out, { size: 300_000, invalid: 4, seed: 5 });
    const bytes = readFileSync(out);
    assert.equal(bytes.length, m.bytes);
    assert.ok(m.bytes >= 300_000 && m.bytes < 310_000, String(m.bytes));
    assert.deepEqual(JSON.parse(readFileSync(manifestPathFor(out), 'utf8')), m);
    assert.equal(JSON.parse(bytes.toString('utf8')).tools.length, m.tools);
    assert.equal(m.invalid.length, 4);
  });
});

describe('0.8.0 generators', () => {
  const options = { target: null, ruleLevels: {}, maxDiagnostics: 10_000 };
  const found = (text: string) =>
    new Set(
      checkText(text, options, 'json').diagnostics.map((d) => `${d.severity} ${d.ruleId} ${d.pointer}`),
    );

  it('writes a 0.8.0 registry of the same shape: clean files, and each defect found where the manifest says', () => {
    const m = generateRegistry({ out: join(root, 'r080'), files: 300, seed: 8, mcpdesc: '0.8.0' });
    assert.equal(m.mcpdesc, '0.8.0');
    const defective = new Map(m.defective.map((d) => [d.file, d]));
    const kinds = new Set(m.defective.flatMap((d) => d.kinds).filter((k) => !k.startsWith('not-json:')));
    assert.ok(kinds.size >= 10, [...kinds].join(', '));
    let checked = 0;
    for (const dir of readdirSync(join(root, 'r080'))) {
      if (dir === 'manifest.json') continue;
      for (const name of readdirSync(join(root, 'r080', dir))) {
        const file = `${dir}/${name}`;
        const entry = defective.get(file);
        if (entry?.kinds[0]?.startsWith('not-json:')) continue;
        const got = found(readFileSync(join(root, 'r080', file), 'utf8'));
        checked++;
        if (entry === undefined) {
          assert.deepEqual([...got], [], file);
          continue;
        }
        for (const e of [...entry.errors, ...entry.warnings]) {
          assert.ok(
            got.has(`${e.severity} ${e.ruleId} ${e.pointer}`),
            `${file} (${entry.kinds}): ${e.ruleId} ${e.pointer}`,
          );
        }
      }
    }
    assert.ok(checked > 290);
    rmSync(join(root, 'r080'), { recursive: true, force: true });
  });

  it('writes a 0.8.0 dump whose cross-referenced members come after the tools', () => {
    const { text, manifest } = renderDump({ tools: 400, invalid: 16, seed: 9, mcpdesc: '0.8.0' });
    const doc = JSON.parse(text);
    assert.equal(doc.mcpdesc, '0.8.0');
    assert.deepEqual(manifest.memberOrder.slice(0, 1), ['tools']);
    for (const key of ['securitySchemes', 'components', 'protocolVersions'])
      assert.ok(manifest.memberOrder.indexOf(key) > 0, key);
    const got = found(text);
    for (const p of manifest.invalid) {
      for (const e of [...p.errors, ...p.warnings])
        assert.ok(got.has(`${e.severity} ${e.ruleId} ${e.pointer}`), `${p.kind}`);
    }
    const expected = manifest.invalid.flatMap((p) => [...p.errors, ...p.warnings]).length;
    assert.equal(got.size, expected, [...got].join('\n'));
  });
});
