// Parsed documents from every corpus the project has, for tests that hold two validation paths together
// (the fast path against the engine): the samples, every rule's examples, our structural samples and
// their mutants, generated registry documents (0.7.0 and 0.8.0) with planted defects, a generated dump
// and its tools, the specification's 0.8.0 fixtures and examples, and the real documents of
// ../shared/corpus/real.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { serverDocument } from '../../corpus/generator/content.js';
import { serverDocument080 } from '../../corpus/generator/content080.js';
import { DEFECTS } from '../../corpus/generator/defects.js';
import { DEFECTS_080 } from '../../corpus/generator/defects080.js';
import { renderDump } from '../../corpus/generator/dump.js';
import { Rng } from '../../corpus/generator/random.js';
import { SPEC_VERSIONS, type Target } from '../../src/types.js';
import { RULES } from '../../src/validation/rules/index.js';
import { mutants, sampleFor } from '../unit/validation/structural/documents.js';
import { REPO_ROOT } from './run-cli.js';

export interface NamedDocument {
  name: string;
  document: unknown;
  /** The `--target` the document is meant for (a rule example's). */
  target?: Target;
}

/** The JSON or YAML text of a file as values: one per document (a JSON Lines file has one a line). */
function parsedValues(path: string): unknown[] {
  const text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
  const values: unknown[] = [];
  const tryParse = (parse: () => unknown) => {
    try {
      values.push(parse());
    } catch {
      // Not one document: the parsers' findings, not the rules'.
    }
  };
  if (path.endsWith('.jsonl') || path.endsWith('.ndjson')) {
    for (const line of text.split('\n')) if (line.trim() !== '') tryParse(() => JSON.parse(line));
  } else if (path.endsWith('.yaml') || path.endsWith('.yml')) tryParse(() => parseYaml(text));
  else tryParse(() => JSON.parse(text));
  return values;
}

function filesUnder(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) filesUnder(full, out);
    else if (/\.(json|jsonl|ya?ml)$/.test(name)) out.push(full);
  }
  return out;
}

export function sampleDocuments(): NamedDocument[] {
  return filesUnder(join(REPO_ROOT, 'corpus/samples')).flatMap((path) =>
    parsedValues(path).map((document, i) => ({ name: `${path}#${i}`, document })),
  );
}

export function ruleExampleDocuments(): NamedDocument[] {
  const out: NamedDocument[] = [];
  for (const rule of RULES) {
    for (const example of [...rule.examples.valid, ...rule.examples.invalid]) {
      const named = (document: unknown): NamedDocument => ({
        name: `${rule.id}: ${example.description}`,
        document,
        ...(example.target === undefined ? {} : { target: example.target }),
      });
      if (example.document !== undefined) out.push(named(example.document));
      else {
        const text = example.text!.replace(/^\uFEFF/, '');
        for (const parse of [
          (t: string) => JSON.parse(t) as unknown,
          (t: string) => parseYaml(t) as unknown,
        ]) {
          try {
            out.push(named(parse(text)));
            break;
          } catch {
            // A parser example: no document to validate.
          }
        }
      }
    }
  }
  return out;
}

/** Our structural sample of each version and `perVersion` seeded mutants of it. */
export function mutantDocuments(perVersion: number, seed: number): NamedDocument[] {
  return SPEC_VERSIONS.flatMap((version) => {
    const sample = sampleFor(version);
    return [sample, ...mutants(sample, perVersion, seed)].map((document, i) => ({
      name: `${version} mutant ${i}`,
      document,
    }));
  });
}

/** Generated registry documents of `version`, one in `defectEvery` with a planted defect. */
export function registryDocuments(
  count: number,
  seed: number,
  defectEvery = 3,
  version: '0.7.0' | '0.8.0' = '0.7.0',
): NamedDocument[] {
  const [make, defects] = version === '0.8.0' ? [serverDocument080, DEFECTS_080] : [serverDocument, DEFECTS];
  const out: NamedDocument[] = [];
  for (let i = 0; i < count; i++) {
    const rng = new Rng(seed + i);
    let document: unknown = make(rng, { tools: rng.int(1, 12), serverName: `server-${i}` });
    let name = `registry ${version} ${i}`;
    if (i % defectEvery === 0) {
      const defect = defects[i % defects.length]!;
      document = defect.apply(document as never, rng).document;
      name += ` (${defect.kind})`;
    }
    out.push({ name, document });
  }
  return out;
}

/** A generated dump, whole, and each of its tools in a minimal document of its own. */
export function dumpDocuments(tools: number, invalid: number, seed: number): NamedDocument[] {
  const dump = JSON.parse(renderDump({ tools, invalid, seed }).text) as Record<string, unknown>;
  const { tools: list, ...rest } = dump;
  return [
    { name: 'dump', document: dump },
    ...(list as unknown[]).map((tool, i) => ({
      name: `dump tool ${i}`,
      document: { ...rest, tools: [tool] },
    })),
  ];
}

export const REAL_CORPUS = join(REPO_ROOT, '../shared/corpus/real');

const SPEC_080 = join(REPO_ROOT, '../shared/spec/mcpdesc+mcpdesc-specification/spec/0.8.0');

/** The 0.8.0 specification's fixtures and examples, or none when ../shared is absent. */
export function specDocuments080(): NamedDocument[] {
  if (!existsSync(SPEC_080)) return [];
  return ['fixtures', 'examples', 'serialization-fixtures']
    .map((dir) => join(SPEC_080, dir))
    .filter((dir) => existsSync(dir))
    .flatMap((dir) => filesUnder(dir))
    .flatMap((path) => parsedValues(path).map((document, i) => ({ name: `${path}#${i}`, document })));
}

/** The real registry dump's lines (JSON Lines), or none when ../shared is absent. */
export function realRegistryLines(): NamedDocument[] {
  const path = join(REAL_CORPUS, 'registry.ndjson');
  if (!existsSync(path)) return [];
  return parsedValues(path).map((document, i) => ({ name: `registry.ndjson line ${i + 1}`, document }));
}

/** The real big dump, whole, and each of its tools in a document of its own; none without ../shared. */
export function realDumpDocuments(): NamedDocument[] {
  const path = join(REAL_CORPUS, 'big-dump.mcpdesc.json');
  if (!existsSync(path)) return [];
  const dump = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  const { tools, ...rest } = dump;
  return [
    { name: 'big-dump', document: dump },
    ...(Array.isArray(tools) ? tools : []).map((tool, i) => ({
      name: `big-dump tool ${i}`,
      document: { ...rest, tools: [tool] },
    })),
  ];
}

/** The real documents (every `every`-th file), or none when ../shared is absent. */
export function realDocuments(every = 1): NamedDocument[] {
  if (!existsSync(REAL_CORPUS)) return [];
  const files = filesUnder(REAL_CORPUS).filter(
    (path) =>
      !path.endsWith('big-dump.mcpdesc.json') &&
      !path.endsWith('registry.ndjson') &&
      !path.endsWith('index.json'),
  );
  return files
    .filter((_, i) => i % every === 0)
    .flatMap((path) => parsedValues(path).map((document) => ({ name: path, document })));
}

/**
 * Documents built to hurt: values nested far deeper than a recursive validator's stack (a 0.6.0 tag
 * tree, a tool schema, `_meta`, a transport's type) and tool schemas just under and over the walk's
 * depth limit.
 */
export function hostileDocuments(): NamedDocument[] {
  const head = '"info":{"name":"a","version":"1"},"transports":[{"type":"stdio","command":"a"}]';
  const nest = (depth: number, open: string, leaf: string, close: string) =>
    `${open.repeat(depth)}${leaf}${close.repeat(depth)}`;
  let tags = '{"name":"leaf"}';
  for (let i = 0; i < 20_000; i++) tags = `{"name":"t${i}","tags":[${tags}]}`;
  const schema = (depth: number) => nest(depth, '{"not":', '{"type":"string"}', '}');
  const texts: Array<[string, string]> = [
    ['a 0.6.0 tag tree 20,000 deep', `{"mcpdesc":"0.6.0",${head},"tools":[],"tags":[${tags}]}`],
    [
      'a tool schema 999 deep',
      `{"mcpdesc":"0.7.0",${head},"tools":[{"name":"t","inputSchema":${schema(999)}}]}`,
    ],
    [
      'a tool schema 1,200 deep',
      `{"mcpdesc":"0.7.0",${head},"tools":[{"name":"t","inputSchema":${schema(1200)}}]}`,
    ],
    [
      '_meta 50,000 deep',
      `{"mcpdesc":"0.7.0",${head},"tools":[{"name":"t","inputSchema":{"type":"object"},"_meta":${nest(50_000, '{"a":', '1', '}')}}]}`,
    ],
    [
      'a transport type 50,000 deep',
      `{"mcpdesc":"0.7.0","info":{"name":"a","version":"1"},"transports":[{"type":${nest(50_000, '[', '1', ']')},"command":"a"}],"tools":[]}`,
    ],
    [
      'a tool name 50,000 deep',
      `{"mcpdesc":"0.7.0",${head},"tools":[{"name":${nest(50_000, '[', '1', ']')}}]}`,
    ],
  ];
  return texts.map(([name, text]) => ({ name, document: JSON.parse(text) as unknown }));
}
