// toPointer keeps the pointer of the last path's first two segments: whatever sequence of paths it
// is given, each pointer must be what RFC 6901 writes for that path alone.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { PathSegment } from '../../../src/types.js';
import { fromPointer, toPointer } from '../../../src/validation/pointer.js';

/** RFC 6901 §3, written out plainly: every segment escaped, `~` before `/`. */
function reference(path: readonly PathSegment[]): string {
  return path.map((s) => `/${String(s).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

/** Names that look like indices, need escaping, or are not ASCII; and indices. */
const segment: fc.Arbitrary<PathSegment> = fc.oneof(
  fc.constantFrom<PathSegment>(
    'tools',
    'a/b',
    '~',
    '~1',
    '~0/',
    '/',
    '',
    '0',
    '01',
    '3',
    'é',
    '𝄞 x',
    '\u2028',
    0,
    3,
    10,
  ),
  fc.string({ maxLength: 6 }),
  // Past the length toPointer keeps.
  fc.constantFrom<PathSegment>('k'.repeat(64), 'k'.repeat(65), `${'k'.repeat(70)}/~`),
  fc.nat({ max: 20 }),
);

describe('toPointer', () => {
  it('escapes "~" and "/" and keeps everything else', () => {
    assert.equal(toPointer([]), '');
    assert.equal(toPointer(['']), '/');
    assert.equal(toPointer(['tools', 3, 'a/b~c']), '/tools/3/a~1b~0c');
    assert.equal(toPointer(['~1', '/0']), '/~01/~10');
    assert.equal(toPointer(['tools', '3', 'é𝄞']), '/tools/3/é𝄞');
  });

  it('a shared first pair never leaks into the next pointer', () => {
    // Same pointer text, different segments: '3' and 3 print alike; 'a/b' and 'a~1b' do not.
    assert.equal(toPointer(['tools', 3, 'x']), '/tools/3/x');
    assert.equal(toPointer(['tools', 3]), '/tools/3');
    assert.equal(toPointer(['tools', '3']), '/tools/3');
    assert.equal(toPointer(['tools', 4, 'y']), '/tools/4/y');
    assert.equal(toPointer(['resources', 4, 'y']), '/resources/4/y');
    assert.equal(toPointer(['a/b', 0]), '/a~1b/0');
    assert.equal(toPointer(['a~1b', 0]), '/a~01b/0');
    assert.equal(toPointer(['a/b']), '/a~1b');
    assert.equal(toPointer(['a~1b', 0, 'z']), '/a~01b/0/z');
    const long = 'k'.repeat(100);
    assert.equal(toPointer([long, 0, 'z']), `/${long}/0/z`);
    assert.equal(toPointer(['a~1b', long]), `/a~01b/${long}`);
    assert.equal(toPointer(['a~1b', 0]), '/a~01b/0');
    assert.equal(toPointer([`${long}/`, 1]), `/${long}~1/1`);
  });

  it('equals RFC 6901 for any sequence of paths, and reads back', () => {
    fc.assert(
      fc.property(fc.array(fc.array(segment, { maxLength: 5 }), { minLength: 1, maxLength: 12 }), (paths) => {
        for (const path of paths) {
          const pointer = toPointer(path);
          assert.equal(pointer, reference(path));
          assert.deepEqual(fromPointer(pointer), path.map(String));
        }
      }),
      { seed: 20261130, numRuns: 300 },
    );
  });
});
