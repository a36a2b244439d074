// Registry-like corpus generator: N server documents of 1–40 tools, ~5% with planted defects
// (at least 15 kinds), ~0.7% not JSON at all, and a manifest saying which files are invalid and why.
//
//   node dist/corpus/generator/registry.js --out corpus/generated/registry-5k --files 5000 --seed 1
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type JsonObject, serverDocument, serverName } from './content.js';
import { serverDocument080 } from './content080.js';
import { DEFECTS, type ExpectedFinding, NOT_JSON } from './defects.js';
import { DEFECTS_080 } from './defects080.js';
import { isMain } from './main.js';
import { Rng } from './random.js';

export interface RegistryOptions {
  out: string;
  files: number;
  seed: number;
  /** Share of documents with planted defects (default 0.05). */
  defectRate?: number;
  /** Share of files that are not JSON (default 0.007). */
  notJsonRate?: number;
  /** Files per sub-directory (default 500), so discovery has directories to recurse. */
  filesPerDirectory?: number;
  /** The version of the documents (default 0.7.0); the same registry shape either way. */
  mcpdesc?: '0.7.0' | '0.8.0';
}

export interface ManifestEntry {
  /** Path relative to the corpus root, '/'-separated. */
  file: string;
  kinds: string[];
  /** 'invalid' when at least one error is expected; 'valid' when only warnings are. */
  status: 'invalid' | 'valid';
  /** Findings that must be reported (at least these). */
  errors: ExpectedFinding[];
  warnings: ExpectedFinding[];
}

export interface RegistryManifest {
  generator: 'registry';
  mcpdesc: '0.7.0' | '0.8.0';
  seed: number;
  files: number;
  tools: number;
  bytes: number;
  /** Every file with a planted defect or not JSON; all other files must be clean. */
  defective: ManifestEntry[];
  /** Sorted paths of the files whose expected status is 'invalid'. */
  invalid: string[];
}

const EXCLUSIVE = new Set(['non-object-root', 'unsupported-mcpdesc']);
const INDENTS = [2, 2, 2, 0, '\t'] as const;

function fileName(index: number, name: string, perDirectory: number): string {
  return `${String(Math.floor(index / perDirectory)).padStart(3, '0')}/${name}.mcpdesc.json`;
}

/** Write the corpus and its `manifest.json` under `options.out` (replacing what was there). */
export function generateRegistry(options: RegistryOptions): RegistryManifest {
  const rng = new Rng(options.seed);
  const count = options.files;
  const v080 = options.mcpdesc === '0.8.0';
  const kindsOf = v080 ? DEFECTS_080 : DEFECTS;
  const makeDocument = v080 ? serverDocument080 : serverDocument;
  const perDirectory = options.filesPerDirectory ?? 500;
  const indexes = Array.from({ length: count }, (_, i) => i);
  const notJsonCount = Math.round(count * (options.notJsonRate ?? 0.007));
  const defectCount = Math.round(count * (options.defectRate ?? 0.05));
  const chosen = rng.sample(indexes, notJsonCount + defectCount);
  const notJson = new Map<number, number>();
  const defects = new Map<number, number[]>();
  chosen.forEach((fileIndex, k) => {
    if (k < notJsonCount) notJson.set(fileIndex, k % NOT_JSON.length);
    else {
      const d = k - notJsonCount;
      // Round-robin over kinds so that every kind appears once the corpus has ~15 defective files;
      // one in eight defective files carries a second defect.
      const kinds = [d % kindsOf.length];
      if (d % 8 === 7) kinds.push((d * 7 + 3) % kindsOf.length);
      defects.set(fileIndex, kinds);
    }
  });

  rmSync(options.out, { recursive: true, force: true });
  mkdirSync(options.out, { recursive: true });
  const made = new Set<string>();
  const defective: ManifestEntry[] = [];
  let tools = 0;
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const fileRng = rng.fork(i);
    const name = serverName(fileRng, i);
    const file = fileName(i, name, perDirectory);
    const dir = file.slice(0, file.indexOf('/'));
    if (!made.has(dir)) {
      mkdirSync(join(options.out, dir), { recursive: true });
      made.add(dir);
    }
    // Skewed towards small servers, as in real registries (mean ~14 tools): 20,000 files come to ~0.5 GB.
    const toolCount = 1 + Math.floor(39 * fileRng.next() ** 2);
    const doc = makeDocument(fileRng, { tools: toolCount, serverName: name });
    const indent = fileRng.pick(INDENTS);
    let text: string;
    const notJsonKind = notJson.get(i);
    const kinds = defects.get(i);
    if (notJsonKind !== undefined) {
      const how = NOT_JSON[notJsonKind]!;
      text = how.make(JSON.stringify(doc, null, indent), fileRng);
      defective.push({
        file,
        kinds: [`not-json:${how.kind}`],
        status: 'invalid',
        errors: [{ ruleId: 'mcpdesc.document.syntax', severity: 'error', pointer: '' }],
        warnings: [],
      });
    } else if (kinds !== undefined) {
      let document: unknown = doc;
      const expected: ExpectedFinding[] = [];
      const applied: string[] = [];
      for (const k of kinds) {
        const kind = kindsOf[k]!.kind;
        // These defects stop the versioned rules, so no second defect can be expected next to them.
        if (applied.length > 0 && (EXCLUSIVE.has(kind) || EXCLUSIVE.has(applied[0]!))) break;
        const result = kindsOf[k]!.apply(doc, fileRng);
        document = result.document;
        expected.push(...result.expected);
        applied.push(kind);
      }
      tools += Array.isArray(doc.tools) && document === doc ? (doc.tools as JsonObject[]).length : 0;
      text = `${JSON.stringify(document, null, indent)}\n`;
      const errors = expected.filter((e) => e.severity === 'error');
      defective.push({
        file,
        kinds: applied,
        status: errors.length > 0 ? 'invalid' : 'valid',
        errors,
        warnings: expected.filter((e) => e.severity === 'warning'),
      });
    } else {
      tools += (doc.tools as JsonObject[]).length;
      text = `${JSON.stringify(doc, null, indent)}\n`;
    }
    const buffer = Buffer.from(text, 'utf8');
    bytes += buffer.length;
    writeFileSync(join(options.out, file), buffer);
  }
  defective.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const manifest: RegistryManifest = {
    generator: 'registry',
    mcpdesc: v080 ? '0.8.0' : '0.7.0',
    seed: options.seed,
    files: count,
    tools,
    bytes,
    defective,
    invalid: defective.filter((d) => d.status === 'invalid').map((d) => d.file),
  };
  writeFileSync(join(options.out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      files: { type: 'string', default: '5000' },
      seed: { type: 'string', default: '1' },
      mcpdesc: { type: 'string', default: '0.7.0' },
    },
  });
  if (!values.out || (values.mcpdesc !== '0.7.0' && values.mcpdesc !== '0.8.0')) {
    console.error('usage: registry.js --out <dir> [--files N] [--seed S] [--mcpdesc 0.7.0|0.8.0]');
    process.exitCode = 2;
  } else {
    const started = performance.now();
    const m = generateRegistry({
      out: values.out,
      files: Number(values.files),
      seed: Number(values.seed),
      mcpdesc: values.mcpdesc,
    });
    console.error(
      `wrote ${m.files} files (${m.tools} tools, ${(m.bytes / 1e6).toFixed(1)} MB, ${m.defective.length} defective, ` +
        `${m.invalid.length} invalid) to ${values.out} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
}
