// Whole-file and streamed checking give identical diagnostics, positions included: on generated dumps
// (tools first, `mcpdesc` and `tags` after them), on generated registry documents with every defect
// kind, and on hand-written edge cases; with chunk boundaries anywhere.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { serverDocument } from '../../../corpus/generator/content.js';
import { DEFECTS } from '../../../corpus/generator/defects.js';
import { renderDump } from '../../../corpus/generator/dump.js';
import { Rng } from '../../../corpus/generator/random.js';
import { checkText } from '../../../src/worker/check-text.js';
import type { StreamOptions } from '../../../src/worker/streamed.js';
import { STREAMED as OPTIONS } from './helpers.js';
import { assertSame, streamed } from './same.js';

describe('streamed = whole-file: generated documents', () => {
  it('a dump with tools first and mcpdesc/tags after them, with planted invalid tools', async () => {
    const { text, manifest } = renderDump({ tools: 300, invalid: 14, seed: 11 });
    const expected = await assertSame(text);
    // The planted tools are reported at their /tools/N pointers (the fixture rules cover most kinds).
    const pointers = new Set(expected.diagnostics.map((d) => d.pointer));
    const covered = manifest.invalid.filter((p) => p.kind !== 'tool-name-format');
    for (const p of covered) {
      assert.ok(
        [...pointers].some((q) => q.startsWith(`/tools/${p.index}/`)),
        `planted ${p.kind} at /tools/${p.index}`,
      );
    }
    assert.ok(expected.diagnostics.length >= covered.length);
  });

  it('a pretty-printed dump with CRLF line ends and non-ASCII on every line', async () => {
    const { text } = renderDump({ tools: 60, invalid: 6, seed: 4 });
    const pretty = JSON.stringify(JSON.parse(text), null, 2).replace(/\n/g, '\r\n');
    await assertSame(pretty, [29, 1000, 1 << 20]);
  });

  it('registry documents with every defect kind, in every indentation', async () => {
    const rng = new Rng(99);
    for (const [k, defect] of DEFECTS.entries()) {
      const doc = serverDocument(rng, { tools: 1 + (k % 6), serverName: `server-${k}` });
      const { document } = defect.apply(doc, rng);
      for (const indent of [0, 2, '\t']) {
        await assertSame(JSON.stringify(document, null, indent), [97, 1 << 16]);
      }
    }
  });
});

describe('streamed = whole-file: hand-written documents', () => {
  const cases: Record<string, string> = {
    'duplicate names, reported mid-stream about an earlier element and at finish': `{
      "tools": [{"name": "a", "inputSchema": {}}, {"name": "b", "inputSchema": {}},
                {"name": "a", "input_schema": {}}],
      "mcpdesc": "0.7.0"}`,
    'tags declared after the entities that use them': `{"tools": [
      {"name": "t", "inputSchema": {}, "tags": ["x", "nope", "y"]}],
      "prompts": [{"name": "p", "tags": ["nope"]}],
      "tags": [{"name": "x"}, {"name": "y"}], "info": {"title": "no version"}, "mcpdesc": "0.7.0"}`,
    'collections that are not arrays are members': `{"tools": {"name": "x"}, "resources": "r", "tags": null,
      "mcpdesc": "0.7.0", "info": {"version": "1"}}`,
    'empty collections and no info': '{"tools": [], "prompts": [ ], "mcpdesc": "0.6.0"}',
    'a missing mcpdesc': '{"info": {"version": "1", "websiteUrl": "not a url"}, "tools": [{"name": "z"}]}',
    'an array root': '[{"name": "a"}, {"name": "a"}]',
    'a string root': '  "just a string"  ',
    'an empty object': '{}',
    'escapes and unicode in names and keys': `{"tools": [{"name": "\\u0061", "inputSchema": {"properties": {"k\\"ey": {"type": "strng"},
      "東京": {"type": "strng"}, "🚀": {"$ref": "#/$defs/doesNotExist"}}}}, {"name": "a", "inputSchema": {}}],
      "__proto__": {"polluted": true}, "constructor": 1, "mcpdesc": "0.7.0", "info": {"version": "1"}}`,
    'transports with bad types and deep paths': `{"transports": [{"type": "stdio"}, {"type": "websocket"}],
      "info": {"version": "1"}, "mcpdesc": "0.7.0", "tools": [{"name": "n", "execution": {"mode": 1}, "inputSchema": {}}]}`,
  };
  for (const [name, text] of Object.entries(cases)) {
    it(name, async () => {
      await assertSame(text, [1, 3, 64, 1 << 20]);
    });
  }

  it('keeps the first N diagnostics and exact counts when --max-diagnostics-per-file cuts', async () => {
    const { text } = renderDump({ tools: 200, invalid: 20, seed: 5 });
    const expected = await assertSame(text, [512, 1 << 20], { ...OPTIONS, maxDiagnosticsPerFile: 4 });
    assert.equal(expected.truncated, true);
    assert.equal(expected.diagnostics.length, 4);
  });

  it('honours rule levels and targets the same way', async () => {
    const { text } = renderDump({ tools: 50, invalid: 7, seed: 6 });
    await assertSame(text, [1000], {
      ...OPTIONS,
      ruleLevels: { 'test.tool.shape': 'off', 'test.root.members': 'error' },
    });
  });
});

describe('streamed = whole-file: a header guessed from both ends of the file', () => {
  // probeBytes 2048: these documents are many times the probe, so the header is guessed and confirmed.
  const guessed: StreamOptions = { probeBytes: 2048 };
  const { text } = renderDump({ tools: 120, invalid: 9, seed: 31 });
  const doc = JSON.parse(text) as Record<string, unknown>;
  const layouts: Record<string, string> = {
    'tools first, mcpdesc and tags at the end (the guess holds)': text,
    'pretty-printed, the guess holds': JSON.stringify(doc, null, 2),
    'tags between two collections, outside both probes (the guess fails, full pre-pass)': JSON.stringify(
      {
        tools: doc.tools,
        tags: doc.tags,
        resources: (doc.tools as unknown[]).map((_, i) => ({ uri: `file:///${i}`, name: `r${i}` })),
        mcpdesc: doc.mcpdesc,
      },
      null,
      1,
    ),
    'a tags array longer than the probe at the end (the guess fails)': JSON.stringify(
      {
        tools: doc.tools,
        mcpdesc: doc.mcpdesc,
        tags: Array.from({ length: 200 }, (_, i) => ({ name: `t${i}` })),
      },
      null,
      1,
    ),
    'mcpdesc at the head only, tags at the end': JSON.stringify(
      { mcpdesc: '0.6.0', tools: doc.tools, tags: doc.tags },
      null,
      1,
    ),
    'no mcpdesc and no tags at all': JSON.stringify({ tools: doc.tools, info: { version: '1' } }, null, 1),
  };
  it('a second mcpdesc in the middle: the duplicate name stops both modes at the same place', async () => {
    const text = JSON.stringify({ mcpdesc: '0.7.0', tools: doc.tools, prompts: [] }, null, 1).replace(
      '"prompts": []',
      '"mcpdesc": "0.5.0", "prompts": []',
    );
    const engine = { target: null, ruleLevels: {}, maxDiagnostics: 1000 };
    const expected = checkText(text, engine).diagnostics;
    assert.deepEqual(
      expected.map((d) => [d.ruleId, d.pointer]),
      [['mcpdesc.document.duplicate-key', '/mcpdesc']],
    );
    const got = await streamed(text, 4096, OPTIONS, guessed);
    assert.deepEqual(got.diagnostics, expected);
    assert.deepEqual([got.tools, got.mcpdesc, got.status], [0, null, 'invalid']);
  });
  for (const [name, layout] of Object.entries(layouts)) {
    it(name, async () => {
      await assertSame(layout, [4096], OPTIONS, guessed);
    });
  }
});
