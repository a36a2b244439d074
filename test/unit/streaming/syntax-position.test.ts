// Where a streamed check reports malformed input: at the first error of the whole text, exactly as a
// whole-text parse finds it, although the streamed check sees the text as slices and chunks. Random
// corruptions of generated registry documents (fast-check); the whole-text oracle is JSON.parse for
// validity and whole-file mode's scanner (json-scan.ts) for the position.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { serverDocument } from '../../../corpus/generator/content.js';
import { Rng } from '../../../corpus/generator/random.js';
import { findJsonSyntaxError } from '../../../src/parsing/json-scan.js';
import { positionAt } from '../../../src/parsing/position.js';
import { checkHugeFile } from '../../../src/pool/fanout.js';
import type { LocatedDiagnostic } from '../../../src/types.js';
import { checkBytes, PARSERS } from '../../../src/worker/check-bytes.js';
import { checkText } from '../../../src/worker/check-text.js';
import { checkStreamed } from '../../../src/worker/streamed.js';
import { inProcessSlices, STREAMED as OPTIONS, testDir } from './helpers.js';

const dir = testDir('syntax');
let n = 0;

async function firstFinding(text: string, chunkBytes: number) {
  const path = join(dir, `s-${n++}.json`);
  writeFileSync(path, text);
  const outcome = await checkStreamed(
    { index: 0, path, file: 's.json', size: 0 },
    { ...OPTIONS, chunkBytes },
  );
  return outcome.documents[0]!.diagnostics.find((d) => d.ruleId === 'mcpdesc.document.syntax');
}

const ENGINE = { target: null, ruleLevels: {}, maxDiagnostics: 1000 };

/** A worker boundary in-process (structured clone both ways), as in fanout.test.ts. */
/** Whole-file mode's diagnostics and the streamed check's for the same bytes (every field compared). */
async function bothModes(content: string | Buffer, chunkBytes: number, fanOut = false) {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  const path = join(dir, `s-${n++}.json`);
  writeFileSync(path, bytes);
  const job = { index: 0, path, file: 's.json', size: bytes.length };
  const options = { ...OPTIONS, chunkBytes };
  const outcome = fanOut
    ? await checkHugeFile(job, options, inProcessSlices, { batchBytes: 64 })
    : await checkStreamed(job, options);
  return {
    whole: checkBytes(bytes, PARSERS.json, ENGINE).diagnostics,
    streamed: outcome.documents[0]!.diagnostics,
  };
}

const H = '{"mcpdesc":"0.7.0",';
/**
 * Syntax errors the splitter itself detects (between values, at the end of input, inside a root member
 * name), and slices whose first value ends early: each was worded the splitter's own way, or placed
 * elsewhere, before the splitter and the slice parse used the whole-file scanner's wording.
 */
const SPLITTER_CASES: Record<string, string | Buffer> = {
  // ",," and friends where an element is expected.
  'double comma in tools': `${H}"tools":[{"name":"a"},,{"name":"b"}]}`,
  'comma first in tools': `${H}"tools":[,{"name":"a"}]}`,
  'trailing comma in tools': `${H}"tools":[{"name":"a"},]}`,
  'double comma in resources, CRLF': `${H}\r\n"resources":[\r\n  {"uri":"a"},\r\n  ,\r\n]}`,
  'double comma in a root array': '[1,,2]',
  'colon where an element is expected': `${H}"tools":[:]}`,
  'brace where an element is expected, after a comma': `${H}"prompts":[{"name":"a"}, }]}`,
  // A missing ',' between members and elements.
  'missing comma between root members': '{"mcpdesc":"0.7.0" "tools":[]}',
  'missing comma between root members, CRLF': '{"mcpdesc":"0.7.0"\r\n  "tools":[]}',
  'missing comma after a collection': '{"tools":[] "mcpdesc":"0.7.0"}',
  'missing comma after an object member': `${H}"info":{"name":"s"} "x":1}`,
  'missing comma between elements': `${H}"tools":[{"name":"a"} {"name":"b"}]}`,
  'missing comma between nested arrays in resources': `${H}"resources":[[1] [2]]}`,
  'missing comma in a root array': '[1 2]',
  'bracket after a member': `${H}"x":1]`,
  'brace after an element': `${H}"tags":["a"}`,
  // Text after the document.
  'a letter after the document': '{"mcpdesc":"0.7.0"}x',
  'a brace after the document, on a later line': '{"tools":[]}\n\n  }',
  'a second object after the document': '{} {}',
  'a number after a root string': '"abc" 1',
  'a number after a root number': '1 2',
  'a control character after the document': '{}\u0001',
  'DEL after the document': '{}\u007f',
  'a line separator after the document': '{}\u2028',
  'text after the document, with a BOM': Buffer.concat([
    Buffer.from([0xef, 0xbb, 0xbf]),
    Buffer.from('{}\r\n x'),
  ]),
  // Non-ASCII where structure is expected (the character may straddle reads).
  'e acute after a member': '{"a":1 é}',
  'an emoji after a member': '{"a":1 \u{1F600}}',
  'e acute as a member name': '{é:1}',
  'an emoji where an element is expected': `${H}"tools":[\u{1F600}]}`,
  'e acute where a colon is expected': '{"a" é}',
  'an emoji after the document': '{}\u{1F600}',
  // Invalid UTF-8 where structure is expected: what whole-file mode reports first (it decodes first).
  'a bad byte after a member': Buffer.from([...Buffer.from('{"a":1 '), 0xff, ...Buffer.from('}')]),
  'a cut character after the document': Buffer.from([...Buffer.from('{"a":1}'), 0xc3]),
  // The end of input between values.
  'end after a comma between root members': `${H}`,
  'end after an opening brace': '{',
  'end after an opening brace and spaces': '{ \r\n ',
  'end after a member name': '{"mcpdesc"',
  'end after a member name and a colon': '{"mcpdesc": ',
  'end after a root member': '{"mcpdesc":"0.7.0"\n',
  'end after a collection': `${H}"tools":[]`,
  'end after an opening bracket in tools': `${H}"tools":[`,
  'end after an element': `${H}"tools":[{"name":"a"}\r\n`,
  'end after a comma between elements': `${H}"tools":[{"name":"a"},`,
  'end after a root array element': '[1, 2',
  'end in an opening root array': '[',
  'end in a number member': '{"x": 12',
  'end in a number element': `${H}"tags":[12`,
  'end in a nested array member': '{"x": [1, 2',
  'end in nested objects and arrays of an element': `${H}"tools":[{"a":{"b":[1,\n`,
  'end after a nested member name': `${H}"resources":[{"uri"`,
  'end after a nested member': '{"info": {"name": "s"   ',
  'end in a root member value, with a BOM': Buffer.concat([
    Buffer.from([0xef, 0xbb, 0xbf]),
    Buffer.from('{"x":\r\n ['),
  ]),
  // A member value or element whose first value ends early.
  'a root member 01': '{"x": 01}',
  'a root member 01 after others, CRLF': `${H}\r\n  "x": -01\r\n}`,
  'a root member 1x': '{"x": 1x}',
  'an element 01 in tags': `${H}"tags":[01]}`,
  'an element truex in tools': `${H}"tools":[truex]}`,
  'a root array element 01': '[01]',
  // Brackets that close the wrong container inside a value.
  'a bracket closed by a brace in a member': '{"x": [1}',
  'an object closed by a bracket in an element': `${H}"tools":[{"a":1]]}`,
  'a value missing before a bracket': '{"x": {"a":]}',
  'a colon missing before a bracket': '{"x": {"a" ]}',
  'a name missing before a bracket': `${H}"resources":[{"a":1,]}]}`,
  // A number cut short by the next character, or by the end of input.
  'a minus before the root object': '-{"mcpdesc":"0.7.0"}',
  'a minus then a space as the root': '- ',
  'a minus as the root': '-',
  'a minus as a root member': '{"x": -}',
  'a minus as an element': `${H}"tags":[-]}`,
  'a minus at the end of a root member': '{"x": -',
  'a minus at the end of an element': `${H}"tags":[-`,
  // Inside a root member name.
  'end inside a root member name': `${H}"too`,
  'end inside the first member name': '{"too',
  'end inside a member name after an escaped quote': '{"a\\"b',
  'end inside a member name after a backslash': '{"ab\\',
  'end inside a member name in a unicode escape': '{"ab\\u12',
  'end inside a member name, CRLF and a BOM': Buffer.concat([
    Buffer.from([0xef, 0xbb, 0xbf]),
    Buffer.from('{"mcpdesc":"0.7.0",\r\n  "tools":[],\r\n  "info'),
  ]),
  'a control character in an unterminated member name': `${H}\n  "na\u0001me`,
  // Invalid UTF-8 inside a value or a member name: whole-file mode shows the four bytes from the bad
  // one on, also when they run past the value's end (the streamed finding left them out).
  'a bad byte in a tool description': Buffer.concat([
    Buffer.from(`${H}"tools":[{"name":"a","description":"ab`),
    Buffer.from([0xff, 0xfe]),
    Buffer.from('cd"}]}'),
  ]),
  'a bad byte at the end of a member string': Buffer.concat([
    Buffer.from('{"x":"ab'),
    Buffer.from([0xff]),
    Buffer.from('"}'),
  ]),
  'a cut character at the end of an element, CRLF after': Buffer.concat([
    Buffer.from(`${H}"tags":["a`),
    Buffer.from([0xe2, 0x82]),
    Buffer.from('"]\r\n}'),
  ]),
  'a cut character in a root member name': Buffer.concat([
    Buffer.from('{"a'),
    Buffer.from([0xc3]),
    Buffer.from('":1}'),
  ]),
  'a bad byte in a root string': Buffer.concat([Buffer.from('"'), Buffer.from([0xff]), Buffer.from('"')]),
};

const fraction = fc.integer({ min: 0, max: 999_999 }).map((k) => k / 1_000_000);
const edit = fc.record({
  f: fraction,
  op: fc.constantFrom('insert', 'delete', 'replace'),
  ch: fc.constantFrom(',', ']', '}', ':', '[', '{', '"', '\\', 'x', '1', '-', 't', ' ', '\n', '\u0001'),
});

function apply(text: string, edits: ReadonlyArray<{ f: number; op: string; ch: string }>): string {
  let out = text;
  for (const { f, op, ch } of edits) {
    const chars = [...out];
    const at = Math.floor(f * chars.length);
    if (op === 'insert') chars.splice(at, 0, ch);
    else if (op === 'delete') chars.splice(at, 1);
    else chars.splice(at, 1, ch);
    out = chars.join('');
  }
  return out;
}

describe('streamed syntax findings sit at the first error of the whole text', () => {
  it('hand-picked cases, including an error before the one the splitter trips on', async () => {
    for (const text of [
      '{"tools": [{"a": tru, "b": [}], "mcpdesc": "0.7.0"}',
      '{"tools": [{"a": tru',
      '{"tools": [{"a": 1}]}\n  x',
      '{"a\\x": 1}',
      '{"info": {"name": "\u0001"}}',
      '{"tools": [\n  {"a": 1},\n  {"b": [1, 2}\n]}',
      '{"a": 01}',
      '',
    ]) {
      const expected = findJsonSyntaxError(text)!;
      const got = await firstFinding(text, 5);
      assert.ok(got, JSON.stringify(text));
      assert.deepEqual(
        { line: got.line, column: got.column },
        positionAt(text, expected.offset),
        JSON.stringify(text),
      );
    }
  });

  // The streamed check used a second scanner for slices, worded its own way ('Unexpected ".", expected
  // "," or "}".') and placed a bad number one character early and an unterminated string at the end.
  it('an error inside a member or an element: the same message and position as whole-file mode', async () => {
    for (const bad of ['1.', '-', '1e+', '"abc\\u12g4"', '"a\u0001"', '"a\\q"', 'tru', '01', '"abc']) {
      for (const text of [
        `{"mcpdesc":"0.7.0","tools":[{"name":"a","x":${bad}}]}`,
        `{"mcpdesc":"0.7.0","info":{"name":${bad}},"tools":[]}`,
        `{"mcpdesc":"0.7.0","tools":[{"name":"a",\n  "x":${bad}, "y": 1}]}`,
      ]) {
        const report = checkText(text, { target: null, ruleLevels: {}, maxDiagnostics: 1000 });
        const whole = report.diagnostics[0] as LocatedDiagnostic;
        const got = await firstFinding(text, 7);
        assert.ok(got, text);
        assert.deepEqual(
          { message: got.message, line: got.line, column: got.column },
          { message: whole.message, line: whole.line, column: whole.column },
          text,
        );
      }
    }
  });

  it('random corruptions of generated documents', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.array(edit, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 3, max: 200 }),
        async (seed, edits, chunkBytes) => {
          const rng = new Rng(seed);
          const doc = serverDocument(rng, { tools: rng.int(1, 3), serverName: 'srv' });
          const text = apply(JSON.stringify(doc, null, rng.pick([0, 2])), edits);
          let valid = true;
          try {
            JSON.parse(text);
          } catch {
            valid = false;
          }
          const got = await firstFinding(text, chunkBytes);
          if (valid) {
            assert.equal(got, undefined);
            return;
          }
          const expected = findJsonSyntaxError(text);
          assert.ok(expected, 'the locator finds an error JSON.parse found');
          assert.ok(got, 'a syntax finding');
          assert.deepEqual({ line: got.line, column: got.column }, positionAt(text, expected.offset));
          // The whole finding, wherever the splitter or a slice parse found it.
          const { whole, streamed } = await bothModes(text, chunkBytes);
          assert.deepEqual(streamed, whole);
        },
      ),
      { numRuns: 150 },
    );
  });

  // Before: `Unexpected ",", expected a value.`, `... after the end of the document.`, `Unexpected end of
  // input.`, `Unexpected "1" after the JSON value.` for a member value, and the end of input for an
  // unterminated member name; whole-file mode's scanner words and places each differently.
  for (const [label, content] of Object.entries(SPLITTER_CASES)) {
    it(`splitter-detected: ${label}`, async () => {
      for (const chunkBytes of [1, 2, 3, 5, 7, 64, 1 << 20]) {
        const { whole, streamed } = await bothModes(content, chunkBytes);
        assert.ok(
          whole.some((d) => d.ruleId === 'mcpdesc.document.syntax'),
          'whole-file mode finds a syntax error',
        );
        assert.deepEqual(streamed, whole, `chunks of ${chunkBytes}`);
      }
      const { whole, streamed } = await bothModes(content, 5, true);
      assert.deepEqual(streamed, whole, 'fan-out');
    });
  }
});
