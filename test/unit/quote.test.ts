// The one way document content is quoted in messages (parsing and validation alike): JSON-escaped,
// capped, the cut marked with "…" and never inside an escape sequence or a surrogate pair.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { QUOTE_LIMIT, quote } from '../../src/quote.js';
import { validateDocument } from '../../src/validation/engine.js';
import { REPO_ROOT } from '../helpers/run-cli.js';

describe('quote', () => {
  it('JSON-quotes strings and escapes control characters', () => {
    assert.equal(quote('get_forecast'), '"get_forecast"');
    assert.equal(quote('a"b\\c'), '"a\\"b\\\\c"');
    assert.equal(quote('bad \u001b[2J\n'), '"bad \\u001b[2J\\n"');
    assert.equal(quote('héllo'), '"héllo"');
  });

  it('cuts a long string at the limit and marks the cut inside the quotes', () => {
    assert.equal(quote('y'.repeat(10_000)), JSON.stringify(`${'y'.repeat(QUOTE_LIMIT)}…`));
    assert.equal(quote('y'.repeat(QUOTE_LIMIT)), JSON.stringify('y'.repeat(QUOTE_LIMIT)));
    assert.equal(quote('z'.repeat(61), 60), JSON.stringify(`${'z'.repeat(60)}…`));
  });

  // Cutting the escaped text gives "xx\u00… (and an unpaired surrogate in the message); cutting the
  // value through a surrogate pair does too: neither may happen.
  it('never cuts an escape sequence or a surrogate pair in two', () => {
    const escapes = `${'x'.repeat(58)}${'\u0001'.repeat(10)}`;
    assert.equal(quote(escapes, 60), JSON.stringify(`${'x'.repeat(58)}\u0001\u0001…`));
    const astral = `${'x'.repeat(59)}\u{1F600}tail`;
    const cut = quote(astral, 60);
    assert.equal(cut, JSON.stringify(`${'x'.repeat(59)}…`));
    assert.ok(!/\\ud83d|\ud83d/i.test(cut), cut);
    assert.equal(quote(`${'x'.repeat(58)}\u{1F600}tail`, 60), JSON.stringify(`${'x'.repeat(58)}\u{1F600}…`));
    assert.equal(quote(['x'.repeat(57), 1], 60), `["${'x'.repeat(57)}"…`);
    assert.equal(quote([`${'x'.repeat(56)}\u{1F600}`], 60), `["${'x'.repeat(56)}\u{1F600}…`);
    assert.equal(quote([`${'x'.repeat(57)}\u{1F600}`], 60), `["${'x'.repeat(57)}…`);
  });

  it('prints other values as JSON, cut the same way, and a value too deep to print by its type', () => {
    assert.equal(quote({ a: [1, null] }), '{"a":[1,null]}');
    assert.equal(quote(7), '7');
    assert.equal(quote(undefined), 'undefined');
    assert.equal(
      quote(
        Array.from({ length: 100 }, () => 1),
        9,
      ),
      '[1,1,1,1,…',
    );
    let deep: unknown[] = [];
    for (let i = 0; i < 1_000_000; i++) deep = [deep];
    assert.equal(quote(deep), '(array)');
  });

  it('is what structural and semantic rules both print for a long value', () => {
    const long = 'n'.repeat(500);
    const document = {
      mcpdesc: '0.7.0',
      info: { name: 'a', version: '1' },
      transports: [{ type: long, command: 'a' }],
      tools: [{ name: long }, { name: long }],
    };
    const { diagnostics } = validateDocument(document, { target: null, ruleLevels: {}, maxDiagnostics: 100 });
    const message = (ruleId: string) => diagnostics.find((d) => d.ruleId === ruleId)?.message ?? '';
    // One cap for both.
    assert.ok(message('mcpdesc.transport.members').includes(` ${JSON.stringify(`${'n'.repeat(80)}…`)};`));
    assert.ok(message('mcpdesc.tool.name-unique').includes(` ${JSON.stringify(`${'n'.repeat(80)}…`)} `));
  });

  it('is the only quoting function in the source', () => {
    const src = join(REPO_ROOT, 'src');
    const defining = (readdirSync(src, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts'))
      .filter((file) =>
        /\bfunction quote\s*\(|\bconst quote\s*=/.test(readFileSync(join(src, file), 'utf8')),
      );
    assert.deepEqual(defining, ['quote.ts']);
  });
});
