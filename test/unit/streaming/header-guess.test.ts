// The header of a huge document from its two ends instead of a full pre-pass, and the confirmation by
// the main pass that makes a wrong guess harmless (the check starts over with a full pre-pass).
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { renderDump } from '../../../corpus/generator/dump.js';
import { Splitter } from '../../../src/parsing/splitter.js';
import { guessHeader, readHeader, StreamedDocument } from '../../../src/worker/streamed.js';
import { STREAMED as OPTIONS, testDir } from './helpers.js';

const dir = testDir('guess');
let n = 0;

function write(text: string): string {
  const path = join(dir, `g-${n++}.json`);
  writeFileSync(path, text);
  return path;
}

/** Run a document through StreamedDocument with `header` and ask whether it confirms it. */
function confirms(text: string, header: Awaited<ReturnType<typeof readHeader>>): boolean {
  const doc = new StreamedDocument(header, OPTIONS, true);
  const splitter = new Splitter();
  for (const e of [...splitter.push(Buffer.from(text)), ...splitter.end()]) {
    if (e.type === 'element') doc.element(e);
    else doc.event(e);
  }
  return doc.confirmed();
}

describe('guessHeader', () => {
  const { text } = renderDump({ tools: 200, invalid: 0, seed: 4 });
  const truth = JSON.parse(text);

  it('reads a dump header from its tail (speculative), equal to the full pre-pass', async () => {
    const path = write(text);
    const guess = await guessHeader(path, { probeBytes: 4096 });
    assert.equal(guess.speculative, true);
    assert.deepEqual(guess.header, await readHeader(path));
    assert.deepEqual(guess.header, {
      rootType: 'object',
      hasMcpdesc: true,
      mcpdesc: truth.mcpdesc,
      tags: truth.tags,
      protocolVersions: undefined,
    });
  });

  it('finds a 0.8.0 root protocolVersions at either end, and waits for it in a short pre-pass', async () => {
    const versions = ['2025-11-25', '2026-07-28'];
    const at080 = text.replace(
      '"mcpdesc":"0.7.0"',
      `"mcpdesc":"0.8.0","protocolVersions":${JSON.stringify(versions)}`,
    );
    assert.notEqual(at080, text);
    const tail = await guessHeader(write(at080), { probeBytes: 4096 });
    assert.equal(tail.speculative, true);
    assert.deepEqual(tail.header.protocolVersions, versions);
    const head = `{"protocolVersions":["2024-11-05"],${at080.slice(1).replace(/"protocolVersions":\[[^\]]*\],/, '')}`;
    assert.deepEqual((await readHeader(write(head))).protocolVersions, ['2024-11-05']);
    // A 0.7.0 document has no protocolVersions: its pre-pass stops at mcpdesc and tags as before.
    assert.equal((await readHeader(write(text))).protocolVersions, undefined);
  });

  it('uses the full pre-pass for files up to twice the probe size, and for single-line files', async () => {
    assert.equal((await guessHeader(write(text), {})).speculative, false);
    const minified = JSON.stringify(truth);
    const guess = await guessHeader(write(minified), { probeBytes: 4096 });
    assert.equal(guess.speculative, false);
    assert.deepEqual(guess.header.tags, truth.tags);
  });

  it('finds members at the head too, the tail winning for a repeated one', async () => {
    const both = `{"mcpdesc": "0.5.0", "tags": [{"name": "early"}],${text.slice(1)}`;
    const guess = await guessHeader(write(both), { probeBytes: 4096 });
    assert.deepEqual([guess.header.mcpdesc, guess.header.tags], [truth.mcpdesc, truth.tags]);
  });
});

describe('StreamedDocument.confirmed', () => {
  const { text } = renderDump({ tools: 20, invalid: 0, seed: 9 });
  const truth = JSON.parse(text);
  const right = {
    rootType: 'object' as const,
    hasMcpdesc: true,
    mcpdesc: truth.mcpdesc,
    tags: truth.tags,
    protocolVersions: undefined as unknown,
  };

  it('reads past leading whitespace longer than the probe, from a file and from a stream', async () => {
    // A probe that ended before the root began once said the root was null.
    const padded = `${' '.repeat(20_000)}\n${text}`;
    const path = write(padded);
    const fromFile = await guessHeader(path, { probeBytes: 4096, chunkBytes: 1024 });
    assert.equal(fromFile.header.rootType, 'object');
    assert.deepEqual(fromFile.header, await readHeader(path));
    const bytes = Buffer.from(padded);
    const stream = {
      chunks: async function* () {
        for (let at = 0; at < bytes.length; at += 1024) yield bytes.subarray(at, at + 1024);
      },
    };
    const fromStream = await guessHeader(stream, { probeBytes: 4096, chunkBytes: 1024 });
    assert.equal(fromStream.header.rootType, 'object');
    assert.equal(fromStream.header.mcpdesc, truth.mcpdesc);
  });

  it('confirms the true header', () => {
    assert.equal(confirms(text, right), true);
  });

  it('rejects a wrong mcpdesc, a missing one, or one the document does not have', () => {
    assert.equal(confirms(text, { ...right, mcpdesc: '0.6.0' }), false);
    assert.equal(confirms(text, { ...right, hasMcpdesc: false, mcpdesc: undefined }), false);
    assert.equal(confirms(text.replace('"mcpdesc":"0.7.0"', '"x-m":"0.7.0"'), right), false);
  });

  it('rejects tags that differ in one element, in length, or in kind', () => {
    const tags = truth.tags as Array<{ name: string }>;
    assert.equal(confirms(text, { ...right, tags: [...tags.slice(0, -1), { name: 'other' }] }), false);
    assert.equal(confirms(text, { ...right, tags: tags.slice(1) }), false);
    assert.equal(confirms(text, { ...right, tags: [...tags, { name: 'extra' }] }), false);
    assert.equal(confirms(text, { ...right, tags: undefined }), false);
    const objectTags = `${text.slice(0, text.lastIndexOf('"tags":['))}"tags":{"a":1}}\n`;
    assert.equal(confirms(objectTags, { ...right, tags: { a: 1 } }), true);
    assert.equal(confirms(objectTags, right), false);
  });

  it('rejects a protocolVersions the document does not have, or one that differs', () => {
    assert.equal(confirms(text, { ...right, protocolVersions: ['2026-07-28'] }), false);
    const scoped = text.replace('"mcpdesc":"0.7.0"', '"mcpdesc":"0.7.0","protocolVersions":["2026-07-28"]');
    assert.equal(confirms(scoped, right), false);
    assert.equal(confirms(scoped, { ...right, protocolVersions: ['2026-07-28'] }), true);
    assert.equal(confirms(scoped, { ...right, protocolVersions: ['2025-11-25'] }), false);
  });

  it('always confirms a header from the full pre-pass', () => {
    const doc = new StreamedDocument({ ...right, mcpdesc: 'wrong' }, OPTIONS, false);
    assert.equal(doc.confirmed(), true);
  });
});
