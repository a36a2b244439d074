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
import { description, type JsonObject, objectSchema, TAG_NAMES, tool } from './content.js';
import { tool080 } from './content080.js';
import { type ExpectedFinding, TOOL_DEFECTS } from './defects.js';
import { TOOL_DEFECTS_080 } from './defects080.js';
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
  /**
   * The document's version (default 0.7.0). A 0.8.0 dump declares `protocolVersions`, its security
   * schemes and schema components after the tools, which use them: streamed checking must hold the
   * cross-references until the end.
   */
  mcpdesc?: '0.7.0' | '0.8.0';
}

const COVERAGE_080 = ['2025-11-25', '2026-07-28'];
const SCHEMES_080 = [['bearer', false]] as const;

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

/** A 0.8.0 dump tool: some share the `Shared` schema component, some name the `bearer` scheme. */
function dumpTool(rng: Rng, name: string, v080: boolean, shared: JsonObject): JsonObject {
  if (!v080) return tool(rng, name, { tags: TAG_NAMES });
  const reference = rng.chance(0.1) ? (['Shared', shared] as const) : null;
  return tool080(rng, name, {
    tags: TAG_NAMES,
    scope: COVERAGE_080,
    schemes: SCHEMES_080,
    shared: reference,
  });
}

function templates(rng: Rng, count: number, v080: boolean, shared: JsonObject): Template[] {
  const out: Template[] = [];
  for (let i = 0; i < count; i++) {
    const base = `${rng.pick(['get', 'list', 'create', 'update', 'search', 'sync'])}_item`;
    const t = dumpTool(rng, base, v080, shared);
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
  const v080 = options.mcpdesc === '0.8.0';
  // Its own generator: drawing from `rng` would change every 0.7.0 dump of the same seed.
  const shared = objectSchema(new Rng(options.seed ^ 0x5eed), 2);
  const defects = v080 ? TOOL_DEFECTS_080 : TOOL_DEFECTS;
  const pool = templates(rng.fork(1), options.templates ?? 512, v080, shared);
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
    // 0.8.0: tool 0 stays clean, the overlapping-name defect reuses its name.
    const at = pickRng.int(lo, hi);
    plantAt.set(v080 ? Math.max(1, at) : at, k % defects.length);
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
      const defect = defects[kind]!;
      const t = dumpTool(defectRng, `fix_item_${i}`, v080, shared);
      const expected = defect.apply(t, `/tools/${i}`, defectRng, { otherToolName: `${pool[0]!.base}_0` });
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
    ...(v080
      ? ([
          ['securitySchemes', { bearer: { type: 'http', scheme: 'bearer' } }],
          ['components', { schemas: { Shared: shared } }],
        ] as Array<[string, unknown]>)
      : []),
    ['mcpdesc', v080 ? '0.8.0' : '0.7.0'],
    ...(v080 ? ([['protocolVersions', COVERAGE_080]] as Array<[string, unknown]>) : []),
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
      mcpdesc: { type: 'string', default: '0.7.0' },
    },
  });
  if (!values.out || (values.size === undefined) === (values.tools === undefined)) {
    console.error(
      'usage: dump.js --out <file.mcpdesc.json> (--size 1GB | --tools N) [--invalid K] [--seed S] [--mcpdesc 0.7.0|0.8.0]',
    );
    process.exitCode = 2;
  } else {
    const started = performance.now();
    const options: DumpOptions = {
      seed: Number(values.seed),
      invalid: Number(values.invalid),
      mcpdesc: values.mcpdesc === '0.8.0' ? '0.8.0' : '0.7.0',
    };
    if (values.size !== undefined) options.size = parseSize(values.size);
    if (values.tools !== undefined) options.tools = Number(values.tools);
    const m = generateDump(values.out, options);
    console.error(
      `wrote ${values.out}: ${(m.bytes / 1e6).toFixed(1)} MB, ${m.tools} tools, ${m.invalid.length} invalid, ` +
        `in ${((performance.now() - started) / 1000).toFixed(1)} s (manifest ${manifestPathFor(values.out)})`,
    );
  }
}
