// A streamed check fed by a stream factory (a gzip input: decompressed again for each pass, no tail to
// probe) gives the report of the same document read from its file, for every header layout: `mcpdesc`
// at the head (the guess holds), only at the tail (a full pre-pass), and `tags` beyond the probed head
// (the guess fails and the check starts over).
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { renderDump } from '../../../corpus/generator/dump.js';
import { gunzipChunks } from '../../../src/parsing/read.js';
import { checkStreamed } from '../../../src/worker/streamed.js';
import { STREAMED as OPTIONS, testDir } from './helpers.js';

const dir = testDir('source');

/** Small chunks, so that a 2 KiB head probe reads only the head. */
async function* rechunk(source: AsyncIterable<Buffer>, size: number): AsyncGenerator<Buffer> {
  for await (const chunk of source) {
    for (let i = 0; i < chunk.length; i += size) yield chunk.subarray(i, i + size);
  }
}

describe('streamed from a stream factory = streamed from the file', () => {
  const { text } = renderDump({ tools: 200, invalid: 9, seed: 21 });
  const { mcpdesc, tags, tools, ...rest } = JSON.parse(text) as Record<string, unknown>;
  const layouts: Record<string, string> = {
    'mcpdesc and tags at the tail (full pre-pass)': text,
    'mcpdesc and tags at the head (the guess holds)': JSON.stringify({ mcpdesc, tags, ...rest, tools }),
    'mcpdesc at the head, tags at the tail (the guess fails)': JSON.stringify({
      mcpdesc,
      ...rest,
      tools,
      tags,
    }),
    'a second mcpdesc at the tail (a duplicate name)': JSON.stringify({ mcpdesc, tools, tags }).replace(
      /}$/,
      ',"mcpdesc":"0.6.0"}',
    ),
  };
  const passes: Record<string, number> = {
    'mcpdesc and tags at the tail (full pre-pass)': 3,
    'mcpdesc and tags at the head (the guess holds)': 2,
    'mcpdesc at the head, tags at the tail (the guess fails)': 4,
    'a second mcpdesc at the tail (a duplicate name)': 2,
  };
  for (const [label, content] of Object.entries(layouts)) {
    it(label, async () => {
      const path = join(dir, 'doc.json');
      writeFileSync(path, content);
      const job = { index: 1, path, file: 'doc.json', size: content.length };
      const options = { ...OPTIONS, probeBytes: 2048, chunkBytes: 4096 };
      const fromFile = (await checkStreamed(job, options)).documents[0]!;
      const gz = gzipSync(content);
      let opened = 0;
      const source = {
        chunks: () => {
          opened++;
          return rechunk(gunzipChunks(gz), 4096);
        },
      };
      const fromStream = (await checkStreamed(job, options, source)).documents[0]!;
      const { durationMs: _a, ...want } = fromFile;
      const { durationMs: _b, ...got } = fromStream;
      assert.deepEqual(got, want);
      assert.ok(want.diagnostics.length > 0);
      // Head probe and main pass; a full pre-pass when the head has no `mcpdesc`; a full pre-pass and
      // a second main pass when the guess fails (none of these needs a rescan to place findings).
      assert.equal(opened, passes[label], `${opened} passes`);
    });
  }
});
