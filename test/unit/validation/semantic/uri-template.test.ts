import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseUriTemplate } from '../../../../src/validation/json-schema/uri-template.js';

describe('parseUriTemplate (RFC 6570 syntax)', () => {
  // Examples in the style of RFC 6570 §1.2, one per level and operator.
  const valid = [
    '',
    'http://example.com/home',
    'http://example.com/~{username}/',
    '{var}',
    '{+path}/here',
    'here?ref={+path}',
    'X{#var}',
    '{x,y}',
    '{.who,who}',
    '{/who,dub}',
    '{;x,y,empty}',
    '{?x,y}',
    '?fixed=yes{&x}',
    '{var:3}',
    '{var:9999}',
    '{list*}',
    '{keys*}',
    '{/list*,path:4}',
    '{a.b.c}',
    '{%41bc}',
    'file:///{+path}',
    'chess://players/{player_id}/games?from={start_date}&to={end_date}',
    'caf%C3%A9/{q}',
    'über/{q}',
  ];
  for (const template of valid) {
    it(`accepts ${JSON.stringify(template)}`, () => assert.equal(parseUriTemplate(template), null));
  }

  const invalid: Array<[string, number, RegExp]> = [
    ['chess://games/{game_id', 14, /never closed/],
    ['a}b', 1, /without a matching/],
    ['{}', 0, /empty expression/],
    ['{=x}', 1, /reserves/],
    ['{|x}', 1, /reserves/],
    ['{x y}', 2, /"," or "}"/],
    ['{x,}', 3, /variable name/],
    ['{,x}', 1, /reserves/],
    ['{x.}', 2, /not followed by a name character/],
    ['{x..y}', 2, /not followed by a name character/],
    ['{x:0}', 3, /1 to 9999/],
    ['{x:10000}', 3, /1 to 9999/],
    ['{x:}', 3, /1 to 9999/],
    ['{x*:3}', 3, /"," or "}"/],
    ['{x-y}', 2, /"," or "}"/],
    ['{%4}', 1, /variable name/],
    ['a b', 1, /a space/],
    ['a"b', 1, /"\\""/],
    ['100%', 3, /percent-encoding/],
    ['%zz', 0, /percent-encoding/],
    ['a\u0001', 1, /control character/],
    ['{a{b}', 2, /"," or "}"/],
  ];
  for (const [template, index, message] of invalid) {
    it(`rejects ${JSON.stringify(template)} at ${index}`, () => {
      const error = parseUriTemplate(template);
      assert.ok(error, 'expected an error');
      assert.equal(error.index, index);
      assert.match(error.message, message);
    });
  }

  it('never throws, and reports an index inside the template', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (template) => {
        const error = parseUriTemplate(template);
        if (error !== null) assert.ok(error.index >= 0 && error.index <= template.length);
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts every template assembled from the grammar', () => {
    const varname = fc.stringMatching(/^[A-Za-z0-9_]([A-Za-z0-9_]|\.[A-Za-z0-9_]){0,5}$/);
    const varspec = fc
      .tuple(varname, fc.constantFrom('', '*', ':1', ':42', ':9999'))
      .map(([name, modifier]) => name + modifier);
    const expression = fc
      .tuple(
        fc.constantFrom('', '+', '#', '.', '/', ';', '?', '&'),
        fc.array(varspec, { minLength: 1, maxLength: 3 }),
      )
      .map(([op, specs]) => `{${op}${specs.join(',')}}`);
    const literal = fc.stringMatching(/^[A-Za-z0-9/:.?=&~-]{0,6}$/);
    fc.assert(
      fc.property(fc.array(fc.oneof(expression, literal), { maxLength: 6 }), (parts) => {
        assert.equal(parseUriTemplate(parts.join('')), null);
      }),
      { numRuns: 1000 },
    );
  });

  it('is linear on a long template', () => {
    const template = '{a}'.repeat(200_000);
    assert.equal(parseUriTemplate(template), null);
    assert.equal(parseUriTemplate(`${template}{`)?.index, template.length);
  });
});
