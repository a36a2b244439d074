// Huge single-document dump generator: one mcpdesc document whose `tools` array holds up to millions of
// tools, written tools first with `mcpdesc`, `info`, `transports` and `tags` after them (spec §3.4 allows
// any member order; this is the order that forces a streaming validator to look ahead). K invalid tools
// are planted at recorded indexes; the manifest lists them with the findings they must cause.
//
//   node dist/corpus/generator/dump.js --out corpus/generated/dump-1g.mcpdesc.json --size 1GB --invalid 50 --seed 1
//   node dist/corpus/generator/dump.js --out X.mcpdesc.json --tools 100000 --invalid 10 --seed 2
//
// Speed: tools are rendered from a pool of pre-serialized templates (only the name changes), so the
// writer is bound by string concatenation and write(2); 1 GB takes a few seconds, not minutes.
import { closeSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { description, type JsonObject, TAG_NAMES, tool } from './content.js';
import { type ExpectedFinding, TOOL_DEFECTS } from './defects.js';
import { isMain } from './main.js';
import { Rng } from './random.js';

export interface DumpOptions {
  /** Exact number of tools; or give `size`. */
  tools?: number;
  /** Approximate size in bytes (the dump ends at the first tool boundary past it). */
  size?: number;
  /** Number of invalid tools to plant (default 0). */
  invalid?: number;
  seed: number;
  /** Distinct tool templates (default 512). */
  templates?: number;
}

export interface PlantedTool {
  index: number;
  kind: string;
  errors: ExpectedFinding[];
  warnings: ExpectedFinding[];
}

export interface DumpManifest {
  generator: 'dump';
  seed: number;
  bytes: number;
  tools: number;
  /** Root members in file order. */
  memberOrder: string[];
  invalid: PlantedTool[];
}

const CHUNK_CHARS = 1 << 20;

/** Parse '1GB', '512MiB', '100MB', '64k', '12345'. */
export function parseSize(text: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*([kmgt]?)(i?b?)$/i.exec(text.trim());
  if (!match) throw new Error(`invalid size ${JSON.stringify(text)} (expected e.g. 1GB, 100MB, 64KiB)`);
  const unit = match[2]!.toLowerCase();
  const binary = match[3]!.toLowerCase().startsWith('i');
  const base = binary ? 1024 : 1000;
  const power = { '': 0, k: 1, m: 2, g: 3, t: 4 }[unit] ?? 0;
  return Math.round(Number(match[1]) * base ** power);
}

interface Template {
  base: string;
  /** The serialized tool after its name value: `",...}` . */
  suffix: string;
}

function templates(rng: Rng, count: number): Template[] {
  const out: Template[] = [];
  for (let i = 0; i < count; i++) {
    const base = `${rng.pick(['get', 'list', 'create', 'update', 'search', 'sync'])}_item`;
    const t = tool(rng, base, { tags: TAG_NAMES });
    const text = JSON.stringify({ ...t, name: '' });
    out.push({ base, suffix: text.slice('{"name":"'.length) });
  }
  return out;
}

/**
 * The dump as a sequence of string chunks (~1 MiB each); `manifest` is filled in as they are produced.
 * Tests render small dumps in memory with it; `generateDump` writes them to a file.
 */
export function* dumpChunks(options: DumpOptions, manifest: DumpManifest): Generator<string> {
  const rng = new Rng(options.seed);
  const pool = templates(rng.fork(1), options.templates ?? 512);
  const avg = pool.reduce((n, t) => n + t.suffix.length + t.base.length + 12, 0) / pool.length;
  const planned = options.tools ?? Math.max(1, Math.floor((options.size ?? 0) / avg));
  const invalidCount = Math.min(options.invalid ?? 0, planned);
  // Spread the planted tools evenly over the first 95% (a size-bound dump may end a little early).
  const span = options.tools ?? Math.max(1, Math.floor(planned * 0.95));
  const plantAt = new Map<number, number>();
  const pickRng = rng.fork(2);
  for (let k = 0; k < invalidCount; k++) {
    const lo = Math.floor((k * span) / invalidCount);
    const hi = Math.max(lo, Math.floor(((k + 1) * span) / invalidCount) - 1);
    plantAt.set(pickRng.int(lo, hi), k % TOOL_DEFECTS.length);
  }
  const lastPlanted = Math.max(-1, ...plantAt.keys());
  const defectRng = rng.fork(3);
  const stopAtBytes = options.tools === undefined ? (options.size ?? 0) : Number.POSITIVE_INFINITY;
  const stopAtTools = options.tools ?? Number.POSITIVE_INFINITY;

  let chunk = '{"tools":[\n';
  let bytes = 0;
  let i = 0;
  for (; i < stopAtTools; i++) {
    // Chars approximate bytes here (the text is mostly ASCII); `bytes` itself is exact UTF-8.
    if (i > lastPlanted && bytes + chunk.length >= stopAtBytes) break;
    const sep = i === 0 ? '' : ',\n';
    const kind = plantAt.get(i);
    if (kind === undefined) {
      const t = pool[i % pool.length]!;
      chunk += `${sep}{"name":"${t.base}_${i}${t.suffix}`;
    } else {
      const defect = TOOL_DEFECTS[kind]!;
      const t = tool(defectRng, `fix_item_${i}`, { tags: TAG_NAMES });
      const expected = defect.apply(t, `/tools/${i}`, defectRng);
      manifest.invalid.push({
        index: i,
        kind: defect.kind,
        errors: expected.filter((e) => e.severity === 'error'),
        warnings: expected.filter((e) => e.severity === 'warning'),
      });
      chunk += sep + JSON.stringify(t);
    }
    if (chunk.length >= CHUNK_CHARS) {
      bytes += Buffer.byteLength(chunk);
      yield chunk;
      chunk = '';
    }
  }
  manifest.tools = i;
  const info: JsonObject = {
    name: 'registry-dump',
    title: 'Registry dump',
    version: '1.0.0',
    description: description(rng, 'registry dump'),
  };
  const trailer: Array<[string, unknown]> = [
    ['x-dump', { generator: 'mcpdesc-validate corpus/generator/dump', seed: options.seed, tools: i }],
    ['info', info],
    ['transports', [{ type: 'streamable-http', url: 'https://mcp.registry.example.com/mcp' }]],
    ['mcpdesc', '0.7.0'],
    ['tags', TAG_NAMES.map((name) => ({ name, description: `Tools about ${name}` }))],
  ];
  chunk += '\n]';
  for (const [key, value] of trailer) chunk += `,\n${JSON.stringify(key)}:${JSON.stringify(value)}`;
  chunk += '}\n';
  bytes += Buffer.byteLength(chunk);
  manifest.bytes = bytes;
  manifest.memberOrder = ['tools', ...trailer.map(([key]) => key)];
  yield chunk;
}

export function emptyDumpManifest(seed: number): DumpManifest {
  return { generator: 'dump', seed, bytes: 0, tools: 0, memberOrder: [], invalid: [] };
}

/** Render a (small) dump in memory. */
export function renderDump(options: DumpOptions): { text: string; manifest: DumpManifest } {
  const manifest = emptyDumpManifest(options.seed);
  let text = '';
  for (const part of dumpChunks(options, manifest)) text += part;
  return { text, manifest };
}

export function manifestPathFor(out: string): string {
  return `${out.replace(/(\.mcpdesc)?\.json$/, '')}.manifest.json`;
}

/** Write the dump to `out` and its manifest next to it (`<name>.manifest.json`). */
export function generateDump(out: string, options: DumpOptions): DumpManifest {
  const manifest = emptyDumpManifest(options.seed);
  const fd = openSync(out, 'w');
  try {
    for (const part of dumpChunks(options, manifest)) writeSync(fd, part);
  } finally {
    closeSync(fd);
  }
  writeFileSync(manifestPathFor(out), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      size: { type: 'string' },
      tools: { type: 'string' },
      invalid: { type: 'string', default: '0' },
      seed: { type: 'string', default: '1' },
    },
  });
  if (!values.out || (values.size === undefined) === (values.tools === undefined)) {
    console.error(
      'usage: dump.js --out <file.mcpdesc.json> (--size 1GB | --tools N) [--invalid K] [--seed S]',
    );
    process.exitCode = 2;
  } else {
    const started = performance.now();
    const options: DumpOptions = { seed: Number(values.seed), invalid: Number(values.invalid) };
    if (values.size !== undefined) options.size = parseSize(values.size);
    if (values.tools !== undefined) options.tools = Number(values.tools);
    const m = generateDump(values.out, options);
    console.error(
      `wrote ${values.out}: ${(m.bytes / 1e6).toFixed(1)} MB, ${m.tools} tools, ${m.invalid.length} invalid, ` +
        `in ${((performance.now() - started) / 1000).toFixed(1)} s (manifest ${manifestPathFor(values.out)})`,
    );
  }
}
