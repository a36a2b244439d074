// Property tests of the worker's real entry (checkFile), the path the CLI takes, through every parser:
// whole JSON, the streaming splitter (--stream-threshold 0), YAML, JSON Lines and gzip. The splitter's
// own differential tests (test/unit/parsing, test/unit/streaming) compare it with a re-implementation
// of whole-file placement; these compare it with the whole-file path itself, positions included.
// Random corruptions must never throw out of checkFile, must give exactly one result per document,
// and must never be an internal error. Bounded runs; the per-test timeouts only turn a hang into a failure.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { serverDocument } from '../../../corpus/generator/content.js';
import { DEFECTS } from '../../../corpus/generator/defects.js';
import { Rng } from '../../../corpus/generator/random.js';
import type { DocumentResult, FileJob } from '../../../src/types.js';
import { checkFile } from '../../../src/worker/check-file.js';
import { plantDuplicate } from '../../helpers/duplicates.js';
import { comparable, STREAMED, testDir, WHOLE, writeJob } from '../streaming/helpers.js';

const dir = testDir('fuzz');
const TIMEOUT = { timeout: 120_000 };

const job = (name: string, content: string | Uint8Array): FileJob => writeJob(dir, name, content, 7);

async function both(text: string): Promise<[DocumentResult, DocumentResult]> {
  const j = job('doc.json', text);
  const whole = await checkFile(j, WHOLE);
  const streamed = await checkFile(j, STREAMED);
  assert.equal(whole.documents.length, 1);
  assert.equal(streamed.documents.length, 1);
  assert.equal(streamed.documents[0]!.streamed, true);
  assertSpans(whole.documents[0]!, 'whole');
  return [whole.documents[0]!, streamed.documents[0]!];
}

/** Every placed finding has the end of its span, at or after its start (docs/cli.md "Spans"). */
function assertSpans(result: DocumentResult, name: string): void {
  for (const d of result.diagnostics) {
    if (d.line === undefined) {
      assert.equal(d.endLine, undefined, name);
      continue;
    }
    assert.ok(d.endLine !== undefined && d.endColumn !== undefined, `${name}: ${d.ruleId} has no end`);
    assert.ok(
      d.endLine > d.line || (d.endLine === d.line && d.endColumn >= d.column!),
      `${name}: ${d.ruleId} ends at ${d.endLine}:${d.endColumn}, before ${d.line}:${d.column}`,
    );
  }
}

/** One result per document, from checkFile, and never an internal error. */
async function sound(name: string, content: string | Uint8Array, documents = 1): Promise<DocumentResult[]> {
  for (const options of [WHOLE, STREAMED]) {
    const outcome = await checkFile(job(name, content), options);
    assert.equal(outcome.index, 7);
    if (documents >= 0) assert.equal(outcome.documents.length, documents, name);
    for (const d of outcome.documents) {
      assert.notEqual(d.error?.code, 'EINTERNAL', `${name}: ${d.error?.message}`);
      assert.ok(['valid', 'invalid', 'skipped', 'error'].includes(d.status));
      assertSpans(d, name);
    }
    if (options === STREAMED) return outcome.documents;
  }
  return [];
}

/** A registry-like document: a generated server, sometimes with a planted defect, with random extras. */
const documentArb = fc
  .record({
    seed: fc.integer({ min: 1, max: 1_000_000 }),
    tools: fc.integer({ min: 1, max: 6 }),
    defect: fc.option(fc.integer({ min: 0, max: DEFECTS.length - 1 })),
    extras: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 3 }),
    toolExtras: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 2 }),
    indent: fc.constantFrom(0, 1, 2, '\t', ' \r\n'),
  })
  .map(({ seed, tools, defect, extras, toolExtras, indent }) => {
    const rng = new Rng(seed);
    let document: Record<string, unknown> = serverDocument(rng, { tools, serverName: `s${seed}` });
    if (defect !== null)
      document = DEFECTS[defect]!.apply(document as never, rng).document as Record<string, unknown>;
    const toolList = document.tools;
    if (
      Array.isArray(toolList) &&
      toolList.length > 0 &&
      typeof toolList[0] === 'object' &&
      toolList[0] !== null
    ) {
      toolList[0] = { ...(toolList[0] as object), ...toolExtras };
    }
    // JSON.stringify's indent may only be spaces or tabs; ' \r\n' is spliced in after each comma.
    const text =
      indent === ' \r\n'
        ? JSON.stringify({ ...document, ...extras }).replace(/,(?=")/g, `,${indent}`)
        : JSON.stringify({ ...document, ...extras }, null, indent);
    return text;
  });

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

describe('whole-file = streamed, through checkFile', () => {
  it('generated registry documents with defects and random members: identical results', TIMEOUT, async () => {
    await fc.assert(
      fc.asyncProperty(documentArb, async (text) => {
        // The CRLF splice can land inside a string (a generated key); equality is for valid JSON only.
        fc.pre(isJson(text));
        const [whole, streamed] = await both(text);
        assert.deepEqual(comparable(streamed), comparable(whole), text.slice(0, 400));
      }),
      { numRuns: 150 },
    );
  });

  it('arbitrary JSON values as the whole document: identical results', TIMEOUT, async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), async (value) => {
        const text = JSON.stringify(value);
        const [whole, streamed] = await both(text);
        assert.deepEqual(comparable(streamed), comparable(whole), text.slice(0, 400));
      }),
      { numRuns: 150 },
    );
  });
});

describe('duplicate member names: whole-file = streamed, through checkFile', () => {
  it('one planted anywhere: the same single finding, at the same place, in both modes', TIMEOUT, async () => {
    await fc.assert(
      fc.asyncProperty(
        documentArb,
        fc.nat(60),
        fc.nat(20),
        fc.jsonValue({ maxDepth: 2 }),
        fc.constantFrom('', ' ', '\n'),
        async (text, target, pick, copy, space) => {
          fc.pre(isJson(text));
          const planted = plantDuplicate(JSON.parse(text), target, pick, copy, space);
          fc.pre(planted !== null);
          const [whole, streamed] = await both(planted!.text);
          assert.deepEqual(comparable(streamed), comparable(whole), planted!.text.slice(0, 400));
          assert.deepEqual(
            whole.diagnostics.map((d) => [d.ruleId, d.path]),
            [['mcpdesc.document.duplicate-key', planted!.path]],
          );
          assert.deepEqual([whole.status, whole.tools], ['invalid', 0]);
        },
      ),
      { numRuns: 150 },
    );
  });
});

/** Random damage to a text: inserted, deleted or replaced bytes (including NUL, ESC, a lone surrogate). */
const corruptionArb = (base: fc.Arbitrary<string>) =>
  fc
    .tuple(
      base,
      fc.array(
        fc.record({
          at: fc.nat(),
          kind: fc.constantFrom('insert', 'delete', 'replace', 'cut'),
          text: fc.constantFrom(
            '{',
            '}',
            '[',
            ']',
            '"',
            ',',
            ':',
            '\\',
            '\u0000',
            '\u001b',
            '\ud800',
            'é',
            '1e400',
            ' ',
          ),
        }),
        { minLength: 1, maxLength: 4 },
      ),
    )
    .map(([text, edits]) => {
      let out = text;
      for (const e of edits) {
        const at = out.length === 0 ? 0 : e.at % out.length;
        if (e.kind === 'insert') out = out.slice(0, at) + e.text + out.slice(at);
        else if (e.kind === 'delete') out = out.slice(0, at) + out.slice(at + 1);
        else if (e.kind === 'replace') out = out.slice(0, at) + e.text + out.slice(at + 1);
        else out = out.slice(0, at);
      }
      return out;
    });

describe('random corruptions never escape checkFile', () => {
  it('JSON, whole-file and streamed', TIMEOUT, async () => {
    await fc.assert(
      fc.asyncProperty(corruptionArb(documentArb), async (text) => {
        await sound('doc.json', text);
      }),
      { numRuns: 150 },
    );
  });

  it('invalid UTF-8 and raw bytes anywhere', TIMEOUT, async () => {
    await fc.assert(
      fc.asyncProperty(
        documentArb,
        fc.uint8Array({ minLength: 1, maxLength: 4 }),
        fc.nat(),
        async (text, bytes, at) => {
          const buf = Buffer.from(text);
          const i = at % (buf.length + 1);
          await sound('doc.json', Buffer.concat([buf.subarray(0, i), bytes, buf.subarray(i)]));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('YAML', TIMEOUT, async () => {
    const yamlish = fc.array(
      fc.constantFrom(
        'a: 1',
        '- x',
        '&a [1]',
        '*a',
        '!!str',
        '!tag x',
        '{',
        '}',
        '[',
        ']',
        '"',
        "'",
        ':',
        '? k',
        '  ',
        '\t',
        '#',
        '%YAML 1.2',
        '---',
        '...',
        '<<: *a',
        'mcpdesc: "0.7.0"',
      ),
      { maxLength: 30 },
    );
    await fc.assert(
      fc.asyncProperty(
        yamlish,
        fc.array(fc.constantFrom('\n', ' ', ', '), { maxLength: 30 }),
        async (parts, seps) => {
          const text = parts.map((p, i) => p + (seps[i] ?? '\n')).join('');
          await sound('doc.yaml', text);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('JSON Lines: one result per non-blank line, whatever the lines hold', TIMEOUT, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(corruptionArb(documentArb), { minLength: 1, maxLength: 5 }),
        async (lines) => {
          // A document's own line breaks would make it several lines; keep one document per line.
          const flat = lines.map((l) => l.replace(/[\r\n]/g, ' '));
          const expected = flat.filter((l) => l.trim() !== '').length;
          const documents = await sound('docs.jsonl', `${flat.join('\n')}\n`, -1);
          assert.equal(documents.length, Math.max(expected, 1));
        },
      ),
      { numRuns: 60 },
    );
  });

  it(
    'gzip: valid streams agree with the plain file; damaged streams are a finding, not a crash',
    TIMEOUT,
    async () => {
      await fc.assert(
        fc.asyncProperty(documentArb, fc.nat(), fc.integer({ min: 0, max: 255 }), async (text, at, byte) => {
          const gz = gzipSync(text);
          const [plain] = await sound('doc.json', text);
          const [zipped] = await sound('doc.json.gz', gz);
          assert.equal(zipped!.status, plain!.status);
          assert.equal(zipped!.errors, plain!.errors);
          const damaged = Buffer.from(gz);
          damaged[at % damaged.length] = byte;
          await sound('doc.json.gz', damaged);
          await sound('doc.json.gz', gz.subarray(0, at % gz.length));
        }),
        { numRuns: 60 },
      );
    },
  );
});
