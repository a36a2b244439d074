// Hostile inputs through the real CLI: every input gets exactly one `file` record
// (one per document for JSON Lines) with a clear diagnostic or `status: "error"`, nothing on stderr looks
// like a stack trace, and a known-good file in the same run keeps its result. Inputs are generated into
// a temp dir; the whole file runs whole-file and streamed (--stream-threshold 0). No timing asserts: the
// per-test timeouts only turn a hang into a failure.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { type CliResult, FAULTY_WORKER, runCli, tempDir } from '../helpers/run-cli.js';

type Rec = CliResult['records'][number];

const TIMEOUT = { timeout: 60_000 };

function tool(name: string, schema: Record<string, unknown> = {}): Record<string, unknown> {
  return { name, description: 'Looks things up.', inputSchema: { type: 'object', ...schema } };
}

function doc(tools: unknown[], extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    mcpdesc: '0.7.0',
    info: { name: 'hostile', version: '1.0.0' },
    transports: [{ type: 'stdio', command: 'server' }],
    tools,
    ...extra,
  });
}

/** A document whose one tool's inputSchema holds `inner` as the value of property "x". */
function withSchemaProperty(inner: string): string {
  const marker = '"__INNER__"';
  return doc([tool('deep', { properties: { x: '__INNER__' } })]).replace(marker, inner);
}

const GOOD = doc([tool('lookup')]);
const BIG_STRING_BYTES = 80 * 1024 * 1024;

/** Every generated input (paths under in/), written once. */
function writeInputs(dir: string): void {
  const w = (name: string, content: string | Buffer) => writeFileSync(join(dir, name), content);
  w('good.json', GOOD);
  w('empty.json', '');
  w('whitespace.json', ' \n\t \r\n ');
  w('bom.json', `\ufeff${GOOD}`);
  w(
    'bad-utf8.json',
    Buffer.concat([
      Buffer.from('{"mcpdesc":"0.7.0","info":{"name":"'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}}'),
    ]),
  );
  w('nul.json', GOOD.replace('"tools"', '\u0000"tools"'));
  // 50k nested subschemas (objects) and 200k nested arrays inside an extension member of a tool's schema.
  w('deep-50k.json', withSchemaProperty(`${'{"properties":{"x":'.repeat(50_000)}{}${'}}'.repeat(50_000)}`));
  w(
    'deep-200k.json',
    doc([tool('deep', { 'x-deep': '__INNER__' })]).replace(
      '"__INNER__"',
      `${'['.repeat(200_000)}${']'.repeat(200_000)}`,
    ),
  );
  // Root tags nested 300k deep: the streamed header carries them, and a fan-out must clone it.
  w(
    'deep-tags-300k.json',
    GOOD.replace('"tools"', `"tags":[${'{"name":'.repeat(300_000)}1${'}'.repeat(300_000)}],"tools"`),
  );
  w('deep-unclosed.json', withSchemaProperty('['.repeat(100_000)).slice(0, -5));
  w(
    'proto.json',
    doc([tool('__proto__'), tool('constructor')], {
      tags: [{ name: '__proto__' }, { name: 'constructor' }, { name: 'prototype' }],
    }).replace(
      '"info"',
      '"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"info"',
    ),
  );
  w('trailing.json', `${GOOD} trailing`);
  w('two-roots.json', GOOD + GOOD);
  w('root-array.json', `[${GOOD}]`);
  w('root-string.json', '"mcpdesc"');
  w('root-null.json', 'null');
  w('big-number.json', withSchemaProperty('{"type":"number","maximum":1e400,"minimum":-1e400}'));
  w('same-name-50k.json', doc(Array.from({ length: 50_000 }, () => tool('same'))));
  // Exponential backtracking if ever run against the 40 a's + '!' next to it; the rules must not run it.
  const evil = `${'a'.repeat(40)}!`;
  w(
    'redos.json',
    withSchemaProperty(
      JSON.stringify({ type: 'string', pattern: '^(a+)+$', default: evil, examples: [evil] }),
    ),
  );
  w('bad-regex.json', withSchemaProperty('{"type":"string","pattern":"(unclosed"}'));
  w(
    'ref-loop.json',
    doc([
      tool('loop', {
        $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' }, self: { $ref: '#/$defs/self' } },
        properties: { x: { $ref: '#/$defs/a' } },
      }),
    ]),
  );
  w('ref-external.json', withSchemaProperty('{"$ref":"http://127.0.0.1:9/never-fetched.json"}'));
  const level = (name: string, of: string) => `${name}: &${name} [${Array(9).fill(`*${of}`).join(',')}]`;
  w(
    'alias-bomb.yaml',
    [
      'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
      ...'bcdefghi'.split('').map((c, i) => level(c, 'abcdefghi'[i]!)),
    ].join('\n'),
  );
  w(
    'custom-tag.yaml',
    'mcpdesc: "0.7.0"\ninfo: !!js/function "function () { return 1 }"\ntools: !custom [1]\n',
  );
  // Flow collections 100k deep: the YAML parser recurses; its stack overflow must become a finding.
  w('deep.yaml', `mcpdesc: "0.7.0"\ninfo: ${'['.repeat(100_000)}${']'.repeat(100_000)}\n`);
  w('dup-keys.yaml', 'mcpdesc: "0.7.0"\nmcpdesc: "9.9.9"\ninfo: {name: s, version: "1"}\n');
  // Duplicate keys in JSON: refused, at the same place in every mode (parsers differ on which copy wins).
  w('dup-keys.json', GOOD.replace('{"mcpdesc":"0.7.0"', '{"mcpdesc":"0.7.0","mcpdesc":"9.9.9"'));
  w('corrupt.json.gz', Buffer.concat([gzipSync(GOOD).subarray(0, 30), Buffer.from('not gzip any more')]));
  w('lines.jsonl', `${[GOOD, '{"mcpdesc":', GOOD, '', '[1,', GOOD].join('\n')}\n`);
  // 100 MiB of spaces in ~100 KB of gzip: a decompression bomb.
  w('bomb.json.gz', gzipSync(Buffer.alloc(100 * 1024 * 1024, 0x20)));
  mkdirSync(join(dir, 'folder.json'));
  w('folder.json/inner.json', GOOD);
  symlinkSync('loop-b.json', join(dir, 'loop-a.json'));
  symlinkSync('loop-a.json', join(dir, 'loop-b.json'));
}

function fileRecords(r: CliResult): Rec[] {
  return r.records.filter((x) => x.type === 'file');
}

/** The one file record of `file` (asserting there is exactly one) and its diagnostics. */
function outcome(r: CliResult, file: string): { rec: Rec; rules: string[]; messages: string[] } {
  const recs = fileRecords(r).filter((x) => x.file === file);
  assert.equal(recs.length, 1, `${file}: ${recs.length} file records`);
  const diags = r.records.filter((x) => x.type === 'diagnostic' && x.file === file);
  return {
    rec: recs[0]!,
    rules: diags.map((d) => d.ruleId as string),
    messages: diags.map((d) => d.message as string),
  };
}

/** Run-level invariants: framed by run and summary, the summary counts every record, no stack trace. */
function assertSound(r: CliResult, expectedRecords: number): void {
  assert.equal(r.records[0]?.type, 'run', r.stderr);
  const summary = r.records.at(-1)!;
  assert.equal(summary.type, 'summary');
  const files = fileRecords(r);
  assert.equal(files.length, expectedRecords);
  assert.equal(summary.documents, files.length);
  assert.doesNotMatch(r.stderr, /\n\s+at .*:\d+:\d+|internal error/, r.stderr);
  assert.equal(outcome(r, 'in/good.json').rec.status, 'valid');
}

interface Case {
  file: string;
  status: 'valid' | 'invalid' | 'error' | 'skipped';
  rule?: string;
  message?: RegExp;
}

// Expectations shared by whole-file and streamed runs (JSON inputs only; the streamed run skips the rest).
// Both modes word syntax findings with the same scanner (json-scan.ts), so one pattern fits both.
const JSON_CASES: Case[] = [
  { file: 'empty.json', status: 'invalid', rule: 'mcpdesc.document.syntax', message: /empty/ },
  {
    file: 'whitespace.json',
    status: 'invalid',
    rule: 'mcpdesc.document.syntax',
    message: /empty/,
  },
  { file: 'bad-utf8.json', status: 'invalid', rule: 'mcpdesc.document.syntax', message: /UTF-8/ },
  { file: 'nul.json', status: 'invalid', rule: 'mcpdesc.document.syntax', message: /\\u0000/ },
  {
    file: 'deep-50k.json',
    status: 'invalid',
    rule: 'mcpdesc.tool.schema-valid',
    message: /deeper than \d+ levels/,
  },
  { file: 'deep-200k.json', status: 'valid' },
  {
    file: 'deep-tags-300k.json',
    status: 'invalid',
    rule: 'mcpdesc.tag.members',
    message: /must be a string/,
  },
  { file: 'deep-unclosed.json', status: 'invalid', rule: 'mcpdesc.document.syntax', message: /end of input/ },
  { file: 'proto.json', status: 'invalid', rule: 'mcpdesc.root.members', message: /"__proto__"/ },
  {
    file: 'trailing.json',
    status: 'invalid',
    rule: 'mcpdesc.document.syntax',
    message: /Unexpected "t" after the/,
  },
  {
    file: 'two-roots.json',
    status: 'invalid',
    rule: 'mcpdesc.document.syntax',
    message: /Unexpected "\{" after the/,
  },
  {
    file: 'root-array.json',
    status: 'invalid',
    rule: 'mcpdesc.document.root-object',
    message: /found array/,
  },
  {
    file: 'root-string.json',
    status: 'invalid',
    rule: 'mcpdesc.document.root-object',
    message: /found string/,
  },
  { file: 'root-null.json', status: 'invalid', rule: 'mcpdesc.document.root-object', message: /found null/ },
  { file: 'big-number.json', status: 'valid' },
  { file: 'same-name-50k.json', status: 'valid', rule: 'mcpdesc.tool.name-unique', message: /already used/ },
  { file: 'redos.json', status: 'valid' },
  {
    file: 'bad-regex.json',
    status: 'invalid',
    rule: 'mcpdesc.tool.schema-valid',
    message: /regular expression/,
  },
  { file: 'ref-loop.json', status: 'valid' },
  {
    file: 'ref-external.json',
    status: 'valid',
    rule: 'mcpdesc.tool.schema-external-ref',
    message: /never fetched/,
  },
  {
    file: 'dup-keys.json',
    status: 'invalid',
    rule: 'mcpdesc.document.duplicate-key',
    message: /Member name "mcpdesc" appears again/,
  },
];

function checkCase(r: CliResult, c: Case): void {
  const { rec, rules, messages } = outcome(r, `in/${c.file}`);
  assert.equal(rec.status, c.status, `${c.file}: ${JSON.stringify({ rec, messages: messages.slice(0, 3) })}`);
  if (c.rule) {
    const i = rules.indexOf(c.rule);
    assert.ok(i >= 0, `${c.file}: no ${c.rule} in ${JSON.stringify(messages.slice(0, 5))}`);
    if (c.message) assert.match(messages[i]!, c.message);
  }
  if (c.status === 'valid' && !c.rule) assert.equal(rec.errors, 0);
}

describe('hostile inputs', () => {
  const tmp = tempDir('hostile');
  const cwd = tmp.path;
  let whole: CliResult;
  let streamed: CliResult;
  let bigWhole: CliResult;
  let bigStreamed: CliResult;
  // Files named on the command line and in --files-from, with a size limit: one run for three tests.
  let named: CliResult;

  before(
    async () => {
      const dir = join(cwd, 'in');
      mkdirSync(dir);
      writeInputs(dir);
      const bigDoc = doc([{ ...tool('big'), description: '__BIG__' }]);
      writeFileSync(join(dir, 'big-string.json'), bigDoc.replace('__BIG__', 'x'.repeat(BIG_STRING_BYTES)));
      // Whole-file mode for everything under 64 MiB (the default threshold); the 80 MB file is streamed.
      whole = await runCli(['in', '--concurrency', '2'], { cwd });
      const jsonFiles = ['good.json', ...JSON_CASES.map((c) => c.file)].map((f) => `in/${f}`);
      streamed = await runCli([...jsonFiles, '--stream-threshold', '0', '--concurrency', '2'], { cwd });
      bigWhole = await runCli(['in/big-string.json', 'in/good.json', '--stream-threshold', '1GiB'], { cwd });
      bigStreamed = await runCli(['in/big-string.json', 'in/good.json', '--max-element-size', '100MiB'], {
        cwd,
      });
      writeFileSync(join(cwd, 'list.txt'), 'in/folder.json/inner.json\nin/gone.json\n');
      named = await runCli(
        [
          ...['in/loop-a.json', 'in/good.json', 'in/missing.json', 'in/bomb.json.gz'],
          ...['--files-from', 'list.txt', '--max-file-size', '10MiB'],
        ],
        { cwd },
      );
    },
    { timeout: 240_000 },
  );
  after(() => tmp.remove());

  it('every run is framed, counts every record and keeps the good file valid', TIMEOUT, () => {
    // The JSON cases, 10 more files (good, bom, big-string, 4 YAML, 2 gzip, folder.json/inner.json)
    // and the 5 non-blank lines of lines.jsonl.
    assertSound(whole, JSON_CASES.length + 10 + 5);
    assertSound(streamed, JSON_CASES.length + 1);
    assertSound(bigWhole, 2);
    assertSound(bigStreamed, 2);
    assert.equal(whole.code, 1);
  });

  for (const c of JSON_CASES) {
    it(`${c.file}: whole-file → ${c.status}${c.rule ? ` (${c.rule})` : ''}`, TIMEOUT, () =>
      checkCase(whole, c),
    );
    it(`${c.file}: streamed → ${c.status}${c.rule ? ` (${c.rule})` : ''}`, TIMEOUT, () => {
      checkCase(streamed, c);
      // Files above the threshold are streamed: all but the empty one (0 bytes is not above 0).
      if (c.file !== 'empty.json') assert.equal(outcome(streamed, `in/${c.file}`).rec.streamed, true);
    });
  }

  it(
    'same-name-50k.json: every duplicate counted, the list capped at --max-diagnostics-per-file',
    TIMEOUT,
    () => {
      for (const r of [whole, streamed]) {
        const { rec, rules } = outcome(r, 'in/same-name-50k.json');
        assert.equal(rec.warnings, 49_999);
        assert.equal(rec.tools, 50_000);
        assert.equal(rec.truncated, true);
        assert.equal(rules.length, 1000);
      }
    },
  );

  it('a BOM is reported and ignored', TIMEOUT, () => {
    const { rec, rules } = outcome(whole, 'in/bom.json');
    assert.equal(rec.status, 'valid');
    assert.deepEqual(rules, ['mcpdesc.document.bom']);
  });

  it(
    'an 80 MB string: streamed, the element is over --max-element-size; whole-file or a higher limit checks it',
    TIMEOUT,
    () => {
      const streamedDefault = outcome(whole, 'in/big-string.json');
      assert.equal(streamedDefault.rec.streamed, true);
      assert.equal(streamedDefault.rec.status, 'invalid');
      assert.match(
        streamedDefault.messages[0]!,
        /\/tools\/0 is larger than the 33554432-byte element limit \(--max-element-size\)/,
      );
      for (const r of [bigWhole, bigStreamed]) {
        const { rec } = outcome(r, 'in/big-string.json');
        assert.equal(rec.status, 'valid');
        assert.equal(rec.tools, 1);
      }
      assert.equal(outcome(bigWhole, 'in/big-string.json').rec.streamed, undefined);
      assert.equal(outcome(bigStreamed, 'in/big-string.json').rec.streamed, true);
    },
  );

  it('YAML: alias bombs, custom tags and duplicate keys are refused with a diagnostic', TIMEOUT, () => {
    for (const [file, message] of [
      ['alias-bomb.yaml', /alias/i],
      ['custom-tag.yaml', /tag "tag:yaml\.org,2002:js\/function" is not allowed/],
      ['dup-keys.yaml', /Duplicate key "mcpdesc"/],
      ['deep.yaml', /RESOURCE_EXHAUSTION/],
    ] as const) {
      const { rec, rules, messages } = outcome(whole, `in/${file}`);
      assert.equal(rec.status, 'invalid', file);
      assert.equal(rules[0], 'mcpdesc.document.syntax', file);
      assert.match(messages[0]!, message);
      // Nothing of the refused document was validated (no smuggled value reached the rules).
      assert.equal(rec.tools, 0, file);
    }
  });

  it('corrupt gzip is a syntax finding on that file', TIMEOUT, () => {
    const { rec, rules, messages } = outcome(whole, 'in/corrupt.json.gz');
    assert.equal(rec.status, 'invalid');
    assert.deepEqual(rules, ['mcpdesc.document.syntax']);
    assert.match(messages[0]!, /Corrupt gzip data/);
  });

  it('a gzip bomb stops at the limit it names', TIMEOUT, () => {
    // Without --max-file-size, decompression stops at the largest string V8 can hold (512 MiB); 100 MiB
    // of spaces is below that, so it is read and found empty.
    const unlimited = outcome(whole, 'in/bomb.json.gz');
    assert.equal(unlimited.rec.status, 'invalid');
    assert.match(unlimited.messages[0]!, /empty/);
    assertSound(named, 6);
    const { rec } = outcome(named, 'in/bomb.json.gz');
    assert.equal(rec.status, 'skipped');
    assert.equal((rec.error as { code: string }).code, 'EMAXSIZE');
    assert.match((rec.error as { message: string }).message, /over --max-file-size \(10485760 bytes\)/);
  });

  it('JSON Lines: one record per non-blank line, bad lines between good ones', TIMEOUT, () => {
    const docs = fileRecords(whole).filter((x) => x.file === 'in/lines.jsonl');
    assert.deepEqual(
      docs.map((d) => [d.line, d.status]),
      [
        [1, 'valid'],
        [2, 'invalid'],
        [3, 'valid'],
        [5, 'invalid'],
        [6, 'valid'],
      ],
    );
  });

  it('a directory named folder.json is searched, not read', TIMEOUT, () => {
    assert.equal(outcome(whole, 'in/folder.json/inner.json').rec.status, 'valid');
    assert.equal(fileRecords(whole).filter((x) => x.file === 'in/folder.json').length, 0);
  });

  it('a symbolic link loop: skipped in a directory walk, an ELOOP error when named', TIMEOUT, () => {
    assert.equal(fileRecords(whole).filter((x) => String(x.file).startsWith('in/loop-')).length, 0);
    const r = named;
    const loop = outcome(r, 'in/loop-a.json').rec;
    assert.equal(loop.status, 'error');
    assert.equal((loop.error as { code: string }).code, 'ELOOP');
    const missing = outcome(r, 'in/missing.json').rec;
    assert.equal(missing.status, 'error');
    assert.equal((missing.error as { code: string }).code, 'ENOENT');
    assert.equal(r.code, 2);
  });

  it('a path listed in --files-from that does not exist is an ENOENT record', TIMEOUT, () => {
    assert.equal(outcome(named, 'in/folder.json/inner.json').rec.status, 'valid');
    assert.equal((outcome(named, 'in/gone.json').rec.error as { code: string }).code, 'ENOENT');
  });
});

describe('a file deleted during the run', () => {
  const tmp = tempDir('vanish');
  const cwd = tmp.path;
  after(() => tmp.remove());

  it('after discovery measured it: an ENOENT record, every other file checked', {
    timeout: 60_000,
  }, async () => {
    // The test worker delays each slow-* file by 25 ms before the real worker reads its batch, so the
    // last file (in the second batch) is read ~2 s after the run record, long after it is deleted here.
    mkdirSync(join(cwd, 'in'));
    for (let i = 0; i < 80; i++) writeFileSync(join(cwd, `in/slow-${String(i).padStart(2, '0')}.json`), GOOD);
    let deleted = false;
    const r = await runCli(['in', '--concurrency', '1'], {
      cwd,
      env: { MCPDESC_VALIDATE_TEST_WORKER: FAULTY_WORKER },
      onStdout: (chunk) => {
        if (!deleted && chunk.includes('"type":"run"')) {
          deleted = true;
          rmSync(join(cwd, 'in/slow-79.json'));
        }
      },
    });
    assert.equal(deleted, true);
    const files = fileRecords(r);
    assert.equal(files.length, 80);
    const gone = outcome(r, 'in/slow-79.json').rec;
    assert.equal(gone.status, 'error');
    assert.equal((gone.error as { code: string }).code, 'ENOENT');
    assert.equal(files.filter((f) => f.status === 'valid').length, 79);
    assert.equal(r.records.at(-1)?.type, 'summary');
    assert.equal(r.code, 2);
    assert.doesNotMatch(r.stderr, /\n\s+at .*:\d+:\d+/);
  });
});
