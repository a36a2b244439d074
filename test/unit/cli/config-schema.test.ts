// schemas/config.schema.json is what editors check a config file against; src/cli/config.ts checks it
// with the validator generated from the option table, plus what a schema cannot say. This test feeds
// both the same valid and invalid files and requires the same verdict, and checks that the schema's
// lists (keys, rule ids, formats, targets) are the CLI's.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { Ajv } from 'ajv';
import { CONFIG_KEYS, ConfigError, loadConfig } from '../../../src/cli/config.js';
import { formatNames, formatTable } from '../../../src/reporting/reporter-registry.js';
import { TARGETS } from '../../../src/types.js';
import { RULES } from '../../../src/validation/rules/index.js';
import { REPO_ROOT } from '../../helpers/run-cli.js';

interface Schema {
  properties: Record<
    string,
    { enum?: string[]; propertyNames?: { enum: string[] }; items?: { pattern?: string } }
  >;
}
const schema = JSON.parse(readFileSync(join(REPO_ROOT, 'schemas/config.schema.json'), 'utf8')) as Schema;
const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);
const dir = mkdtempSync(join(tmpdir(), 'config-schema-'));
after(() => rmSync(dir, { recursive: true, force: true }));

async function loaderAccepts(config: unknown): Promise<string | null> {
  const file = join(dir, 'mcpdesc-validate.config.json');
  writeFileSync(file, JSON.stringify(config));
  try {
    await loadConfig(file, 'mcpdesc-validate.config.json', dir, formatTable());
    return null;
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
}

const VALID: unknown[] = [
  {},
  { $schema: './node_modules/mcpdesc-validate/schemas/config.schema.json' },
  {
    patterns: ['registry', 'more/**/*.json', '!registry/old/**'],
    ignorePath: '.ignore',
    target: '0.9.0-rc.3',
    rules: { 'mcpdesc.tool.members': 'warn', 'mcpdesc.document.bom': 'off', 'mcpdesc.tag.unique': 'info' },
    failOn: 'warning',
    maxWarnings: 10,
    maxDiagnosticsPerFile: 0,
    concurrency: 'auto',
    streamThreshold: '64MiB',
    maxFileSize: 1048576,
    maxElementSize: ' 1.5 GiB ',
    workerMemory: 1024,
    cache: true,
    cacheLocation: '.cache/mcpdesc',
    baseline: 'baseline.json',
    strictBaseline: true,
    showSuppressed: true,
    formats: ['ndjson', 'sarif=out/results.sarif', 'text=out/report.txt'],
    quiet: false,
    codeFrame: true,
    stats: true,
  },
  { failOn: 'warn', maxWarnings: -1, concurrency: 'off' },
  { concurrency: 0 },
  { concurrency: 1024 },
  { streamThreshold: '512kb', maxFileSize: '2g', maxElementSize: '10b' },
  { streamThreshold: 0 },
  { formats: ['junit'] },
  { formats: ['Stylish', 'CHECKSTYLE=out/cs.xml', 'code-climate=out/gl.json', 'compact=out/t.txt'] },
  { formats: ['github-actions'] },
  { rules: {} },
];

const INVALID: unknown[] = [
  [],
  'failOn',
  null,
  { unknownKey: 1 },
  { failon: 'error' },
  { failOn: 'fatal' },
  { failOn: 2 },
  { target: '0.9.0' },
  { patterns: [] },
  { patterns: 'registry' },
  { patterns: [''] },
  { patterns: ['-'] },
  { patterns: [1] },
  { ignorePath: '' },
  { ignorePath: 3 },
  { rules: [] },
  { rules: { 'mcpdesc.no.such-rule': 'error' } },
  { rules: { 'mcpdesc.tool.members': 'fatal' } },
  { rules: { 'mcpdesc.tool.members': 'constructor' } },
  { failOn: 'constructor' },
  { target: 'toString' },
  { constructor: 'error' },
  { rules: { 'mcpdesc.tool.members': 2 } },
  { maxWarnings: -2 },
  { maxWarnings: 1.5 },
  { maxWarnings: '10' },
  { maxDiagnosticsPerFile: -1 },
  { concurrency: 'many' },
  { concurrency: 1025 },
  { concurrency: -1 },
  { concurrency: '4' },
  { streamThreshold: '64 parsecs' },
  { streamThreshold: -1 },
  { streamThreshold: 1.5 },
  { maxFileSize: true },
  { maxElementSize: 'MiB' },
  { workerMemory: 0 },
  { cache: 'yes' },
  { cacheLocation: '' },
  { baseline: false },
  { strictBaseline: 1 },
  { formats: [] },
  { formats: ['pdf'] },
  { formats: ['github_actions'] },
  { formats: ['chec\u212Astyle'] },
  { showSuppressed: 'yes' },
  { formats: ['sarif='] },
  { formats: 'ndjson' },
  { quiet: 'true' },
  { codeFrame: null },
  { stats: 'yes' },
  { $schema: 1 },
  { overrides: [] },
];

describe('schemas/config.schema.json and the config loader', () => {
  it('accept the same valid config files', async () => {
    for (const config of VALID) {
      assert.equal(
        validate(config),
        true,
        `schema: ${JSON.stringify(config)} ${JSON.stringify(validate.errors)}`,
      );
      assert.equal(await loaderAccepts(config), null, `loader: ${JSON.stringify(config)}`);
    }
  });

  it('refuse the same invalid config files', async () => {
    for (const config of INVALID) {
      assert.equal(validate(config), false, `schema accepted ${JSON.stringify(config)}`);
      assert.notEqual(await loaderAccepts(config), null, `loader accepted ${JSON.stringify(config)}`);
    }
  });

  // What a JSON Schema cannot say; the loader refuses it all the same.
  it('the loader alone refuses two formats on stdout and a size too large to count', async () => {
    const two = { formats: ['ndjson', 'text'] };
    assert.equal(validate(two), true);
    assert.match((await loaderAccepts(two)) ?? '', /"formats": only one format may write to stdout/);
    const huge = { maxFileSize: '99999999999GiB' };
    assert.equal(validate(huge), true);
    assert.match((await loaderAccepts(huge)) ?? '', /"maxFileSize" must be a size.*too large/);
  });

  it('the loader reads a file that starts with a byte order mark (as some editors save it)', async () => {
    const file = join(dir, 'bom.json');
    writeFileSync(file, '\uFEFF{"quiet": true}');
    const loaded = await loadConfig(file, 'bom.json', dir, formatTable());
    assert.deepEqual(loaded.values, { quiet: true });
  });

  it('lists the keys, rule ids, formats and targets the CLI knows', () => {
    assert.deepEqual(Object.keys(schema.properties).sort(), [...CONFIG_KEYS].sort());
    assert.deepEqual(schema.properties.rules!.propertyNames!.enum, RULES.map((r) => r.id).sort());
    assert.deepEqual(schema.properties.target!.enum, [...TARGETS]);
    // Each name spelled caseless, letter by letter (`[sS][aA][rR][iI][fF]`): JSON Schema patterns have no flags.
    const formats = /\^\\s\*\(([^)]*)\)/.exec(schema.properties.formats!.items!.pattern ?? '')?.[1];
    const caseless = (name: string) => name.replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`);
    assert.deepEqual(formats?.split('|'), formatNames().map(caseless));
  });
});
