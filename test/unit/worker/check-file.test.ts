// The hostile-input cases that concern reading and parsing: every one yields exactly one
// clear result (or one per JSON Lines document), never an exception.
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { keyOfBytes } from '../../../src/state/cache-key.js';
import type { DocumentResult, FileOutcome } from '../../../src/types.js';
import { checkFile } from '../../../src/worker/check-file.js';
import { OPTIONS, TempDir, VALID, VALID_TEXT } from './helpers.js';

const dir = new TempDir();
after(() => dir.remove());

async function one(name: string, content: string | Uint8Array, options = OPTIONS): Promise<DocumentResult> {
  const outcome = await checkFile(dir.write(name, content), options);
  assert.equal(outcome.documents.length, 1, JSON.stringify(outcome));
  // Results cross the worker boundary by structured clone: plain data only.
  assert.deepEqual(structuredClone(outcome), outcome);
  return outcome.documents[0]!;
}

function rules(result: DocumentResult): string[] {
  return result.diagnostics.map((d) => d.ruleId);
}

function syntax(result: DocumentResult) {
  const found = result.diagnostics.find((d) => d.ruleId === 'mcpdesc.document.syntax');
  assert.ok(found, `expected a syntax finding in ${JSON.stringify(result)}`);
  return found;
}

describe('checkFile: well-formed input', () => {
  it('checks a JSON document and fills its record', async () => {
    const r = await one('ok.json', VALID_TEXT);
    assert.equal(r.format, 'json');
    assert.equal(r.bytes, Buffer.byteLength(VALID_TEXT));
    assert.equal(r.mcpdesc, '0.7.0');
    assert.equal(r.tools, 1);
    assert.ok(!rules(r).includes('mcpdesc.document.syntax'));
    assert.equal(r.compression, undefined);
    assert.ok(r.durationMs >= 0);
  });

  it('checks the same document as YAML, with a date-like version string kept a string', async () => {
    const yaml = [
      'mcpdesc: 0.7.0',
      'info:',
      '  name: weather',
      '  version: 2026-07-28',
      'transports:',
      '  - type: stdio',
      '    command: weather-server',
      'tools:',
      '  - name: get_forecast',
      '    inputSchema: {type: object}',
      '',
    ].join('\n');
    const r = await one('ok.yaml', yaml);
    assert.equal(r.format, 'yaml');
    assert.equal(r.mcpdesc, '0.7.0');
    assert.equal(r.tools, 1);
    assert.ok(!rules(r).includes('mcpdesc.document.syntax'));
  });

  it('places a rule diagnostic on its line and column (JSON and YAML)', async () => {
    const json = await one('array-root.json', '\n\n  [1, 2]\n');
    const d = json.diagnostics.find((x) => x.ruleId === 'mcpdesc.document.root-object');
    assert.deepEqual([d?.line, d?.column], [3, 3]);
    const yaml = await one('array-root.yml', '# a list\n- a\n- b\n');
    const y = yaml.diagnostics.find((x) => x.ruleId === 'mcpdesc.document.root-object');
    assert.deepEqual([y?.line, y?.column], [2, 1]);
  });

  it('sniffs an unknown extension: { or [ is JSON, anything else YAML', async () => {
    assert.equal((await one('doc.mcpdesc', VALID_TEXT)).format, 'json');
    assert.equal((await one('doc.txt', 'mcpdesc: 0.7.0\n')).format, 'yaml');
  });

  it('sends plain JSON above the stream threshold to the streamed path, with the same findings', async () => {
    const small = await one('below.json', VALID_TEXT);
    const big = await one('above.json', VALID_TEXT, { ...OPTIONS, streamThreshold: 10 });
    assert.deepEqual(rules(big), rules(small));
    assert.equal(big.mcpdesc, small.mcpdesc);
    const sniffed = await one('above.mcpdesc', VALID_TEXT, { ...OPTIONS, streamThreshold: 10 });
    assert.equal(sniffed.format, 'json');
    assert.deepEqual(rules(sniffed), rules(small));
    const yaml = await one('above.txt', 'mcpdesc: 0.7.0\n', { ...OPTIONS, streamThreshold: 10 });
    assert.equal(yaml.format, 'yaml');
  });

  it('a huge file with an unknown extension that vanished is still one read error', async () => {
    const job = { ...dir.job('vanished.data'), size: 10 ** 9 };
    const outcome = await checkFile(job, OPTIONS);
    assert.equal(outcome.documents[0]?.error?.code, 'ENOENT');
  });
});

describe('checkFile: broken syntax and bytes', () => {
  it('reports invalid JSON at its line and column', async () => {
    const r = await one('bad.json', '{\n  "mcpdesc": "0.7.0",\n  "tools": [1,]\n}');
    assert.equal(r.status, 'invalid');
    const d = syntax(r);
    assert.equal(d.severity, 'error');
    assert.deepEqual([d.line, d.column], [3, 15]);
    assert.equal(d.pointer, '');
    assert.equal(d.specSection, '14.1');
    assert.equal(r.errors, 1);
    assert.deepEqual(r.byRule, { 'mcpdesc.document.syntax': 1 });
  });

  for (const [name, content] of [
    ['empty.json', ''],
    ['blank.json', ' \n\t\r\n'],
    ['empty.yaml', ''],
    ['comment-only.yaml', '# nothing\n'],
  ] as const) {
    it(`calls ${name} empty`, async () => {
      const r = await one(name, content);
      assert.equal(r.status, 'invalid');
      assert.match(syntax(r).message, /empty/);
    });
  }

  it('reports NUL bytes as a syntax finding', async () => {
    const r = await one('nul.json', '{"mcpdesc":\u0000"0.7.0"}');
    assert.equal(syntax(r).column, 12);
  });

  it('reports invalid UTF-8 at the first bad byte', async () => {
    const bytes = Buffer.concat([Buffer.from('{\n  "name": "caf'), Buffer.from([0xe9]), Buffer.from('"\n}')]);
    const r = await one('latin1.json', bytes);
    assert.equal(r.status, 'invalid');
    const d = syntax(r);
    assert.match(d.message, /UTF-8/);
    assert.deepEqual([d.line, d.column], [2, 15]);
    assert.match(d.message, /^Invalid UTF-8 at byte 16 \(bytes e9 22 0a 7d\)\.$/);
  });

  // The offset of a JSON Lines document counts from its line: the message must not read as if it were
  // the file's byte.
  it('says invalid UTF-8 in a JSON Lines document is at a byte of its line', async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"mcpdesc":"0.7.0"}\n{"x":"a'),
      Buffer.from([0xff]),
      Buffer.from('"}\n'),
    ]);
    const outcome = await checkFile(dir.write('bad-utf8.jsonl', bytes), OPTIONS);
    const d = syntax(outcome.documents[1]!);
    assert.deepEqual([d.line, d.column], [2, 8]);
    assert.match(d.message, /^Invalid UTF-8 at byte 7 of the line \(bytes ff 22 7d\)\.$/);
  });

  it('reports trailing garbage and two roots', async () => {
    assert.match(syntax(await one('two.json', '{} {}')).message, /after the JSON value/);
    assert.equal(
      syntax(await one('garbage.json', `${VALID_TEXT}\n}`)).line,
      VALID_TEXT.split('\n').length + 1,
    );
  });

  it('tolerates a BOM with a warning and still validates the document', async () => {
    const r = await one('bom.json', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('[]')]));
    assert.deepEqual(rules(r), ['mcpdesc.document.bom', 'mcpdesc.document.root-object']);
    const [bom, root] = r.diagnostics;
    assert.equal(bom?.severity, 'warning');
    assert.deepEqual([root?.line, root?.column], [1, 1]);
    assert.equal(r.warnings, 1);
  });

  // YAML allows the mark; the warning must not cite only JSON's rule, as if the file were JSON.
  it('words the BOM warning for the format: JSON text must not start with one, YAML may', async () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const json = await one('bom.json', Buffer.concat([bom, Buffer.from('{"mcpdesc": "0.7.0"}')]));
    const yaml = await one('bom.yaml', Buffer.concat([bom, Buffer.from('mcpdesc: 0.7.0\n')]));
    const message = (r: typeof json) =>
      r.diagnostics.find((d) => d.ruleId === 'mcpdesc.document.bom')?.message;
    assert.match(message(json) ?? '', /JSON text must not start with one/);
    assert.match(message(yaml) ?? '', /YAML allows one/);
  });
});

describe('checkFile: hostile values', () => {
  it('survives 100k-deep nesting inside a tool', async () => {
    const depth = 100_000;
    const text = `{"mcpdesc":"0.7.0","tools":[{"name":"deep","inputSchema":${'['.repeat(depth)}${']'.repeat(depth)}}]}`;
    const r = await one('deep.json', text);
    assert.ok(['valid', 'invalid', 'error'].includes(r.status));
    if (r.status === 'error') assert.ok(r.error?.message);
  });

  it('keeps __proto__ / constructor keys as data, polluting nothing', async () => {
    const r = await one(
      'proto.json',
      '{"__proto__": {"polluted": 1}, "constructor": {"prototype": 2}, "tags": []}',
    );
    assert.ok(!rules(r).includes('mcpdesc.document.syntax'));
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it('accepts ±1e400 (parsed as ±Infinity)', async () => {
    const r = await one('huge-numbers.json', '{"mcpdesc":"0.7.0","x-a":1e400,"x-b":-1e400}');
    assert.ok(!rules(r).includes('mcpdesc.document.syntax'));
    assert.equal(r.mcpdesc, '0.7.0');
  });

  it('stops at a duplicate JSON key: one finding at its second occurrence, nothing validated', async () => {
    const r = await one('dup.json', '{"mcpdesc":"0.6.0",\n "tools":[],\n "mcpdesc":"0.7.0"}');
    assert.deepEqual(
      r.diagnostics.map((d) => [d.ruleId, d.pointer, d.line, d.column]),
      [['mcpdesc.document.duplicate-key', '/mcpdesc', 3, 2]],
    );
    assert.equal(r.status, 'invalid');
    assert.equal(r.mcpdesc, null);
  });

  it('refuses a YAML alias bomb quickly', async () => {
    const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (const [name, prev] of [
      ['b', 'a'],
      ['c', 'b'],
      ['d', 'c'],
      ['e', 'd'],
      ['f', 'e'],
      ['g', 'f'],
      ['h', 'g'],
      ['i', 'h'],
    ]) {
      lines.push(`${name}: &${name} [${new Array(9).fill(`*${prev}`).join(',')}]`);
    }
    const r = await one('bomb.yaml', `${lines.join('\n')}\n`);
    assert.match(syntax(r).message, /alias/);
  });

  it('refuses YAML custom tags and duplicate keys, on their lines', async () => {
    const tag = syntax(await one('tag.yaml', 'mcpdesc: 0.7.0\ninfo: !include other.yaml\n'));
    assert.deepEqual([tag.line, tag.column], [2, 7]);
    const dup = syntax(await one('dup.yaml', 'mcpdesc: 0.7.0\ntools: []\nmcpdesc: 0.6.0\n'));
    assert.equal(dup.line, 3);
  });
});

describe('checkFile: files that cannot be read', () => {
  it('a directory named x.json is a read error', async () => {
    mkdirSync(join(dir.path, 'x.json'));
    const r = (await checkFile(dir.job('x.json'), OPTIONS)).documents[0]!;
    assert.equal(r.status, 'error');
    assert.equal(r.error?.code, 'EISDIR');
  });

  it('a file deleted before reading is a read error', async () => {
    const job = dir.write('gone.json', '{}');
    const { rmSync } = await import('node:fs');
    rmSync(job.path);
    const outcome = await checkFile(job, OPTIONS);
    assert.equal(outcome.index, job.index);
    assert.equal(outcome.documents[0]?.status, 'error');
    assert.equal(outcome.documents[0]?.error?.code, 'ENOENT');
    assert.equal(outcome.documents[0]?.file, 'gone.json');
  });

  it('a symlink loop is a read error', async () => {
    symlinkSync(join(dir.path, 'loop-b.json'), join(dir.path, 'loop-a.json'));
    symlinkSync(join(dir.path, 'loop-a.json'), join(dir.path, 'loop-b.json'));
    const r = (await checkFile(dir.job('loop-a.json'), OPTIONS)).documents[0]!;
    assert.equal(r.status, 'error');
    assert.equal(r.error?.code, 'ELOOP');
  });

  it('a file over --max-file-size is skipped with the limit named', async () => {
    const r = await one('big.json', VALID_TEXT, { ...OPTIONS, maxFileSize: 10 });
    assert.equal(r.status, 'skipped');
    assert.equal(r.error?.code, 'EMAXSIZE');
    assert.match(r.error?.message ?? '', /--max-file-size \(10 bytes\)/);
  });
});

describe('checkFile: gzip', () => {
  it('decompresses .json.gz and .yaml.gz', async () => {
    const r = await one('ok.json.gz', gzipSync(VALID_TEXT));
    assert.equal(r.compression, 'gzip');
    assert.equal(r.format, 'json');
    assert.equal(r.tools, 1);
    const y = await one('ok.yaml.gz', gzipSync('mcpdesc: 0.7.0\ntools: []\n'));
    assert.equal(y.format, 'yaml');
    assert.equal(y.mcpdesc, '0.7.0');
  });

  it('reports corrupt and truncated gzip as syntax findings', async () => {
    assert.match(syntax(await one('corrupt.json.gz', 'not gzip at all')).message, /gzip/);
    const full = gzipSync(VALID_TEXT);
    assert.match(syntax(await one('cut.json.gz', full.subarray(0, full.length - 12))).message, /gzip/);
  });

  it('stops a gzip bomb at --max-file-size (decompressed)', async () => {
    const r = await one('bomb.json.gz', gzipSync(Buffer.alloc(4 * 1024 * 1024, 0x20)), {
      ...OPTIONS,
      maxFileSize: 1024 * 1024,
    });
    assert.equal(r.status, 'skipped');
    assert.match(r.error?.message ?? '', /decompressed input is over --max-file-size/);
  });
});

describe('checkFile: JSON Lines', () => {
  const lines = [JSON.stringify(VALID), '', '{"mcpdesc": ', '   ', '[1]', JSON.stringify(VALID)].join('\n');

  function summary(outcome: FileOutcome) {
    return outcome.documents.map((d) => [d.line, d.status, d.format, rules(d)]);
  }

  it('makes one record per non-blank line, and a bad line does not stop the rest', async () => {
    const outcome = await checkFile(dir.write('registry.jsonl', `${lines}\n`), OPTIONS);
    assert.deepEqual(summary(outcome), [
      [1, outcome.documents[0]!.status, 'jsonl', rules(outcome.documents[0]!)],
      [3, 'invalid', 'jsonl', ['mcpdesc.document.syntax']],
      [5, 'invalid', 'jsonl', ['mcpdesc.document.root-object']],
      [6, outcome.documents[3]!.status, 'jsonl', rules(outcome.documents[3]!)],
    ]);
    const bad = outcome.documents[1]!.diagnostics[0]!;
    assert.deepEqual([bad.line, bad.column], [3, 13]);
    assert.equal(outcome.documents[2]!.diagnostics[0]!.line, 5);
    assert.equal(outcome.documents[0]!.bytes, Buffer.byteLength(JSON.stringify(VALID)));
    assert.ok(!rules(outcome.documents[0]!).includes('mcpdesc.document.syntax'));
  });

  it('reads .ndjson.gz the same way', async () => {
    const plain = await checkFile(dir.write('r2.ndjson', lines), OPTIONS);
    const gz = await checkFile(dir.write('r2.ndjson.gz', gzipSync(lines)), OPTIONS);
    assert.deepEqual(summary(gz), summary(plain));
    assert.equal(gz.documents[0]!.compression, 'gzip');
  });

  it('keeps the lines before a corrupt gzip tail and reports the corruption', async () => {
    const full = gzipSync(Buffer.from(`${JSON.stringify(VALID)}\n`.repeat(2000)));
    const outcome = await checkFile(dir.write('cut.jsonl.gz', full.subarray(0, full.length >> 1)), OPTIONS);
    const last = outcome.documents[outcome.documents.length - 1]!;
    assert.ok(outcome.documents.length > 1);
    assert.match(syntax(last).message, /gzip/);
  });

  it('stops a gzip bomb of short lines at --max-file-size, keeping the lines before it', async () => {
    const bomb = gzipSync(Buffer.from('[]\n'.repeat(100_000)));
    const outcome = await checkFile(dir.write('bomb.jsonl.gz', bomb), { ...OPTIONS, maxFileSize: 100_000 });
    const count = outcome.documents.length;
    const last = outcome.documents[count - 1]!;
    // zlib hands out 16 KiB chunks: the lines of the chunks before the one that crossed the limit.
    assert.ok(count > 1 && count <= 100_000 / 3 + 1, String(count));
    assert.deepEqual([last.status, last.line, last.error?.code], ['skipped', count, 'EMAXSIZE']);
    assert.match(last.error?.message ?? '', /--max-file-size \(100000 bytes\)/);
  });

  it('an empty JSON Lines file is still one record, with a syntax finding', async () => {
    const outcome = await checkFile(dir.write('empty.jsonl', '\n\n'), OPTIONS);
    assert.equal(outcome.documents.length, 1);
    assert.match(syntax(outcome.documents[0]!).message, /no document/);
  });

  it('skips a line over --max-file-size and checks the others', async () => {
    const outcome = await checkFile(dir.write('long.jsonl', `[1]\n"${'x'.repeat(200)}"\n[2]\n`), {
      ...OPTIONS,
      maxFileSize: 100,
    });
    assert.deepEqual(
      outcome.documents.map((d) => [d.line, d.status]),
      [
        [1, 'invalid'],
        [2, 'skipped'],
        [3, 'invalid'],
      ],
    );
  });

  it('reports a missing JSON Lines file as one read error', async () => {
    const outcome = await checkFile(dir.job('nope.jsonl'), OPTIONS);
    assert.deepEqual(
      outcome.documents.map((d) => [d.status, d.error?.code]),
      [['error', 'ENOENT']],
    );
  });
});

describe('checkFile: options', () => {
  it('caps kept diagnostics but keeps counts exact', async () => {
    const r = await one('capped.json', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('[]')]), {
      ...OPTIONS,
      maxDiagnosticsPerFile: 1,
    });
    assert.equal(r.diagnostics.length, 1);
    assert.equal(r.truncated, true);
    assert.equal(r.errors + r.warnings, 2);
    assert.deepEqual(r.byRule, { 'mcpdesc.document.bom': 1, 'mcpdesc.document.root-object': 1 });
  });

  it('honours --rule levels for parser findings', async () => {
    const r = await one('lvl.json', '{"a":', {
      ...OPTIONS,
      ruleLevels: { 'mcpdesc.document.syntax': 'warning' },
    });
    assert.equal(syntax(r).severity, 'warning');
    assert.equal(r.status, 'valid');
    assert.equal(r.warnings, 1);
  });
});

describe('checkFile with --cache (a run key set)', () => {
  const run = 'f'.repeat(64);
  const keyed: typeof OPTIONS = { ...OPTIONS, cacheRunKey: run };
  const strip = (o: FileOutcome) => o.documents.map((d) => ({ ...d, durationMs: 0 }));
  const inputs: Array<[string, string | Uint8Array]> = [
    ['k.json', VALID_TEXT],
    ['k-bad.json', '{"mcpdesc": "0.7.0", '],
    ['k.yaml', 'mcpdesc: 0.7.0\ntools: [\n'],
    ['k.json.gz', gzipSync(VALID_TEXT)],
    ['k.jsonl', `${JSON.stringify(VALID)}\n{oops\n`],
    ['k.jsonl.gz', gzipSync(`${JSON.stringify(VALID)}\n{oops\n`)],
  ];
  for (const [name, content] of inputs) {
    it(`${name}: the same results as without the cache, plus the key of the bytes read`, async () => {
      const job = dir.write(name, content);
      const plain = await checkFile(job, OPTIONS);
      const cached = await checkFile(job, keyed);
      assert.equal(plain.cacheKey, undefined);
      assert.deepEqual(strip(cached), strip(plain));
      const bytes = typeof content === 'string' ? Buffer.from(content) : content;
      assert.equal(cached.cacheKey, keyOfBytes(run, job.file, bytes));
    });
  }

  it('an unreadable file gets its error record and no key (nothing to record)', async () => {
    const outcome = await checkFile(
      { index: 0, path: join(dir.path, 'gone.json'), file: 'gone.json', size: 10 },
      keyed,
    );
    assert.equal(outcome.documents[0]!.status, 'error');
    assert.equal(outcome.cacheKey, undefined);
  });

  it('a file above --stream-threshold is not hashed (it is never read whole)', async () => {
    const job = dir.write('k-big.json', VALID_TEXT);
    const outcome = await checkFile(job, { ...keyed, streamThreshold: 16 });
    assert.equal(outcome.cacheKey, undefined);
    assert.equal(outcome.documents[0]!.status, 'valid');
  });
});
