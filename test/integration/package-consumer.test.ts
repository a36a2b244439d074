// The package as a registry installs it: `npm pack`, installed into an empty project, used from
// TypeScript. The consumer is compiled against the shipped declarations (strict, and checking them:
// skipLibCheck off), run, and what checkDocument() returns for documents held in memory is compared
// with the records the installed CLI writes for the same content in files. Slow (npm and tsc), so
// everything is checked in one pass.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { documentLines } from '../../src/records.js';
import type { DocumentResult } from '../../src/types.js';
import { BROKEN_JSON, YAML_TOOL_NAME } from '../helpers/in-memory.js';
import { cliEnv, parseNdjson, REPO_ROOT, tempDir } from '../helpers/run-cli.js';

/** A parsed document with findings of several rules (an empty name, a tool name with a space, an unknown member). */
const OBJECT = {
  mcpdesc: '0.7.0',
  info: { name: '', version: '1.0.0' },
  transports: [{ type: 'stdio', command: 'weather-server' }],
  tools: [{ name: 'get forecast', inputSchema: { type: 'object' }, input_schema: {} }],
};

const CONSUMER = `import {
  type CheckDocumentOptions,
  checkDocument,
  type DocumentResult,
  type LocatedDiagnostic,
  type RuleInfo,
  rules,
} from 'mcpdesc-validate';

// @ts-expect-error: a target the package does not know
const unknownTarget: CheckDocumentOptions = { target: '9.9.9' };
// @ts-expect-error: JSON Lines is many documents, not one
const jsonLines: CheckDocumentOptions = { format: 'jsonl' };
void unknownTarget;
void jsonLines;

const held: object = ${JSON.stringify(OBJECT)};
const broken: string = ${JSON.stringify(BROKEN_JSON)};
const yaml: Uint8Array = new TextEncoder().encode(${JSON.stringify(YAML_TOOL_NAME)});

const results: DocumentResult[] = [
  checkDocument(held, { file: 'object.json' }),
  checkDocument(broken, { file: 'broken.json' }),
  checkDocument(yaml, { file: 'server.yaml', ruleLevels: {} }),
];
const syntax: LocatedDiagnostic | undefined = results[1]?.diagnostics[0];
const at: [number | undefined, number | undefined] = [syntax?.line, syntax?.column];
const catalogue: RuleInfo[] = rules();
process.stdout.write(JSON.stringify({ results, at, rules: catalogue }));
`;

const TSCONFIG = {
  compilerOptions: {
    target: 'es2022',
    module: 'nodenext',
    moduleResolution: 'nodenext',
    strict: true,
    // The package's declarations are checked too, not taken on trust.
    skipLibCheck: false,
    types: ['node'],
    typeRoots: [join(REPO_ROOT, 'node_modules/@types')],
    outDir: 'out',
    noEmitOnError: true,
  },
  files: ['consumer.ts'],
};

function run(command: string, args: string[], cwd: string): string {
  const out = spawnSync(command, args, { cwd, encoding: 'utf8', env: cliEnv(), maxBuffer: 64 * 1024 * 1024 });
  assert.equal(out.status, 0, `${command} ${args.join(' ')} failed:\n${out.stdout}\n${out.stderr}`);
  return out.stdout;
}

type Row = Record<string, unknown>;

/** A result's records as the CLI writes them (its diagnostics, then its file record), time left out. */
function recordsOf(result: DocumentResult): Row[] {
  const rows = documentLines(result)
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Row);
  for (const row of rows) delete row.durationMs;
  return rows;
}

describe('the packed package, installed into an empty TypeScript project', () => {
  const project = tempDir('consumer');
  let shipped: string[] = [];
  let compiled: string[] = [];
  let consumer: { results: DocumentResult[]; at: [number, number]; rules: unknown[] };
  let cli: Row[];
  let cliRules: unknown[];

  before(() => {
    const cwd = project.path;
    const [packed] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', cwd], REPO_ROOT)) as [
      { filename: string; files: Array<{ path: string }> },
    ];
    shipped = packed!.files.map((f) => f.path).filter((p) => p.endsWith('.d.ts'));
    writeFileSync(
      join(cwd, 'package.json'),
      JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
    );
    // Its dependencies from npm's cache when they are there (the project's own `npm ci` put them there).
    run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', join(cwd, packed!.filename)], cwd);
    writeFileSync(join(cwd, 'tsconfig.json'), JSON.stringify(TSCONFIG));
    writeFileSync(join(cwd, 'consumer.ts'), CONSUMER);
    const listed = run(
      process.execPath,
      [join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-p', '.', '--listFiles'],
      cwd,
    );
    const installed = join(cwd, 'node_modules/mcpdesc-validate');
    compiled = listed
      .split('\n')
      .filter((f) => f.startsWith(installed))
      .map((f) => relative(installed, f).split(sep).join('/'));
    consumer = JSON.parse(run(process.execPath, ['out/consumer.js'], cwd));

    writeFileSync(join(cwd, 'object.json'), JSON.stringify(OBJECT, null, 2));
    writeFileSync(join(cwd, 'broken.json'), BROKEN_JSON);
    writeFileSync(join(cwd, 'server.yaml'), YAML_TOOL_NAME);
    const bin = join(installed, 'bin/mcpdesc-validate.js');
    const validated = spawnSync(
      process.execPath,
      [bin, 'object.json', 'broken.json', 'server.yaml', '-f', 'ndjson'],
      {
        cwd,
        encoding: 'utf8',
        env: cliEnv(),
      },
    );
    assert.equal(validated.status, 1, validated.stderr);
    cli = parseNdjson(validated.stdout);
    for (const row of cli) delete row.durationMs;
    cliRules = JSON.parse(
      execFileSync(process.execPath, [bin, 'rules', '--format', 'json'], { cwd, encoding: 'utf8' }),
    );
  });
  after(() => project.remove());

  it('ships declarations that a strict consumer compiles against, every one of them checked', () => {
    assert.ok(shipped.includes('dist/src/index.d.ts'), shipped.join(', '));
    assert.equal(
      JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).exports['.'].types,
      './dist/src/index.d.ts',
    );
    // Every shipped declaration is one the compiler loaded for the consumer (so none is dead weight,
    // and none escaped the check), and the compiler loaded nothing of the package that is not shipped.
    assert.deepEqual(compiled.filter((f) => f.endsWith('.d.ts')).sort(), [...shipped].sort());
  });

  it('checks an object as its JSON text in a file is checked, without positions', () => {
    const held = consumer.results[0]!;
    assert.ok(held.diagnostics.length >= 3, JSON.stringify(held.diagnostics));
    const expected = cli
      .filter((r) => r.file === 'object.json')
      .map((r) =>
        r.type === 'diagnostic'
          ? { ...r, line: null, column: null, endLine: null, endColumn: null }
          : { ...r, format: 'unknown', bytes: 0 },
      );
    assert.deepEqual(recordsOf(held), expected);
  });

  it('places a syntax error of a string by line and column, as in the file', () => {
    assert.deepEqual(consumer.at, [2, 24]);
    assert.deepEqual(
      recordsOf(consumer.results[1]!),
      cli.filter((r) => r.file === 'broken.json'),
    );
  });

  it('checks YAML bytes as the file holding them', () => {
    const records = recordsOf(consumer.results[2]!);
    assert.equal(records.at(-1)!.format, 'yaml');
    assert.ok(records.some((r) => r.type === 'diagnostic' && r.line === 5));
    assert.deepEqual(
      records,
      cli.filter((r) => r.file === 'server.yaml'),
    );
  });

  it('lists the catalogue as the CLI does', () => {
    assert.ok(consumer.rules.length > 30);
    assert.deepEqual(consumer.rules, cliRules);
  });
});
