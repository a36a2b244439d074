// The tail probe: root members found in the last bytes of a file, starting after a line feed (never
// inside a JSON string), with depths fixed by the document ending at depth 0.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderDump } from '../../../corpus/generator/dump.js';
import { probeTail } from '../../../src/parsing/splitter-probe.js';

function found(tail: string, keys = ['mcpdesc', 'tags']) {
  const result = probeTail(Buffer.from(tail), keys);
  return result === null
    ? null
    : Object.fromEntries([...result].map(([k, v]) => [k, JSON.parse(v.toString())]));
}

describe('probeTail', () => {
  it('finds the trailing root members of a generated dump from any line start', () => {
    const { text } = renderDump({ tools: 50, invalid: 3, seed: 1 });
    const doc = JSON.parse(text);
    for (const length of [3000, 20_000, text.length - 5]) {
      assert.deepEqual(
        found(text.slice(-length)),
        { mcpdesc: doc.mcpdesc, tags: doc.tags },
        `tail of ${length}`,
      );
    }
  });

  it('ignores the tags and mcpdesc keys of nested objects (entity tags in tools)', () => {
    const tail = `x",\n {"name": "t", "tags": ["a"], "mcpdesc": "nested"}, {"tags": []}\n ],\n "mcpdesc": "0.7.0"\n}\n`;
    assert.deepEqual(found(tail), { mcpdesc: '0.7.0' });
  });

  it('works on pretty-printed documents, where it starts inside an element', () => {
    const doc = {
      tools: [{ name: 'a', tags: ['x'], inputSchema: { properties: { tags: { type: 'string' } } } }],
      tags: [{ name: 'x' }],
      mcpdesc: '0.6.0',
    };
    const text = JSON.stringify(doc, null, 2);
    for (let cut = 1; cut < text.length - 10; cut += 7) {
      const got = found(text.slice(cut));
      if (got === null) continue; // no line feed left, or the tail starts in the middle of a value
      assert.deepEqual(
        got,
        Object.fromEntries(
          Object.entries({ mcpdesc: '0.6.0', tags: [{ name: 'x' }] }).filter(
            ([k]) => text.lastIndexOf(`"${k}"`) >= cut,
          ),
        ),
      );
    }
  });

  it('keeps the last of duplicate root members, and finds none in a root array', () => {
    assert.deepEqual(found('{\n"tags": [], "mcpdesc": "1", "mcpdesc": "2"}'), { tags: [], mcpdesc: '2' });
    assert.deepEqual(found('[\n{"mcpdesc": "x"}]'), {});
  });

  it('cannot tell without a line feed, or when the tail does not end as a document does', () => {
    assert.equal(found('{"tools": [], "mcpdesc": "0.7.0"}'), null);
    assert.equal(found('x\n"mcpdesc": "0.7.0", "tags": [1'), null);
    assert.equal(found('x\n {"a": 1}'), null);
  });
});
