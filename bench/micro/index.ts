// Micro benchmarks (tinybench, in-process, on the built code). Each figure is MB/s of source bytes
// processed, so validation and parsing are on one scale: validation must cost far less than parsing,
// because the job is parse-bound.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Bench } from 'tinybench';
import { validateDocument } from '../../src/validation/engine.js';
import { RULES } from '../../src/validation/rules/index.js';
import type { BenchRatio, BenchResult } from '../lib.js';
import { round } from '../lib.js';

const SHARED_REAL = '../shared/corpus/real';

function listJson(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) listJson(full, out);
    else if (name.endsWith('.json') && name !== 'index.json' && !name.startsWith('big-dump')) out.push(full);
  }
  return out;
}

/** Real documents when ../shared is beside us, else the bundled samples. */
export function loadDocuments(limit: number): {
  texts: string[];
  docs: unknown[];
  bytes: number;
  source: string;
} {
  const source = existsSync(SHARED_REAL) ? SHARED_REAL : 'corpus/samples';
  const texts: string[] = [];
  const docs: unknown[] = [];
  let bytes = 0;
  for (const file of listJson(source)) {
    if (texts.length >= limit) break;
    const text = readFileSync(file, 'utf8');
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch {
      continue;
    }
    texts.push(text);
    docs.push(doc);
    bytes += Buffer.byteLength(text);
  }
  return { texts, docs, bytes, source };
}

const OPTIONS = { target: null, ruleLevels: {}, maxDiagnostics: 1000 };

function mbPerSec(bytes: number, latencyMs: number): number {
  return bytes / 1e6 / (latencyMs / 1000);
}

export async function runMicro({
  quick,
}: {
  quick: boolean;
}): Promise<{ results: BenchResult[]; ratios: BenchRatio[] }> {
  const { texts, docs, bytes, source } = loadDocuments(quick ? 600 : 3100);
  const bench = new Bench({ time: quick ? 400 : 1500, warmup: true });
  bench.add('json-parse', () => {
    for (const text of texts) JSON.parse(text);
  });
  bench.add('validate all rules', () => {
    for (const doc of docs) validateDocument(doc, OPTIONS);
  });
  const families = [...new Set(RULES.map((r) => r.id.split('.')[1]!))].sort();
  for (const family of families) {
    const rules = RULES.filter((r) => r.id.split('.')[1] === family);
    bench.add(`validate ${family} rules`, () => {
      for (const doc of docs) validateDocument(doc, OPTIONS, rules);
    });
  }
  const records = docs.slice(0, 200).map((_, i) => ({
    type: 'diagnostic',
    file: `registry/server-${i}.json`,
    ruleId: 'mcpdesc.tool.members',
    severity: 'error',
    message: `Tool "t${i}" has unknown property "input_schema"`,
    pointer: `/tools/${i}`,
    path: ['tools', i],
    line: i + 3,
    column: 5,
    specSection: '9.1',
    docsUrl: 'https://example.invalid/rules/mcpdesc.tool.members.md',
  }));
  bench.add('ndjson serialisation (200 records)', () => {
    let out = '';
    for (const r of records) out += `${JSON.stringify(r)}\n`;
    return out.length;
  });
  await bench.run();

  const results: BenchResult[] = [];
  const latency = new Map<string, number>();
  for (const task of bench.tasks) {
    const result = task.result;
    if (result.state !== 'completed') {
      console.error(
        `bench: micro ${task.name} ${result.state}${result.state === 'errored' ? `: ${result.error.message}` : ''}`,
      );
      continue;
    }
    latency.set(task.name, result.latency.mean);
    const isNdjson = task.name.startsWith('ndjson');
    const value = (l: number) => (isNdjson ? 200 / (l / 1000) : mbPerSec(bytes, l));
    results.push({
      name: `micro: ${task.name}`,
      unit: isNdjson ? 'records/s' : 'MB/s',
      median: round(value(result.latency.p50)),
      min: round(value(result.latency.max)),
      max: round(value(result.latency.min)),
      samples: result.latency.samplesCount,
      better: 'higher',
    });
  }
  const parse = latency.get('json-parse');
  const validate = latency.get('validate all rules');
  const ratios: BenchRatio[] = [];
  if (parse && validate) {
    ratios.push({
      name: `micro: validate speed / json-parse speed (${source === SHARED_REAL ? 'real corpus' : 'samples'})`,
      value: round(parse / validate, 2),
      goal: 4,
    });
  }
  return { results, ratios };
}
