import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { doc, found, messages, report, tool } from './helpers.js';

const UNIQUE = 'mcpdesc.tool.name-unique';
const NONEMPTY = 'mcpdesc.tool.name-nonempty';
const FORMAT = 'mcpdesc.tool.name-format';
const INPUT = 'mcpdesc.tool.input-schema-present';

describe('mcpdesc.tool.name-unique', () => {
  it('treats __proto__, constructor and toString like any other name', () => {
    const names = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];
    assert.deepEqual(found(doc({ tools: names.map((n) => tool(n)) }), UNIQUE), []);
    const parsed = JSON.parse(
      '{"mcpdesc":"0.7.0","tools":[{"name":"__proto__"},{"name":"toString"},{"name":"__proto__"},{"name":"toString"}]}',
    );
    assert.deepEqual(found(parsed, UNIQUE), ['/tools/2/name warning', '/tools/3/name warning']);
  });

  it('names the first occurrence in the message', () => {
    assert.deepEqual(messages(doc({ tools: [tool('a'), tool('b'), tool('a')] }), UNIQUE), [
      '"name" "a" is already used by /tools/0/name; expected a name unique among the document\'s tools',
    ]);
  });

  it('reports one diagnostic per duplicate for 50k tools sharing one name, with exact counts', () => {
    const tools = Array.from({ length: 50_000 }, () => tool('same'));
    const r = report(doc({ tools }), UNIQUE, { maxDiagnostics: 100 });
    assert.equal(r.byRule[UNIQUE], 49_999);
    assert.equal(r.warnings, 49_999);
    assert.equal(r.diagnostics.length, 100);
    assert.equal(r.truncated, true);
    assert.equal(r.diagnostics[99]?.pointer, '/tools/100/name');
  });

  it('ignores non-string and empty names (other rules own them)', () => {
    assert.deepEqual(
      found(doc({ tools: [tool(1), tool(1), tool(''), tool(''), { tools: 'x' }, 'str'] }), UNIQUE),
      [],
    );
  });

  it('does not compare tool names with other collections', () => {
    assert.deepEqual(
      found(
        doc({ tools: [tool('x')], prompts: [{ name: 'x' }], resources: [{ name: 'x', uri: 'a:b' }] }),
        UNIQUE,
      ),
      [],
    );
  });
});

describe('mcpdesc.tool.name-nonempty', () => {
  it('is a warning for 0.4.0–0.7.0 documents; the draft Tool rule makes it an error of mcpdesc.tool.members', () => {
    for (const version of ['0.4.0', '0.5.2', '0.6.0', '0.7.0']) {
      assert.deepEqual(
        found(doc({ tools: [tool('')] }, version), NONEMPTY),
        ['/tools/0/name warning'],
        version,
      );
    }
    assert.deepEqual(found(doc({ tools: [tool('')] }), NONEMPTY, { target: '0.9.0-rc.3' }), []);
    assert.deepEqual(found(doc({ tools: [tool('')] }), 'mcpdesc.tool.members', { target: '0.9.0-rc.3' }), [
      '/tools/0/name error',
    ]);
  });

  it('leaves a missing or non-string name to mcpdesc.tool.members', () => {
    assert.deepEqual(found(doc({ tools: [{ inputSchema: {} }, tool(null), tool(' ')] }), NONEMPTY), []);
  });
});

describe('mcpdesc.tool.name-format', () => {
  it('accepts 1 to 128 characters of [A-Za-z0-9_.-]', () => {
    assert.deepEqual(found(doc({ tools: [tool('a'), tool('A-z_0.9'), tool('x'.repeat(128))] }), FORMAT), []);
  });

  it('warns on other characters and on 129 characters, but not on the empty name', () => {
    const tools = [tool('nasa/apod'), tool('x'.repeat(129)), tool('héllo'), tool(''), tool('a b')];
    assert.deepEqual(found(doc({ tools }), FORMAT), [
      '/tools/0/name warning',
      '/tools/1/name warning',
      '/tools/2/name warning',
      '/tools/4/name warning',
    ]);
  });

  it('names the first offending character', () => {
    assert.match(
      messages(doc({ tools: [tool('nasa/apod')] }), FORMAT)[0]!,
      /but it contains "\/" at character 5$/,
    );
  });

  it('quotes a character outside the BMP whole, never half a surrogate pair', () => {
    assert.match(
      messages(doc({ tools: [tool('get_\u{1F600}')] }), FORMAT)[0]!,
      /contains "\u{1F600}" at character 5$/u,
    );
  });

  it('counts characters in UTF-16 code units, line breaks and lone surrogates included', () => {
    const [newline, lone, after] = messages(
      doc({ tools: [tool('ab\ncd'), tool('a\uDC00b'), tool('\u{1F600}\u{1F600}x y')] }),
      FORMAT,
    );
    assert.match(newline!, /contains "\\n" at character 3$/);
    assert.match(lone!, /at character 2$/);
    assert.match(after!, /contains "\u{1F600}" at character 1$/u);
  });

  it('keeps the message short for a huge name', () => {
    const [message] = messages(doc({ tools: [tool('y'.repeat(1_000_000))] }), FORMAT);
    assert.ok(message && message.length < 400, 'message length');
    assert.match(message!, /1000000 characters/);
  });
});

describe('mcpdesc.tool.input-schema-present', () => {
  it('points at the tool and hints at a misnamed schema', () => {
    const tools = [{ name: 'a', input_schema: {} }, { name: 'b', parameters: [] }, { name: 'c' }, tool('d')];
    assert.deepEqual(found(doc({ tools }), INPUT), [
      '/tools/0 warning',
      '/tools/1 warning',
      '/tools/2 warning',
    ]);
    const [first, second, third] = messages(doc({ tools }), INPUT);
    assert.match(first!, /found "input_schema"/);
    assert.match(second!, /found "parameters"/);
    assert.doesNotMatch(third!, /found/);
  });

  it('leaves the 0.9.0-rc.3 target to the draft Tool rule (mcpdesc.tool.members)', () => {
    assert.deepEqual(found(doc({ tools: [{ name: 'a' }] }), INPUT, { target: '0.9.0-rc.3' }), []);
    assert.deepEqual(
      found(doc({ tools: [{ name: 'a' }] }), 'mcpdesc.tool.members', { target: '0.9.0-rc.3' }),
      ['/tools/0 error'],
    );
  });

  it('counts a present but wrongly typed inputSchema as present, and skips non-object tools', () => {
    assert.deepEqual(
      found(doc({ tools: [{ name: 'a', inputSchema: null }, 'tool', ['x'], null] }), INPUT),
      [],
    );
  });
});
