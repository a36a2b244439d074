// The adapter builds each finding's path in one array: the validated value's base, then Ajv's
// instancePath (a JSON pointer relative to the value) read back into segments, then the property the
// error names. Checked against Ajv's own instancePath for names that need escaping, look like
// indices, or are not ASCII.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Ajv } from 'ajv';
import { QUOTE_LIMIT } from '../../../../src/quote.js';
import type { PathSegment } from '../../../../src/types.js';
import { toPointer } from '../../../../src/validation/pointer.js';
import { describeError, reportErrors } from '../../../../src/validation/schema/errors.js';
import type { AjvError } from '../../../../src/validation/schema/validators.js';

const NAMES = ['a/b', '~', '~1', '~0/', 'plain', 'é𝄞', '01', '3', '', '/'];

function collect(errors: ReadonlyArray<AjvError>, base: readonly PathSegment[], subject: string) {
  const out: Array<{ path: readonly PathSegment[]; message: string }> = [];
  reportErrors((path, message) => out.push({ path, message }), errors, base, subject);
  return out;
}

describe('reportErrors paths', () => {
  const ajv = new Ajv({ allErrors: true, verbose: true });
  // Every name holds an object whose closed member `x` is an array of strings, whose own members are
  // closed: errors at several depths, below escaped names.
  const validate = ajv.compile({
    type: 'object',
    additionalProperties: {
      type: 'object',
      properties: { x: { type: 'array', items: { type: 'string' } } },
      additionalProperties: false,
    },
  });

  it('equal the base followed by Ajv instancePath, and the pointer equals base + instancePath', () => {
    const value: Record<string, unknown> = {};
    for (const name of NAMES) value[name] = { x: ['ok', 1], [name]: true };
    assert.equal(validate(value), false);
    const errors = validate.errors as unknown as AjvError[];
    const found = collect(errors, ['tools', 7], 'Tool "t"');
    assert.equal(found.length, errors.length);
    for (let i = 0; i < errors.length; i++) {
      const error = errors[i]!;
      const { path } = found[i]!;
      const extra =
        error.keyword === 'additionalProperties' ? toPointer([String(error.params.additionalProperty)]) : '';
      assert.equal(toPointer(path), `/tools/7${error.instancePath}${extra}`, error.instancePath);
      assert.deepEqual(path.slice(0, 2), ['tools', 7]);
    }
    // Spot checks: index-looking object keys stay as Ajv saw them, array indices become numbers.
    const slash = found.find((f) => f.path[2] === 'a/b' && f.path.length === 5)!;
    assert.deepEqual(slash.path, ['tools', 7, 'a/b', 'x', 1]);
    assert.equal(slash.message, 'Tool "t": "a/b.x[1]" must be a string, found integer');
    const unknown = found.find((f) => f.path[2] === '~0/' && f.path.length === 4)!;
    assert.deepEqual(unknown.path, ['tools', 7, '~0/', '~0/']);
    assert.equal(unknown.message, 'Tool "t": "~0/" has unknown property "~0/"; allowed: x');
    const unicode = found.find((f) => f.path[2] === 'é𝄞' && f.path.length === 5)!;
    assert.equal(unicode.message, 'Tool "t": "é𝄞.x[1]" must be a string, found integer');
  });

  it('relative paths of describeError equal the reported paths without the base', () => {
    const value = { 'a/b': { x: [1], '~': 0 } };
    assert.equal(validate(value), false);
    const errors = validate.errors as unknown as AjvError[];
    const reported = collect(errors, ['info'], '"info"');
    for (let i = 0; i < errors.length; i++) {
      const { at, message } = describeError(errors[i]!, '"info"');
      assert.deepEqual(['info', ...at], reported[i]!.path);
      assert.equal(message, reported[i]!.message);
    }
  });

  it('each property and schema keep their own message, errors from two schemas alternating', () => {
    const a = { properties: { p: {}, q: {} } };
    const b = { properties: { r: {} } };
    const error = (parentSchema: object, property: string): AjvError => ({
      keyword: 'additionalProperties',
      instancePath: '',
      schemaPath: '#/additionalProperties',
      params: { additionalProperty: property },
      parentSchema: parentSchema as Record<string, unknown>,
    });
    const long = 'l'.repeat(100);
    const errors = [
      error(a, 'x'),
      error(a, 'x'),
      error(a, 'y'),
      error(b, 'y'),
      error(b, 'z'),
      error(a, 'z'),
      error(a, long),
      error(a, `${long}!`),
      error(a, 'é"'),
    ];
    const messages = collect(errors, [], 'V').map((f) => f.message);
    assert.deepEqual(messages, [
      'V has unknown property "x"; allowed: p, q',
      'V has unknown property "x"; allowed: p, q',
      'V has unknown property "y"; allowed: p, q',
      'V has unknown property "y"; allowed: r',
      'V has unknown property "z"; allowed: r',
      'V has unknown property "z"; allowed: p, q',
      `V has unknown property "${'l'.repeat(QUOTE_LIMIT)}…"; allowed: p, q`,
      `V has unknown property "${'l'.repeat(QUOTE_LIMIT)}…"; allowed: p, q`,
      'V has unknown property "é\\""; allowed: p, q',
    ]);
  });

  it('an item subject names the element, the rest of the path stays dotted', () => {
    const errors: AjvError[] = [
      { keyword: 'type', instancePath: '/2/a~1b', schemaPath: '#', params: { type: 'string' }, data: 1 },
      { keyword: 'uniqueItems', instancePath: '', schemaPath: '#', params: { i: 3, j: 1 } },
    ];
    const found = [] as Array<[readonly PathSegment[], string]>;
    reportErrors(
      (p, m) => found.push([p, m]),
      errors,
      ['security'],
      '"security"',
      (i) => `Scheme ${i}`,
    );
    assert.deepEqual(found, [
      [['security', 2, 'a/b'], 'Scheme 2: "a/b" must be a string, found integer'],
      [['security', 3], '"security" has duplicate items (1 and 3)'],
    ]);
  });
});
