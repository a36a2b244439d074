// Spawning the real CLI for the scale acceptance tests, and a small corpus of our own documents with
// known defects (valid documents, malformed JSON, non-object roots, YAML, a JSON Lines dump).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { runCli } from '../helpers/run-cli.js';

export { BIN, parseNdjson as parseRecords, REPO_ROOT as ROOT, tempDir } from '../helpers/run-cli.js';

export type Rec = Record<string, unknown>;

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  records: Rec[];
  ms: number;
}

/** Run the CLI in `cwd` as a CI job would (CI=1); records are parsed only when stdout is NDJSON. */
export async function cli(args: string[], cwd: string): Promise<CliRun> {
  const started = performance.now();
  const { code, stdout, stderr, records } = await runCli(args, { cwd, env: { CI: '1' } });
  return { code, stdout, stderr, records, ms: performance.now() - started };
}

/** A valid 0.7.0 document with `tools` tools, each description about `descriptionChars` long. */
export function validDocument(name: string, tools: number, descriptionChars = 120): Rec {
  const words = 'lookup forecast weather station city units metric imperial returns hourly daily'.split(' ');
  const description = (seed: number) => {
    let text = '';
    for (let i = 0; text.length < descriptionChars; i++) text += `${words[(seed + i * 7) % words.length]} `;
    return text.trim();
  };
  return {
    mcpdesc: '0.7.0',
    info: { name, version: '1.0.0', description: description(name.length) },
    transports: [{ type: 'stdio', command: name }],
    tools: Array.from({ length: tools }, (_, i) => ({
      name: `${name.replace(/[^A-Za-z0-9_]/g, '_')}_tool_${i}`,
      description: description(i),
      inputSchema: {
        type: 'object',
        properties: {
          city: { type: 'string', description: description(i + 1) },
          units: { type: 'string', enum: ['metric', 'imperial'] },
          days: { type: 'integer', minimum: 1, maximum: 14 },
        },
        required: ['city'],
      },
    })),
  };
}

export type Defect = null | 'syntax' | 'root-array';

export interface CorpusFile {
  /** Path relative to the corpus root's parent (as the CLI reports it when run from there). */
  file: string;
  defect: Defect;
}

/**
 * Write `count` documents under `<dir>/reg/`: every 9th has malformed JSON, every 13th an array
 * root (both error-level findings in every configuration), one YAML file and one JSON Lines dump with
 * a bad line. Returns the files in sorted order.
 */
export function writeCorpus(
  dir: string,
  count: number,
  options: { tools?: number; descriptionChars?: number } = {},
) {
  const files: CorpusFile[] = [];
  const put = (rel: string, text: string, defect: Defect) => {
    const full = join(dir, rel);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
    files.push({ file: rel, defect });
  };
  for (let i = 0; i < count; i++) {
    const vendor = ['acme', 'beta', 'corp', 'delta'][i % 4];
    const rel = `reg/${vendor}/server-${String(i).padStart(4, '0')}.json`;
    const doc = validDocument(`srv${i}`, options.tools ?? 1 + (i % 5), options.descriptionChars);
    if (i % 9 === 4) put(rel, JSON.stringify(doc, null, 2).slice(0, -40), 'syntax');
    else if (i % 13 === 6) put(rel, JSON.stringify([doc]), 'root-array');
    else put(rel, `${JSON.stringify(doc, null, 2)}\n`, null);
  }
  put(
    'reg/yaml/server.yaml',
    'mcpdesc: 0.7.0\ninfo:\n  name: y\n  version: "2026.7.28"\ntransports:\n  - type: stdio\n    command: y\ntools:\n  - name: y_tool\n    inputSchema:\n      type: object\n',
    null,
  );
  const lines = [0, 1, 2].map((i) => JSON.stringify(validDocument(`line${i}`, 2)));
  lines.splice(1, 0, '{"mcpdesc": "0.7.0", broken');
  put('reg/dump/registry.jsonl', `${lines.join('\n')}\n`, 'syntax');
  return files.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

/** Records minus what differs between two equivalent runs: timing and run metadata. */
export function comparable(records: Rec[], options: { dropCached?: boolean } = {}): Rec[] {
  return records
    .filter((r) => r.type !== 'run')
    .map((r) => {
      const copy = { ...r };
      if (r.type === 'file') {
        delete copy.durationMs;
        if (options.dropCached) delete copy.cached;
      }
      if (r.type === 'summary') {
        delete copy.wallMs;
        delete copy.throughput;
        delete copy.peakRssBytes;
        if (options.dropCached && copy.files) {
          const files = { ...(copy.files as Rec) };
          delete files.cached;
          copy.files = files;
        }
      }
      return copy;
    });
}
