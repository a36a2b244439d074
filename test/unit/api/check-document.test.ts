// checkDocument(): one document held in memory, through the same per-document path as a file of a run.
// The reference is the worker's own check of the same content written to a file (checkFile, as the
// in-process runner calls it), compared record for record apart from the time it took.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { type CheckDocumentOptions, checkDocument } from '../../../src/api/check-document.js';
import type { DocumentResult } from '../../../src/types.js';
import { checkFile } from '../../../src/worker/check-file.js';
import { BROKEN_JSON, YAML_TOOL_NAME } from '../../helpers/in-memory.js';
import { OPTIONS, TempDir, VALID, VALID_TEXT } from '../worker/helpers.js';

const tmp = new TempDir();
after(() => tmp.remove());

/** A result without what differs between two checks of the same content: when, and where in a run. */
function comparable(result: DocumentResult): Omit<DocumentResult, 'durationMs' | 'index'> {
  const { durationMs: _d, index: _i, ...rest } = result;
  return rest;
}

async function fileResult(name: string, content: string | Uint8Array): Promise<DocumentResult> {
  const outcome = await checkFile(tmp.write(name, content), OPTIONS);
  assert.equal(outcome.documents.length, 1);
  return outcome.documents[0]!;
}

describe('checkDocument() on text and bytes', () => {
  it('gives a syntax error its line and column, as the same text in a .json file', async () => {
    const result = checkDocument(BROKEN_JSON, { file: 'broken.json' });
    const d = result.diagnostics[0]!;
    assert.equal(result.status, 'invalid');
    assert.equal(d.ruleId, 'mcpdesc.document.syntax');
    assert.deepEqual([d.line, d.column], [2, 24]);
    assert.deepEqual(comparable(result), comparable(await fileResult('broken.json', BROKEN_JSON)));
  });

  it('checks YAML bytes as the same bytes in a .yaml file', async () => {
    const bytes = new TextEncoder().encode(YAML_TOOL_NAME);
    const result = checkDocument(bytes, { file: 'server.yaml' });
    assert.equal(result.format, 'yaml');
    assert.equal(result.bytes, bytes.length);
    // A member is placed at its name, as in JSON: `name` on line 5, after `  - `.
    const names = result.diagnostics.map((d) => [d.ruleId, d.pointer, d.line, d.column]);
    assert.deepEqual(names, [['mcpdesc.tool.name-format', '/tools/0/name', 5, 5]]);
    assert.deepEqual(comparable(result), comparable(await fileResult('server.yaml', YAML_TOOL_NAME)));
  });

  it('gives every sample of the corpus the result its file gets', async () => {
    const root = 'corpus/samples';
    for (const dir of ['valid', 'invalid', 'warnings']) {
      for (const name of readdirSync(join(root, dir))) {
        const bytes = readFileSync(join(root, dir, name));
        const expected = comparable(await fileResult(name, bytes));
        assert.deepEqual(comparable(checkDocument(bytes, { file: name })), expected, `${name} as bytes`);
        assert.deepEqual(
          comparable(checkDocument(bytes.toString('utf8'), { file: name })),
          expected,
          `${name} as text`,
        );
      }
    }
  });

  it('without a name, sniffs the format as standard input is', () => {
    assert.equal(checkDocument(VALID_TEXT).format, 'json');
    assert.equal(checkDocument(YAML_TOOL_NAME).format, 'yaml');
    assert.equal(checkDocument(` \n${VALID_TEXT}`).format, 'json');
    // The name in the result is a placeholder, as `<stdin>` is for standard input.
    assert.equal(checkDocument(VALID_TEXT).file, '<input>');
    // YAML flow style that JSON refuses gets the hint standard input gets.
    const flow = checkDocument('{mcpdesc: 0.7.0, info: {name: x, version: "1"}}');
    assert.match(flow.diagnostics[0]!.message, /parses as YAML/);
    assert.match(checkDocument(Buffer.from('{mcpdesc: 0.7.0}')).diagnostics[0]!.message, /parses as YAML/);
  });

  it('takes a declared format over the name and the content', () => {
    const asYaml = checkDocument(VALID_TEXT, { file: 'x.json', format: 'yaml' });
    assert.equal(asYaml.format, 'yaml');
    assert.equal(asYaml.status, 'valid');
    const asJson = checkDocument(YAML_TOOL_NAME, { format: 'json' });
    assert.equal(asJson.format, 'json');
    assert.equal(asJson.diagnostics[0]!.ruleId, 'mcpdesc.document.syntax');
  });

  it('refuses JSON Lines with an error that says what to do instead', () => {
    assert.throws(
      () => checkDocument(VALID_TEXT, { format: 'jsonl' as never }),
      (e: Error) => e instanceof TypeError && /JSON Lines/.test(e.message) && /each line/.test(e.message),
    );
    assert.throws(() => checkDocument(VALID_TEXT, { file: 'dump.ndjson' }), /JSON Lines/);
    assert.throws(() => checkDocument(VALID_TEXT, { file: 'dump.jsonl.gz' }), /JSON Lines/);
  });

  it('checks text that looks like JSON Lines as one JSON document (a finding, not an exception)', () => {
    const lines = `${JSON.stringify(VALID)}\n${JSON.stringify(VALID)}\n`;
    const result = checkDocument(lines);
    assert.equal(result.format, 'json');
    assert.equal(result.diagnostics[0]!.ruleId, 'mcpdesc.document.syntax');
    assert.equal(result.diagnostics[0]!.line, 2);
  });

  it('reports a byte order mark, invalid UTF-8 and a duplicate key where they are', () => {
    const bom = checkDocument(`\uFEFF${VALID_TEXT}`);
    assert.deepEqual(
      bom.diagnostics.map((d) => [d.ruleId, d.line, d.column]),
      [['mcpdesc.document.bom', 1, 1]],
    );
    assert.equal(bom.bytes, Buffer.byteLength(VALID_TEXT) + 3);
    const bad = Buffer.concat([
      Buffer.from('{"mcpdesc": "0.7.0",\n"info": "'),
      Buffer.from([0xff]),
      Buffer.from('"}'),
    ]);
    const utf8 = checkDocument(bad);
    assert.deepEqual(
      utf8.diagnostics.map((d) => [d.ruleId, d.line, d.column]),
      [['mcpdesc.document.syntax', 2, 10]],
    );
    const dup = checkDocument('{"mcpdesc": "0.7.0", "mcpdesc": "0.7.0"}');
    assert.deepEqual(
      dup.diagnostics.map((d) => [d.ruleId, d.pointer, d.line, d.column]),
      [['mcpdesc.document.duplicate-key', '/mcpdesc', 1, 22]],
    );
  });

  it('reads a Uint8Array view where it starts, not its whole buffer', () => {
    const backing = new Uint8Array(Buffer.from(`xxxx${VALID_TEXT}yyyy`));
    const view = backing.subarray(4, 4 + Buffer.byteLength(VALID_TEXT));
    const result = checkDocument(view);
    assert.equal(result.status, 'valid');
    assert.equal(result.bytes, view.length);
  });

  it('skips input over maxFileSize as a file over --max-file-size is skipped', async () => {
    const result = checkDocument(VALID_TEXT, { file: 'big.json', maxFileSize: 100 });
    assert.equal(result.status, 'skipped');
    assert.equal(result.error?.code, 'EMAXSIZE');
    const capped: CheckDocumentOptions = { file: 'big.json', maxFileSize: '100B' };
    const viaCli = await checkFile(tmp.write('big.json', VALID_TEXT), { ...OPTIONS, maxFileSize: 100 });
    assert.deepEqual(comparable(checkDocument(VALID_TEXT, capped)), comparable(viaCli.documents[0]!));
  });

  it('applies rule levels, the target and the diagnostics cap as a run does', async () => {
    const options = {
      ...OPTIONS,
      target: '0.9.0-rc.3' as const,
      ruleLevels: { 'mcpdesc.tool.name-format': 'info' as const },
      maxDiagnosticsPerFile: 1,
    };
    const text = JSON.stringify({ ...VALID, tools: [{ name: 'a b' }, { name: 'c d' }] }, null, 2);
    const result = checkDocument(text, {
      file: 'levels.json',
      target: options.target,
      ruleLevels: options.ruleLevels,
      maxDiagnosticsPerFile: 1,
    });
    assert.equal(result.truncated, true);
    assert.equal(result.diagnostics.length, 1);
    assert.equal(result.byRule['mcpdesc.tool.name-format'], 2);
    const viaRun = await checkFile(tmp.write('levels.json', text), options);
    assert.deepEqual(comparable(result), comparable(viaRun.documents[0]!));
    // `warn`, as --rule and the config file spell it.
    const warn = checkDocument(text, { ruleLevels: { 'mcpdesc.tool.name-format': 'warn' as never } });
    assert.equal(warn.diagnostics.find((d) => d.ruleId === 'mcpdesc.tool.name-format')?.severity, 'warning');
  });

  it('returns synchronously: no worker, no promise', () => {
    const result = checkDocument(VALID_TEXT);
    assert.equal(typeof (result as unknown as { then?: unknown }).then, 'undefined');
    assert.equal(result.status, 'valid');
  });
});

describe('checkDocument() on a parsed value', () => {
  it('gives the findings of its JSON text, without positions', async () => {
    const doc = { ...VALID, info: { name: '', version: '1.0.0' }, tools: [{ name: 'a b', inputSchema: {} }] };
    const text = JSON.stringify(doc, null, 2);
    const result = checkDocument(doc);
    const expected = await fileResult('parsed.json', text);
    assert.ok(expected.diagnostics.length >= 2);
    assert.deepEqual(
      result.diagnostics,
      expected.diagnostics.map(({ line: _l, column: _c, endLine: _el, endColumn: _ec, ...d }) => d),
    );
    for (const d of result.diagnostics) assert.equal('line' in d, false);
    const { format, bytes, file, diagnostics, ...counts } = comparable(result);
    assert.deepEqual([format, bytes, file], ['unknown', 0, '<input>']);
    const { format: _f, bytes: _b, file: _n, diagnostics: _d, ...expectedCounts } = comparable(expected);
    assert.deepEqual(counts, expectedCounts);
    assert.equal(diagnostics.length, expected.diagnostics.length);
  });

  it('checks any JSON value, including a root that is not an object', () => {
    assert.equal(checkDocument(VALID).status, 'valid');
    for (const root of [null, 1, true, [], 'text is parsed, so this string is checked as text']) {
      const result = checkDocument(root);
      assert.equal(result.status, 'invalid', JSON.stringify(root));
    }
    assert.equal(checkDocument([]).diagnostics[0]!.ruleId, 'mcpdesc.document.root-object');
    assert.equal(checkDocument(null).diagnostics[0]!.ruleId, 'mcpdesc.document.root-object');
  });

  it('accepts a value shared between two places (YAML aliases give such values)', () => {
    const schema = { type: 'object' };
    const doc = {
      ...VALID,
      tools: [
        { name: 'a', inputSchema: schema },
        { name: 'b', inputSchema: schema },
      ],
    };
    assert.equal(checkDocument(doc).status, 'valid');
  });

  it('refuses what JSON cannot hold, naming where it is, instead of walking it forever', () => {
    const cyclic: Record<string, unknown> = { ...VALID, info: { name: 'x', version: '1' } };
    (cyclic.info as Record<string, unknown>).self = cyclic;
    const sparse: unknown[] = [];
    sparse[0] = 1;
    sparse[2] = 3;
    const cases: Array<[unknown, RegExp]> = [
      [undefined, /the document is undefined/],
      [cyclic, /\/info\/self .*contains itself/],
      [{ ...VALID, info: { name: 'x', version: undefined } }, /\/info\/version is undefined/],
      [{ ...VALID, tools: sparse }, /\/tools\/1 is missing/],
      [{ ...VALID, n: Number.NaN }, /\/n is NaN/],
      [{ ...VALID, n: 1n }, /\/n is a bigint/],
      [{ ...VALID, f: () => 1 }, /\/f is a function/],
      [{ ...VALID, d: new Date(0) }, /\/d is a Date/],
      [{ ...VALID, m: new Map() }, /\/m is a Map/],
      [{ ...VALID, s: Symbol('s') }, /\/s is a symbol/],
      [new ArrayBuffer(2), /the document is an ArrayBuffer.*Uint8Array/],
      [{ 'a/b~c': { x: undefined } }, /\/a~1b~0c\/x is undefined/],
    ];
    for (const [value, message] of cases) {
      assert.throws(
        () => checkDocument(value),
        (e: Error) => e instanceof TypeError && message.test(e.message),
        String(message),
      );
    }
  });

  it('checks a document nested deeper than the call stack without throwing', () => {
    let deep: unknown = {};
    for (let i = 0; i < 100_000; i++) deep = { type: 'object', properties: { p: deep } };
    const result = checkDocument({ ...VALID, tools: [{ name: 'deep', inputSchema: deep }] });
    assert.equal(result.status, 'invalid');
    assert.deepEqual(
      result.diagnostics.map((d) => d.ruleId),
      ['mcpdesc.tool.schema-valid'],
    );
  });

  it('skips a value whose shared parts written out would be billions of values', () => {
    let bomb: unknown = ['lol'];
    for (let i = 0; i < 40; i++) bomb = [bomb, bomb];
    const tools = [{ name: 'b', inputSchema: { type: 'object', default: bomb } }];
    const result = checkDocument({ ...VALID, tools });
    assert.equal(result.status, 'skipped');
    assert.equal(result.error?.code, 'EMAXSIZE');
    // ['lol'] is 2 values, each level one array around two copies: 3 × 2^40 − 1, and 14 around them.
    assert.match(result.error!.message, new RegExp(`holds 56 values, .* make ${3 * 2 ** 40 - 1 + 14},`));
    // Sharing itself is fine: 2^12 values written out are checked.
    let shared: unknown = ['lol'];
    for (let i = 0; i < 12; i++) shared = [shared, shared];
    const small = checkDocument({
      ...VALID,
      tools: [{ name: 'b', inputSchema: { type: 'object', default: shared } }],
    });
    assert.equal(small.status, 'valid');
  });

  it('checks a large value that shares nothing, however many values it holds', () => {
    const inputSchema = { type: 'object', default: new Array(1_100_000).fill(0) };
    const result = checkDocument({ ...VALID, tools: [{ name: 'big', inputSchema }] });
    assert.equal(result.status, 'valid');
  });
});

describe('checkDocument() options', () => {
  it('refuses what the CLI refuses, naming the option', () => {
    const bad: Array<[CheckDocumentOptions, RegExp]> = [
      [{ target: '9.9.9' as never }, /target/],
      [{ ruleLevels: { 'mcpdesc.tool.name-format': 'bogus' as never } }, /mcpdesc\.tool\.name-format/],
      [
        { ruleLevels: { 'mcpdesc.tool.name-formatt': 'off' } },
        /unknown rule id "mcpdesc\.tool\.name-formatt"/,
      ],
      [{ ruleLevels: { constructor: 'off' } as never }, /unknown rule id "constructor"/],
      [{ ruleLevels: null as never }, /ruleLevels/],
      [{ maxDiagnosticsPerFile: -1 }, /maxDiagnosticsPerFile/],
      [{ maxDiagnosticsPerFile: 1.5 }, /maxDiagnosticsPerFile/],
      [{ maxFileSize: '12 parsecs' }, /maxFileSize/],
      [{ maxFileSize: -1 }, /maxFileSize/],
      [{ format: 'xml' as never }, /format/],
      [{ file: '' }, /file/],
      [{ file: 'dir/' }, /file/],
      [{ concurrency: 2 } as never, /unknown option "concurrency"/],
    ];
    for (const [options, message] of bad) {
      assert.throws(
        () => checkDocument(VALID_TEXT, options),
        (e: Error) =>
          e instanceof TypeError && message.test(e.message) && /^checkDocument\(\)/.test(e.message),
        JSON.stringify(options),
      );
    }
  });

  it('reports the name as a run reports a file given so', () => {
    assert.equal(checkDocument(VALID_TEXT, { file: './registry/acme.json' }).file, 'registry/acme.json');
  });
});
