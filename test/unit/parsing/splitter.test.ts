// The splitter's contract: the slices it yields rebuild exactly the document JSON.parse sees, wherever
// the chunk boundaries fall, with exact byte offsets and UTF-16 line/column; and it rejects what
// JSON.parse rejects, without buffering anything larger than one element.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type SplitEvent, Splitter } from '../../../src/parsing/splitter.js';
import { chunks, rebuild, splitAll } from './splitter-harness.js';

const DOC = `{
  "tools": [
    {"name": "a\\"b", "description": "quote \\\\\\" backslash \\\\ end", "inputSchema": {"type": "object"}},
    {"name": "ünï—código 東京 🚀", "x": [1, -2.5e3, true, false, null, {"deep": [[[{}]]]}], "s": "}]{[,:"}
  , {"name": "\\u00e9\\ud83d\\ude80", "empty": {}, "arr": []}
  ],
  "info": {"name": "x", "version": "1"},
  "tags": [],
  "resources": "not an array",
  "mcpdesc": "0.7.0",
  "n": -0.5, "t": true, "nul": null, "deep": {"a": {"b": [1, {"c": "d"}]}},
  "prompts": [ "p" , 7 ]
}
`;

/** 1-based line and UTF-16 column of a byte offset, computed the slow, obvious way. */
function expectedPosition(text: string, byteOffset: number) {
  const before = Buffer.from(text, 'utf8').subarray(0, byteOffset).toString('utf8');
  const lines = before.split('\n');
  return { line: lines.length, column: lines[lines.length - 1]!.length + 1 };
}

describe('splitter: slicing', () => {
  const input = Buffer.from(DOC, 'utf8');
  const whole = JSON.parse(DOC);

  for (const sizes of [input.length, 1, 2, 3, 5, 7, 13, [1, 2, 64], [4, 1, 1, 9]]) {
    it(`rebuilds the document from its slices with chunks of ${JSON.stringify(sizes)}`, () => {
      const result = rebuild(splitAll(input, sizes));
      assert.ok(result.ok);
      assert.deepEqual(result.value, whole);
    });
  }

  it('splits only array-valued collections, and gives everything else as members', () => {
    const events = splitAll(input, 16);
    const elements = events.filter((e) => e.type === 'element').map((e) => `${e.key}[${e.index}]`);
    assert.deepEqual(elements, ['tools[0]', 'tools[1]', 'tools[2]', 'prompts[0]', 'prompts[1]']);
    const members = events.filter((e) => e.type === 'member').map((e) => e.key);
    assert.deepEqual(members, ['info', 'resources', 'mcpdesc', 'n', 't', 'nul', 'deep']);
    const ends = events.filter((e) => e.type === 'collectionEnd').map((e) => `${e.key}:${e.length}`);
    assert.deepEqual(ends, ['tools:3', 'tags:0', 'prompts:2']);
    assert.equal(events.at(-1)!.type, 'end');
  });

  it('gives each slice its byte offset and UTF-16 line/column, whatever the chunking', () => {
    for (const size of [1, 3, 1000]) {
      for (const e of splitAll(input, size)) {
        if (!('offset' in e)) continue;
        if (e.type === 'element' || e.type === 'member') {
          assert.equal(e.bytes.toString(), input.subarray(e.offset, e.offset + e.bytes.length).toString());
        }
        assert.deepEqual(
          { line: e.line, column: e.column },
          expectedPosition(DOC, e.offset),
          `${e.type} at ${e.offset}`,
        );
      }
    }
  });

  it('says where root names, collections, oversize values and the root end, whatever the chunking', () => {
    const text = `{"t\\u00e9": 1, "tools": [{"é": "🚀"},\n {"x": "${'y'.repeat(50)}"}\n],\n "info": "${'z'.repeat(50)}"}\n`;
    const input = Buffer.from(text, 'utf8');
    /** Position just after the first occurrence of `needle` at or after `from` (UTF-16 columns). */
    const after = (needle: string, from = 0) => {
      const end = text.indexOf(needle, from) + needle.length;
      return expectedPosition(text, Buffer.byteLength(text.slice(0, end)));
    };
    const at = (p: { line: number; column: number }) => ({ line: p.line, column: p.column });
    for (const size of [1, 2, 7, input.length]) {
      const events = splitAll(input, size, { maxElementBytes: 40 });
      const member = events.find((e) => e.type === 'member' && e.key === 'té');
      assert.ok(member?.type === 'member' && member.keyEnd);
      assert.deepEqual(at(member.keyEnd), after('"t\\u00e9"'));
      const start = events.find((e) => e.type === 'collectionStart');
      assert.ok(start?.type === 'collectionStart' && start.keyEnd);
      assert.deepEqual(at(start.keyEnd), after('"tools"'));
      const end = events.find((e) => e.type === 'collectionEnd');
      assert.ok(end?.type === 'collectionEnd');
      assert.deepEqual(at(end.end), after(']', text.indexOf('\n]')));
      const oversize = events.filter((e) => e.type === 'oversize');
      assert.deepEqual(
        oversize.map((e) => e.type === 'oversize' && at(e.end)),
        [after(`"}`, text.indexOf('"x"')), after(`z"`)],
      );
      const last = events.at(-1)!;
      assert.ok(last.type === 'end' && last.rootEnd);
      assert.deepEqual(at(last.rootEnd), after('}', text.lastIndexOf('}')));
    }
  });

  it('gives an error the width of its offending character, none at the end of input', () => {
    const widths = (text: string) =>
      splitAll(Buffer.from(text), 3)
        .filter((e) => e.type === 'error')
        .map((e) => e.type === 'error' && e.width);
    assert.deepEqual(widths('{"a":1 x}'), [1]);
    assert.deepEqual(widths('{"a":1 🚀}'), [2]);
    assert.deepEqual(widths('{"a":1'), [0]);
  });

  it('counts columns in UTF-16 units after non-ASCII on the same line (single-line dumps)', () => {
    const text = '{"tools":[{"d":"東京🚀é"},{"n":1},{"m":"\\"x"}],"mcpdesc":"0.7.0"}';
    const events = splitAll(Buffer.from(text), 2);
    for (const e of events) {
      if (e.type !== 'element' && e.type !== 'member') continue;
      const at = text.indexOf(e.bytes.toString());
      assert.deepEqual({ line: e.line, column: e.column }, { line: 1, column: at + 1 });
    }
  });

  it('handles non-object roots', () => {
    assert.deepEqual(rebuild(splitAll(Buffer.from(' [1, {"a": [2]}, "x"] '), 2)), {
      ok: true,
      value: [1, { a: [2] }, 'x'],
      elements: [
        { key: null, index: 0, value: 1 },
        { key: null, index: 1, value: { a: [2] } },
        { key: null, index: 2, value: 'x' },
      ],
    });
    for (const scalar of ['"s"', '12.5', 'true', 'null', ' -1 ']) {
      const r = rebuild(splitAll(Buffer.from(scalar), 1));
      assert.ok(r.ok, scalar);
      assert.deepEqual(r.value, JSON.parse(scalar));
    }
    const kinds = ['{}', '[]', '"a"', '1', 'false', 'null'].map(
      (t) => (splitAll(Buffer.from(t), 1).find((e) => e.type === 'root') as { kind: string }).kind,
    );
    assert.deepEqual(kinds, ['object', 'array', 'string', 'number', 'boolean', 'null']);
  });

  it('skips a BOM, reports it, and counts columns without it', () => {
    const events = splitAll(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a": 1}')]), 2);
    assert.equal(events[0]!.type, 'bom');
    const member = events.find((e) => e.type === 'member') as Extract<SplitEvent, { type: 'member' }>;
    assert.deepEqual([member.offset, member.line, member.column], [9, 1, 7]);
  });

  it('captures only the requested keys in pre-pass mode, without splitting', () => {
    const events = splitAll(input, 5, { captureKeys: ['mcpdesc', 'tags'] });
    const members = events.filter((e) => e.type === 'member') as Array<
      Extract<SplitEvent, { type: 'member' }>
    >;
    assert.deepEqual(
      members.map((m) => [m.key, JSON.parse(m.bytes.toString())]),
      [
        ['tags', []],
        ['mcpdesc', '0.7.0'],
      ],
    );
    assert.equal(events.filter((e) => e.type === 'element').length, 0);
  });
});

function rejects(text: string | Buffer, sizes: number | number[] = 3) {
  const input = typeof text === 'string' ? Buffer.from(text) : text;
  return rebuild(splitAll(input, sizes));
}

describe('splitter: malformed input', () => {
  it('rejects every truncation of a valid document, at or before the end', () => {
    const input = Buffer.from(DOC.trimEnd());
    for (let cut = 0; cut < input.length; cut++) {
      const r = rebuild(splitAll(input.subarray(0, cut), 7));
      assert.equal(r.ok, false, `prefix of ${cut} bytes accepted`);
      assert.ok(!r.ok && r.offset <= cut);
    }
  });

  it('rejects garbage after the root, with its position', () => {
    const events = splitAll(Buffer.from('{"a": 1}\n  {"b": 2}'), 4);
    const error = events.find((e) => e.type === 'error') as Extract<SplitEvent, { type: 'error' }>;
    assert.deepEqual([error.offset, error.line, error.column], [11, 2, 3]);
    assert.equal(error.message, 'Invalid JSON: Unexpected "{" after the JSON value.');
    assert.ok(!rejects('[1] 2').ok);
    assert.ok(!rejects('"a" "b"').ok);
    assert.ok(!rejects('1 2').ok);
  });

  it('rejects unbalanced and mismatched brackets', () => {
    for (const text of [
      '{"tools": [{]}',
      '{"tools": [[}]]}',
      '{"a": [1}',
      '{"a": {"b": 1]}',
      '{"a":1}}',
      '[1]]',
      '{"a": 1',
    ]) {
      assert.equal(rejects(text).ok, false, text);
    }
    const events = splitAll(Buffer.from('{"tools": [\n  {"a": [1}\n]}'), 1);
    const error = events.find((e) => e.type === 'error') as Extract<SplitEvent, { type: 'error' }>;
    assert.deepEqual([error.line, error.column], [2, 11]);
  });

  it('rejects bad grammar between members and elements', () => {
    for (const text of [
      '',
      '   ',
      '{"a" 1}',
      '{"a": 1 "b": 2}',
      '{"a": 1,}',
      '{,}',
      '{"tools": [1 2]}',
      '{"tools": [1,]}',
      '{"tools": [,1]}',
      '{a: 1}',
      "{'a': 1}",
      '{"a": tru}',
      '{"a": 01}',
      '{"a": "x\ny"}',
      '{"a\\x": 1}',
      '{"tools": [{"a": "\\q"}]}',
      '{"a": -}',
      'nul',
      '<html></html>',
    ]) {
      assert.equal(rejects(text, 2).ok, false, JSON.stringify(text));
      assert.throws(() => JSON.parse(text), SyntaxError, JSON.stringify(text));
    }
  });

  it('rejects invalid UTF-8 inside a slice, at the bad byte', () => {
    const input = Buffer.concat([
      Buffer.from('{"tools": [{"a": "ok"},\n {"a": "é'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}]}'),
    ]);
    const events = splitAll(input, 3);
    const error = events.find((e) => e.type === 'error') as Extract<SplitEvent, { type: 'error' }>;
    assert.equal(error.offset, input.indexOf(0xc3, input.indexOf('é') + 2));
    assert.deepEqual([error.line, error.column], [2, 10]);
    assert.match(error.message, /UTF-8/);
    // An unpaired surrogate encoded in UTF-8 (CESU) and an overlong '/' are ill-formed too.
    assert.ok(!rejects(Buffer.from([0x22, 0xed, 0xa0, 0x80, 0x22])).ok);
    assert.ok(!rejects(Buffer.from([0x22, 0xc0, 0xaf, 0x22])).ok);
  });

  it('stops at the first error and ignores what follows', () => {
    const splitter = new Splitter();
    const first = splitter.push(Buffer.from('{"a": 1}} {"b": [[[['));
    assert.equal(first.filter((e) => e.type === 'error').length, 1);
    assert.deepEqual(splitter.push(Buffer.from('more garbage')), []);
    assert.deepEqual(
      splitter.end().map((e) => e.type),
      ['end'],
    );
  });
});

describe('splitter: bounded memory', () => {
  it('scans 100k-deep nesting inside one element', () => {
    const depth = 100_000;
    const text = `{"tools": [${'['.repeat(depth)}${']'.repeat(depth)}, {"ok": true}], "mcpdesc": "0.7.0"}`;
    const events = splitAll(Buffer.from(text), 4096);
    const elements = events.filter((e) => e.type === 'element');
    assert.equal(elements.length, 2);
    assert.equal(events.at(-1)!.type, 'end');
    const bad = `{"tools": [${'['.repeat(depth)}${']'.repeat(depth - 1)}}`;
    const error = splitAll(Buffer.from(bad), 4096).find((e) => e.type === 'error');
    assert.equal(error?.type === 'error' && error.offset, bad.length - 1);
  });

  it('skips an element above maxElementBytes with an oversize event instead of buffering it', () => {
    const big = 'x'.repeat(5000);
    const text = `{"tools": [{"a": 1}, {"d": "${big}"}, {"b": 2}], "info": "${big}", "mcpdesc": "0.7.0"}`;
    const events = splitAll(Buffer.from(text), 100, { maxElementBytes: 1000 });
    const oversize = events.filter((e) => e.type === 'oversize');
    assert.deepEqual(
      oversize.map((e) => [e.key, e.index, e.offset, e.limit]),
      [
        ['tools', 1, text.indexOf('{"d"'), 1000],
        ['info', null, text.lastIndexOf(`"${big}`), 1000],
      ],
    );
    const elements = events.filter((e) => e.type === 'element').map((e) => e.index);
    assert.deepEqual(elements, [0, 2]);
    assert.equal(events.at(-1)!.type, 'end');
  });

  it('keeps no reference to chunks it has finished with', () => {
    // A 10 MB string in 64 KiB chunks with a 1 MB cap: the splitter must hold at most one chunk's part.
    const splitter = new Splitter({ maxElementBytes: 1 << 20 });
    splitter.push(Buffer.from('{"tools": [{"s": "'));
    const chunk = Buffer.alloc(65536, 0x61);
    for (let i = 0; i < 160; i++) splitter.push(chunk);
    const events = [...splitter.push(Buffer.from('"}], "mcpdesc": "0.7.0"}')), ...splitter.end()];
    assert.deepEqual(
      events.map((e) => e.type),
      ['oversize', 'collectionEnd', 'member', 'end'],
    );
    void chunks;
  });
});
