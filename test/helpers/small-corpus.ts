// A small seeded corpus writer for the CLI tests (the real registry-like generator lives in
// corpus/generator/). Valid files are complete 0.7.0 documents; planted defects are ones any catalogue
// must flag: text that is not JSON, JSON cut short, a non-object root. The manifest says which is which.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

export type Defect = 'not-json' | 'truncated' | 'root-array';

export interface CorpusEntry {
  /** Path relative to the corpus root, '/'-separated. */
  file: string;
  defect: Defect | null;
}

/** Mulberry32: tiny, seedable, good enough to vary test data reproducibly. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function validDocument(n: number, random: () => number): Record<string, unknown> {
  const tools = [];
  const count = 1 + Math.floor(random() * 5);
  for (let i = 0; i < count; i++) {
    tools.push({
      name: `tool_${n}_${i}`,
      description: `Looks up item ${i} of server ${n} and returns it as structured text.`,
      inputSchema: {
        type: 'object',
        properties: { query: { type: 'string', description: 'What to look up.' } },
        required: ['query'],
      },
    });
  }
  return {
    mcpdesc: '0.7.0',
    info: { name: `server-${n}`, version: '1.0.0', description: `Test server number ${n}.` },
    transports: [{ type: 'stdio', command: 'npx', args: ['-y', `server-${n}`] }],
    tools,
  };
}

export interface CorpusOptions {
  files: number;
  seed?: number;
  /** Share of files with a planted defect (default 0.05). */
  defectRate?: number;
  /** Name prefix for every file (e.g. 'slow-' for the test worker). */
  prefix?: string;
}

/** Writes `files` documents under `root` in nested folders; returns the manifest, sorted by file. */
export function writeCorpus(root: string, options: CorpusOptions): CorpusEntry[] {
  const random = rng(options.seed ?? 1);
  const rate = options.defectRate ?? 0.05;
  const defects: Defect[] = ['not-json', 'truncated', 'root-array'];
  const entries: CorpusEntry[] = [];
  for (let n = 0; n < options.files; n++) {
    const folder = `group-${String(n % 17).padStart(2, '0')}/sub-${n % 3}`;
    const planted = random() < rate ? defects[Math.floor(random() * defects.length)]! : null;
    const gz = planted === null && n % 97 === 5;
    const file = `${folder}/${options.prefix ?? ''}doc-${String(n).padStart(5, '0')}.json${gz ? '.gz' : ''}`;
    const json = JSON.stringify(validDocument(n, random), null, 2);
    let text: string;
    if (planted === 'not-json') text = `server ${n}: this is not JSON at all\n`;
    else if (planted === 'truncated') text = json.slice(0, Math.floor(json.length / 2));
    else if (planted === 'root-array') text = JSON.stringify([validDocument(n, random)]);
    else text = json;
    const path = join(root, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, gz ? gzipSync(text) : text);
    entries.push({ file, defect: planted });
  }
  return entries.sort((a, b) => (a.file < b.file ? -1 : 1));
}
