// The option table is the one place an option is declared: commander's program, --help, the config
// schema (and the file shipped for editors), docs/cli.md's option reference and the list of options
// shards may differ in (which merge accepts and compare does not note) must all say what it says.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Option } from 'commander';
import { OPTION_KEYS } from '../../../src/cli/config.js';
import { configSchema } from '../../../src/cli/config-schema.js';
import { buildProgram } from '../../../src/cli/main.js';
import { attributeOf, configEntries, optionEntries } from '../../../src/cli/option-table.js';
import { recordOptions } from '../../../src/cli/run-record.js';
import { COMPARE, MERGE, reportSpec, subcommandProgram } from '../../../src/cli/subcommand-table.js';
import { runCompare, runMerge } from '../../../src/cli/subcommands.js';
import { formatNames, formatTable } from '../../../src/reporting/reporter-registry.js';
import { RULES } from '../../../src/validation/rules/index.js';
import { REPO_ROOT, tempDir } from '../../helpers/run-cli.js';
import { runMain } from '../../helpers/run-main.js';
import { reportLines, runRecord, sampleRun, shardDocs, sink } from '../reports/reports.js';

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
    const help = (await runMain(['--help'], { cwd: REPO_ROOT })).stdout;
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
});

describe("the run record's options, from the table", () => {
  const carried = entries
    .filter((e) => e.record !== null)
    .map((e) => e.record!)
    .sort((a, b) => a.at - b.at);
  const keys = (written?: 'always') =>
    carried.filter((r) => written === undefined || r.written === written).map((r) => r.key);

  it('says for every option how the record carries it, or that it does not', () => {
    for (const entry of entries)
      assert.notEqual(entry.record, undefined, `${entry.flags}: no record treatment`);
    assert.deepEqual(
      carried.map((r) => r.at),
      carried.map((_, i) => i),
    );
    assert.equal(new Set(keys()).size, carried.length);
  });

  it('keep the layout records have always had: its order, and unset options left out', () => {
    const always = {
      failOn: 'error',
      ruleLevels: {},
      maxDiagnosticsPerFile: 1000,
      streamThreshold: 1,
      maxFileSize: null,
      maxElementSize: 2,
      quiet: false,
      formats: ['ndjson'],
    };
    const unset = { cache: false, baseline: null, strictBaseline: false, maxWarnings: null, exitZero: false };
    const unset2 = { bail: null, stdinFilename: null, allowEmpty: false, config: null, stats: undefined };
    assert.equal(JSON.stringify(recordOptions({ ...always, ...unset, ...unset2 })), JSON.stringify(always));
    const set = { cache: true, baseline: 'b', strictBaseline: true, maxWarnings: 0, exitZero: true, bail: 2 };
    const set2 = { stdinFilename: 's', allowEmpty: true, config: 'c', stats: true };
    // Given in another order: the record's is the table's.
    const values = { ...set2, ...set, ...always };
    assert.equal(JSON.stringify(recordOptions(values)), JSON.stringify({ ...always, ...set, ...set2 }));
  });

  it('make merge refuse shards that differ in an option they must share, and accept the others', async () => {
    const docs = sampleRun(20).filter((d) => d.status !== 'error');
    const base = runRecord(null, 0).options;
    for (const record of carried) {
      const dir = tempDir('option-table-merge-');
      try {
        const paths = [1, 2].map((index) => {
          const shard = { index, count: 2 };
          const options = { ...base, [record.key]: index === 1 ? 'one value' : 'another' };
          const path = join(dir.path, `${index}.ndjson`);
          writeFileSync(
            path,
            `${reportLines(shardDocs(docs, shard), shard, { run: { options } }).join('\n')}\n`,
          );
          return path;
        });
        const err = sink();
        await runMerge(paths, sink().stream, err.stream);
        const refused = err.text().includes(`${record.key} differs`);
        assert.equal(refused, record.shards === 'same', `${record.key}: ${err.text()}`);
      } finally {
        dir.remove();
      }
    }
  });

  it('make compare note a difference in an option shards must share, and in none of the others', async () => {
    const docs = sampleRun(20).filter((d) => d.status !== 'error');
    const base = runRecord(null, 0).options;
    for (const record of carried) {
      const dir = tempDir('option-table-compare-');
      try {
        const paths = ['old', 'new'].map((name) => {
          const options = { ...base, [record.key]: name === 'old' ? 'one value' : 'another' };
          const path = join(dir.path, `${name}.ndjson`);
          writeFileSync(path, `${reportLines(docs, null, { run: { options } }).join('\n')}\n`);
          return path;
        });
        const out = sink();
        assert.equal(await runCompare(['--format', 'text', ...paths], out.stream, sink().stream), 0);
        const noted = /^note: options differ between the runs: (.*)$/m.exec(out.text())?.[1];
        assert.equal(
          noted,
          record.shards === 'same' ? record.key : undefined,
          `${record.key}: ${out.text()}`,
        );
      } finally {
        dir.remove();
      }
    }
  });
});

describe('the subcommand tables', () => {
  const specs = [reportSpec(formatTable()), MERGE, COMPARE];

  for (const spec of specs) {
    it(`are ${spec.name}'s commander program and --help: the same options, each alias hidden`, () => {
      const program = subcommandProgram(spec);
      const flags = spec.options.flatMap((e) => [e.flags, ...(e.aliases ?? [])]).map(longOf);
      const inProgram = program.options.map((o) => o.long!).filter((l) => l !== '--help');
      assert.deepEqual(inProgram.sort(), flags.sort());
      const help = program.helpInformation();
      const listed = [...help.matchAll(/^ {2}(?:-\w, )?(--[a-z0-9-]+)/gm)].map((m) => m[1]!);
      const shown = spec.options.filter((e) => !e.hidden).map((e) => longOf(e.flags));
      assert.deepEqual(listed.sort(), [...shown, '--help'].sort());
      for (const entry of spec.options) {
        const option = program.options.find((o) => o.flags === entry.flags);
        assert.ok(option, entry.flags);
        assert.equal(option.description, entry.help, entry.flags);
      }
    });
  }
});
