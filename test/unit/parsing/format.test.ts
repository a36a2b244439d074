import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatFromName, isGzipMagic, sniffFormat } from '../../../src/parsing/format.js';

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

  it('knows gzip by its magic bytes', () => {
    assert.equal(isGzipMagic(Buffer.from([0x1f, 0x8b, 8])), true);
    assert.equal(isGzipMagic(Buffer.from('{}')), false);
  });
});
