// The option table is the one place an option is declared: commander's program, --help, the config
// schema (and the file shipped for editors), docs/cli.md's option reference and merge's list of
// options shards may differ in must all say what it says.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Option } from 'commander';
import { OPTION_KEYS } from '../../../src/cli/config.js';
import { configSchema } from '../../../src/cli/config-schema.js';
import { buildProgram } from '../../../src/cli/main.js';
import {
  attributeOf,
  configEntries,
  keysShardsMayDiffer,
  optionEntries,
} from '../../../src/cli/option-table.js';
import { formatNames, formatTable } from '../../../src/reporting/reporter-registry.js';
import { NON_RESULT_OPTIONS } from '../../../src/reports/merge.js';
import { RULES } from '../../../src/validation/rules/index.js';
import { REPO_ROOT, runCli } from '../../helpers/run-cli.js';

const entries = optionEntries(formatTable());
const longOf = (flags: string) => new Option(flags).long!;
const tableFlags = entries.flatMap((e) => [e.flags, ...(e.aliases ?? [])]).map(longOf);

describe('the option table', () => {
  it('is the commander program: the same options, nothing more (but --version and --help)', () => {
    const program = buildProgram('0.0.0');
    const inProgram = program.options.map((o) => o.long!).filter((l) => l !== '--version');
    assert.deepEqual(inProgram.sort(), [...tableFlags].sort());
    for (const entry of entries) {
      const option = program.options.find((o) => o.flags === entry.flags);
      assert.ok(option, entry.flags);
      assert.equal(option.attributeName(), attributeOf(entry));
      assert.equal(option.description, entry.help, entry.flags);
      assert.equal(option.hidden, entry.hidden === true, entry.flags);
    }
  });

  it('--help lists every option the table shows, and no alias; no line is wider than 80 columns', async () => {
    const help = (await runCli(['--help'], { cwd: REPO_ROOT })).stdout;
    const listed = new Set([...help.matchAll(/^ {2}(?:-[\w0-9], )?(--[a-z0-9-]+)/gm)].map((m) => m[1]!));
    listed.delete('--help');
    listed.delete('--version');
    const shown = entries.filter((e) => !e.hidden).map((e) => longOf(e.flags));
    assert.deepEqual([...listed].sort(), shown.sort());
    for (const line of help.split('\n')) assert.ok(line.length <= 80, `${line.length}: ${line}`);
    assert.match(help, /docs\/cli\.md/);
  });

  it('is the config schema, and schemas/config.schema.json is that schema', () => {
    const schema = configSchema(
      RULES.map((r) => r.id),
      formatNames(),
    );
    const shipped = JSON.parse(readFileSync(join(REPO_ROOT, 'schemas/config.schema.json'), 'utf8'));
    assert.deepEqual(shipped, schema);
    const keys = configEntries().map(([key]) => key);
    assert.deepEqual(OPTION_KEYS, keys);
    for (const key of keys) assert.ok(key in schema.properties, key);
  });

  it("is docs/cli.md's option reference: one row per option, aliases named in it", () => {
    const reference = readFileSync(join(REPO_ROOT, 'docs/cli.md'), 'utf8');
    // The Inputs table (--files-from, -0) and the Options table.
    const section = reference.slice(reference.indexOf('## Inputs'), reference.indexOf('## Channels'));
    const rows = section.split('\n').filter((l) => l.startsWith('| `-'));
    const documented = rows.flatMap((l) =>
      [...l.split('|')[1]!.matchAll(/(--[a-z0-9-]+)/g)].map((m) => m[1]!),
    );
    const expected = [...entries.map((e) => longOf(e.flags)), '--version', '--help'];
    assert.deepEqual([...new Set(documented)].sort(), expected.sort());
    // Each alias is named in its option's row.
    for (const entry of entries) {
      const row = rows.find((l) =>
        l
          .split('|')[1]!
          .match(/--[a-z0-9-]+/g)
          ?.includes(longOf(entry.flags)),
      );
      assert.ok(row, entry.flags);
      for (const alias of entry.aliases ?? []) assert.ok(row.includes(longOf(alias)), `${alias} in ${row}`);
    }
    // The config-key table names every config key.
    const keysTable = reference.slice(
      reference.indexOf('| key | option | value |'),
      reference.indexOf('## Channels'),
    );
    for (const [key] of configEntries()) assert.match(keysTable, new RegExp(`\`${key}\``), key);
  });

  it("is merge's list of the run record's options that shards may differ in", () => {
    assert.deepEqual([...NON_RESULT_OPTIONS].sort(), keysShardsMayDiffer(formatTable()).sort());
  });
});
