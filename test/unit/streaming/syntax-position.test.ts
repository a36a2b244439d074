// Where a streamed check reports malformed input: at the first error of the whole text, exactly as a
// whole-text parse finds it, although the streamed check sees the text as slices and chunks. Random
// corruptions of generated registry documents (fast-check); the whole-text oracle is JSON.parse for
// validity and whole-file mode's scanner (json-scan.ts) for the position.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import fc from 'fast-check';
import { serverDocument } from '../../../corpus/generator/content.js';
import { Rng } from '../../../corpus/generator/random.js';
import { findJsonSyntaxError } from '../../../src/parsing/json-scan.js';
import { positionAt } from '../../../src/parsing/position.js';
import type { CheckOptions, LocatedDiagnostic } from '../../../src/types.js';
import { checkText } from '../../../src/worker/check-text.js';
import { checkStreamed } from '../../../src/worker/streamed.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-syntax-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

const OPTIONS: CheckOptions = {
  target: null,
  ruleLevels: {},
  maxDiagnosticsPerFile: 1000,
  streamThreshold: 0,
  maxFileSize: Number.POSITIVE_INFINITY,
};

async function firstFinding(text: string, chunkBytes: number) {
  const path = join(dir, `s-${n++}.json`);
  writeFileSync(path, text);
  const outcome = await checkStreamed(
    { index: 0, path, file: 's.json', size: 0 },
    { ...OPTIONS, chunkBytes },
  );
  return outcome.documents[0]!.diagnostics.find((d) => d.ruleId === 'mcpdesc.document.syntax');
}

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
        },
      ),
      { numRuns: 150 },
    );
  });
});
