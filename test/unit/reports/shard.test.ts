import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  compareDocumentKeys,
  inShard,
  MAX_SHARDS,
  normalizePath,
  parseShard,
  shardOf,
} from '../../../src/reports/shard.js';

const pathSegment = fc.stringMatching(/^[A-Za-z0-9_.\- Ää漢]{1,12}$/).filter((s) => s !== '.' && s !== '..');
const relativePath = fc.array(pathSegment, { minLength: 1, maxLength: 5 }).map((parts) => parts.join('/'));

describe('parseShard', () => {
  it('accepts K/N with 1 <= K <= N', () => {
    assert.deepEqual(parseShard('1/1'), { index: 1, count: 1 });
    assert.deepEqual(parseShard('3/4'), { index: 3, count: 4 });
    assert.deepEqual(parseShard(' 2 / 8 '), { index: 2, count: 8 });
    assert.deepEqual(parseShard(`${MAX_SHARDS}/${MAX_SHARDS}`), { index: MAX_SHARDS, count: MAX_SHARDS });
  });

  it('rejects everything else with a message naming the option', () => {
    const bad = [
      '',
      '1',
      '0/4',
      '5/4',
      '1/0',
      '-1/4',
      '1.5/4',
      'a/b',
      '1/4/2',
      '1/',
      '/4',
      `1/${MAX_SHARDS + 1}`,
    ];
    for (const value of bad) {
      assert.throws(() => parseShard(value), /^Error: --shard/, `accepted "${value}"`);
    }
    assert.throws(() => parseShard('0/4'), /1-based/);
    assert.throws(() => parseShard('x', '--my-shard'), /^Error: --my-shard must be K\/N/);
  });
});

describe('normalizePath', () => {
  it('spells a path the same way on every OS', () => {
    assert.equal(normalizePath('registry\\acme\\a.json'), 'registry/acme/a.json');
    assert.equal(normalizePath('./registry//acme/./a.json'), 'registry/acme/a.json');
    assert.equal(normalizePath('/abs/a.json'), '/abs/a.json');
    assert.equal(normalizePath('../shared/a.json'), '../shared/a.json');
  });
});

describe('inShard', () => {
  it('puts every file in exactly one shard', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(relativePath, { maxLength: 60 }),
        fc.integer({ min: 1, max: 17 }),
        (files, count) => {
          for (const file of files) {
            const owners = [];
            for (let index = 1; index <= count; index++)
              if (inShard(file, { index, count })) owners.push(index);
            assert.equal(owners.length, 1, `${file} in shards ${owners.join(',')} of ${count}`);
            assert.equal(owners[0], shardOf(file, count));
          }
        },
      ),
    );
  });

  it('depends on the file alone: adding files never moves another one', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(relativePath, { minLength: 1, maxLength: 40 }),
        fc.uniqueArray(relativePath, { maxLength: 40 }),
        fc.integer({ min: 2, max: 9 }),
        (before, added, count) => {
          const assign = (files: string[]) => new Map(files.map((f) => [f, shardOf(f, count)]));
          const first = assign(before);
          const second = assign([...added, ...before].sort());
          for (const file of before) assert.equal(second.get(file), first.get(file));
        },
      ),
    );
  });

  it('agrees across path spellings (Windows separators, ./ prefixes)', () => {
    fc.assert(
      fc.property(relativePath, fc.integer({ min: 2, max: 64 }), (file, count) => {
        const expected = shardOf(file, count);
        assert.equal(shardOf(`./${file}`, count), expected);
        assert.equal(shardOf(file.replace(/\//g, '\\'), count), expected);
      }),
    );
  });

  it('balances a registry-sized input (each of 4 shards within 20-30% of 10,000 files)', () => {
    const sizes = [0, 0, 0, 0];
    for (let i = 0; i < 10_000; i++)
      sizes[shardOf(`registry/vendor-${i % 97}/server-${i}.mcpdesc.json`, 4) - 1]!++;
    for (const size of sizes) assert.ok(size > 2000 && size < 3000, `unbalanced: ${sizes.join(', ')}`);
  });

  it('keeps the whole input in a 1/1 shard', () => {
    assert.equal(inShard('anything.json', { index: 1, count: 1 }), true);
  });
});

describe('compareDocumentKeys', () => {
  it('orders by file (UTF-16 code units, not locale), then JSON Lines line', () => {
    const keys = [
      { file: 'b.json' },
      { file: 'a.jsonl', line: 10 },
      { file: 'Z.json' },
      { file: 'a.jsonl', line: 2 },
      { file: 'ä.json' },
      { file: 'a.json' },
    ];
    const sorted = [...keys]
      .sort(compareDocumentKeys)
      .map((k) => `${k.file}${'line' in k ? `:${k.line}` : ''}`);
    assert.deepEqual(sorted, ['Z.json', 'a.json', 'a.jsonl:2', 'a.jsonl:10', 'b.json', 'ä.json']);
  });

  it('sorts like Array.prototype.sort on file names', () => {
    fc.assert(
      fc.property(fc.uniqueArray(relativePath, { maxLength: 30 }), (files) => {
        const byKey = files.map((file) => ({ file })).sort(compareDocumentKeys);
        assert.deepEqual(
          byKey.map((k) => k.file),
          [...files].sort(),
        );
      }),
    );
  });
});
