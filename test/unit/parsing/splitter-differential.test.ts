// Differential test against stream-json, the reference streaming parser: the same bytes go
// to the splitter (+ JSON.parse per slice) and to a stream-json `pick({filter: 'tools'})` +
// `streamArray()` pipeline. Both must yield the same `tools` elements in the same order, and both must
// reject the same malformed inputs (JSON.parse of the whole text is the third opinion).
//
// Deliberate exclusions, each tested on its own in splitter.test.ts: invalid UTF-8 (stream-json
// decodes it to U+FFFD and accepts it; we reject it, as JSON requires UTF-8) and a BOM (we strip and
// report it). A non-array `tools` is a member for us and a streamArray error for stream-json.
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import chain from 'stream-chain';
import pick from 'stream-json/filters/pick.js';
import parser from 'stream-json/parser.js';
import streamArray from 'stream-json/streamers/stream-array.js';
import { serverDocument } from '../../../corpus/generator/content.js';
import { renderDump } from '../../../corpus/generator/dump.js';
import { Rng } from '../../../corpus/generator/random.js';
import { chunks, rebuild, splitAll } from './splitter-harness.js';

type Verdict = { ok: true; tools: unknown[] } | { ok: false };

async function streamJson(input: Buffer, sizes: number | number[]): Promise<Verdict> {
  const tools: unknown[] = [];
  try {
    const pipeline = chain([
      Readable.from(chunks(input, sizes)),
      parser(),
      // The root member named exactly `tools`. A string filter matches the joined path by prefix, so it
      // also picked a member named "tools." (fast-check seed 2137965309 inserted the dot).
      pick({ filter: (stack: unknown[]) => stack.length === 1 && stack[0] === 'tools' }),
      streamArray(),
    ]);
    for await (const item of pipeline as AsyncIterable<{ value: unknown }>) tools.push(item.value);
    return { ok: true, tools };
  } catch {
    return { ok: false };
  }
}

function splitter(input: Buffer, sizes: number | number[]): Verdict {
  const result = rebuild(splitAll(input, sizes));
  if (!result.ok) return { ok: false };
  return { ok: true, tools: result.elements.filter((e) => e.key === 'tools').map((e) => e.value) };
}

function jsonParse(input: Buffer): { ok: boolean; value?: unknown } {
  try {
    return { ok: true, value: JSON.parse(input.toString('utf8')) };
  } catch {
    return { ok: false };
  }
}

function toolsIsNotArray(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  return Object.hasOwn(value, 'tools') && !Array.isArray((value as { tools: unknown }).tools);
}

async function agree(input: Buffer, sizes: number | number[]): Promise<void> {
  const whole = jsonParse(input);
  const ours = splitter(input, sizes);
  assert.equal(ours.ok, whole.ok, `splitter ${ours.ok ? 'accepted' : 'rejected'} what JSON.parse did not`);
  if (whole.ok && toolsIsNotArray(whole.value)) return;
  const reference = await streamJson(input, sizes);
  assert.equal(ours.ok, reference.ok, `splitter ${ours.ok ? 'accepted' : 'rejected'}, stream-json did not`);
  if (ours.ok && reference.ok) assert.deepEqual(ours.tools, reference.tools);
}

// Random documents: values from fast-check, serialized by our own printer with random whitespace and
// random (valid) escapes, so that boundaries fall inside escapes, multibyte characters and whitespace.
const WS = [' ', '\n', '\t', '\r\n', '  '];

function escapeChar(ch: string, style: number): string {
  const code = ch.codePointAt(0)!;
  if (ch === '"') return '\\"';
  if (ch === '\\') return '\\\\';
  if (code < 0x20) return `\\u${code.toString(16).padStart(4, '0')}`;
  if (style % 5 === 0 && code > 0x7f) {
    // \uXXXX escapes, surrogate pairs for astral characters.
    return [...ch]
      .flatMap((c) => {
        const cp = c.codePointAt(0)!;
        if (cp <= 0xffff) return [cp];
        const v = cp - 0x10000;
        return [0xd800 + (v >> 10), 0xdc00 + (v & 0x3ff)];
      })
      .map((u) => `\\u${u.toString(16).padStart(4, '0')}`)
      .join('');
  }
  if (style % 7 === 0 && ch === '/') return '\\/';
  return ch;
}

function print(value: unknown, rnd: () => number): string {
  const ws = () => (rnd() < 0.3 ? WS[Math.floor(rnd() * WS.length)]! : '');
  const str = (s: string) => `"${[...s].map((c) => escapeChar(c, Math.floor(rnd() * 35))).join('')}"`;
  if (value === null || typeof value !== 'object')
    return typeof value === 'string' ? str(value) : JSON.stringify(value);
  if (Array.isArray(value))
    return `[${ws()}${value.map((v) => `${ws()}${print(v, rnd)}${ws()}`).join(',')}${ws()}]`;
  const entries = Object.entries(value).map(
    ([k, v]) => `${ws()}${str(k)}${ws()}:${ws()}${print(v, rnd)}${ws()}`,
  );
  return `{${ws()}${entries.join(',')}${ws()}}`;
}

const text = fc.string({
  unit: fc.constantFrom(
    'a',
    'é',
    '東',
    '🚀',
    '"',
    '\\',
    '/',
    '\n',
    '\u0001',
    '{',
    '}',
    '[',
    ']',
    ',',
    ':',
    ' ',
  ),
});
const leaf = fc.oneof(
  text,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);
const value = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    leaf,
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(text, tie('node'), { maxKeys: 4 }),
  ),
})).node;
const documentArb = fc.record(
  {
    tools: fc.array(value, { maxLength: 6 }),
    mcpdesc: fc.constant('0.7.0'),
    tags: fc.array(fc.record({ name: text }), { maxLength: 3 }),
    info: value,
    extra: value,
  },
  { requiredKeys: ['tools'] },
);
// fc.double({min: 0, max: 1}) mostly yields 0 and 1 (its bias towards bounds); positions must be uniform.
const fractionArb = fc.integer({ min: 0, max: 999_999 }).map((k) => k / 1_000_000);
const seedArb = fc.integer({ min: 1, max: 2 ** 31 - 1 });
const sizesArb = fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 4 });

function printer(seed: number): () => number {
  const rng = new Rng(seed);
  return () => rng.next();
}

/** A char boundary in `bytes` (never inside a UTF-8 sequence), at fraction `f` of the length. */
function boundary(bytes: Buffer, f: number): number {
  let at = Math.floor(f * bytes.length);
  while (at > 0 && at < bytes.length && (bytes[at]! & 0xc0) === 0x80) at--;
  return at;
}

describe('splitter vs stream-json: generated corpora', () => {
  it('a generated dump (tools first, mcpdesc and tags after), cut anywhere', async () => {
    const input = Buffer.from(renderDump({ tools: 120, invalid: 8, seed: 12 }).text);
    for (const sizes of [1 << 16, 1000, [3, 17, 251]]) await agree(input, sizes);
  });

  it('registry documents in several indentations', async () => {
    const rng = new Rng(5);
    for (let k = 0; k < 20; k++) {
      const doc = serverDocument(rng, { tools: 1 + (k % 10), serverName: `s-${k}` });
      const input = Buffer.from(JSON.stringify(doc, null, [0, 2, '\t'][k % 3]));
      await agree(input, [k + 1, 97]);
    }
  });
});

describe('splitter vs stream-json: property-based', () => {
  it('random documents with random whitespace, escapes and unicode: the same tools, in order', async () => {
    await fc.assert(
      fc.asyncProperty(documentArb, seedArb, sizesArb, async (doc, seed, sizes) => {
        const input = Buffer.from(print(doc, printer(seed)));
        assert.ok(jsonParse(input).ok, 'the printer writes valid JSON');
        await agree(input, sizes);
      }),
      { numRuns: 250 },
    );
  });

  it('random truncations: both reject (or both accept a cut in trailing whitespace)', async () => {
    await fc.assert(
      fc.asyncProperty(documentArb, seedArb, fractionArb, sizesArb, async (doc, seed, f, sizes) => {
        const input = Buffer.from(print(doc, printer(seed)));
        await agree(input.subarray(0, boundary(input, f)), sizes);
      }),
      { numRuns: 250 },
    );
  });

  it('random corruptions (inserted, deleted, replaced characters): both reject the same inputs', async () => {
    const corruption = fc.record({
      f: fractionArb,
      structural: fc.boolean(),
      op: fc.constantFrom('insert', 'delete', 'replace'),
      // Structural characters are weighted up: they are what the splitter itself must get right.
      ch: fc.oneof(
        { arbitrary: fc.constantFrom(',', ']', '}', ':', '[', '{'), weight: 4 },
        {
          arbitrary: fc.constantFrom('"', '\\', 'x', '1', '-', '.', 'e', ' ', 't', 'n', '\u0000'),
          weight: 1,
        },
      ),
    });
    await fc.assert(
      fc.asyncProperty(
        documentArb,
        seedArb,
        fc.array(corruption, { minLength: 1, maxLength: 3 }),
        sizesArb,
        async (doc, seed, edits, sizes) => {
          let input = Buffer.from(print(doc, printer(seed)));
          for (const { f, structural, op, ch } of edits) {
            // Half of the edits hit a structural character, where the splitter decides boundaries.
            const at = structural ? structuralAt(input, f) : boundary(input, f);
            const end = op === 'insert' || at >= input.length ? at : at + utf8Length(input[at]!);
            input = Buffer.concat([
              input.subarray(0, at),
              op === 'delete' ? Buffer.alloc(0) : Buffer.from(ch),
              input.subarray(Math.min(end, input.length)),
            ]);
          }
          await agree(input, sizes);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

/**
 * A structural character of the root object or of a collection array (depth ≤ 2), where the splitter
 * itself decides what is valid (deeper bytes are JSON.parse's business).
 */
function structuralAt(bytes: Buffer, f: number): number {
  const positions: number[] = [];
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const c = String.fromCharCode(bytes[i]!);
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    if (depth <= 2 && '{}[],:"'.includes(c)) positions.push(i);
    if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
  }
  return positions.length === 0
    ? 0
    : positions[Math.min(positions.length - 1, Math.floor(f * positions.length))]!;
}

function utf8Length(lead: number): number {
  if (lead >= 0xf0) return 4;
  if (lead >= 0xe0) return 3;
  if (lead >= 0xc0) return 2;
  return 1;
}
