import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatFromName, isGzipMagic, looksLikeJsonLines, sniffFormat } from '../../../src/parsing/format.js';

describe('format detection', () => {
  it('reads the format and gzip from the name', () => {
    assert.deepEqual(formatFromName('a/b.mcpdesc.json'), { format: 'json', gzip: false });
    assert.deepEqual(formatFromName('x.YML'), { format: 'yaml', gzip: false });
    assert.deepEqual(formatFromName('x.yaml.gz'), { format: 'yaml', gzip: true });
    assert.deepEqual(formatFromName('dump.ndjson.gz'), { format: 'jsonl', gzip: true });
    assert.deepEqual(formatFromName('r.jsonl'), { format: 'jsonl', gzip: false });
    assert.deepEqual(formatFromName('dir.json/README'), { format: null, gzip: false });
    assert.deepEqual(formatFromName('noext'), { format: null, gzip: false });
  });

  it('sniffs JSON from a first { or [ (after a BOM and spaces), YAML otherwise', () => {
    assert.equal(sniffFormat(Buffer.from('  \n{"a":1}')), 'json');
    assert.equal(sniffFormat(Buffer.from('\uFEFF[1]')), 'json');
    assert.equal(sniffFormat(Buffer.from('mcpdesc: 0.7.0')), 'yaml');
    assert.equal(sniffFormat(Buffer.from('"quoted"')), 'yaml');
  });

  it('takes unnamed text for JSON Lines only when its first line is a whole object and another follows', () => {
    const yes = (text: string | Buffer) =>
      looksLikeJsonLines(Buffer.isBuffer(text) ? text : Buffer.from(text));
    assert.equal(yes('{"a":1}\n{"b":2}'), true);
    assert.equal(yes('\n  \n{"a":1}\r\n\r\n  {"b":'), true);
    assert.equal(yes(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{}\n{}\n')])), true);
    // One document, pretty or compact, with or without a final newline.
    assert.equal(yes('{\n  "a": 1\n}\n'), false);
    assert.equal(yes('{"a": 1,\n "b": {"c": 2}}'), false);
    assert.equal(yes('{"a":1}\n'), false);
    assert.equal(yes('{"a":1}'), false);
    // A first line that is not a whole object, or a second line that is not an object.
    assert.equal(yes('[1]\n{"a":1}'), false);
    assert.equal(yes('{"a":1} {"b":2}'), false);
    assert.equal(yes('{"a":1}\n[1]'), false);
    assert.equal(yes('{a: 1}\n{b: 2}'), false);
    assert.equal(yes('mcpdesc: 0.7.0\n{}'), false);
  });

  it('knows gzip by its magic bytes', () => {
    assert.equal(isGzipMagic(Buffer.from([0x1f, 0x8b, 8])), true);
    assert.equal(isGzipMagic(Buffer.from('{}')), false);
  });
});
