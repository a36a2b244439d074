// A warm cache replays identical records (cached: true), never trusts a
// corrupt cache, and misses when the content or the options change. The speed-up (≥ 2× is the
// target) is printed as a test diagnostic, not asserted: timings are not test material here.
// Through the CLI: --cache and --cache-location, and where the store goes without --cache-location.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli } from '../helpers/run-cli.js';
import { runMainAsCli } from '../helpers/run-main.js';
import { put } from './cli-support.js';
import {
  type CliRun,
  type CorpusFile,
  comparable,
  type Rec,
  tempDir,
  validDocument,
  writeCorpus,
} from './scale-support.js';

const fileRecords = (run: CliRun) => run.records.filter((r) => r.type === 'file');

/**
 * main() in-process, as a CI job would run the CLI: what is compared is records and the cache store,
 * not the process. The store's place by default depends on the process's directory and stays spawned.
 */
async function cli(args: string[], cwd: string): Promise<CliRun> {
  const started = performance.now();
  const { code, stdout, stderr, records } = await runMainAsCli(args, { cwd, env: { CI: '1' } });
  return { code, stdout, stderr, records, ms: performance.now() - started };
}

describe('--cache', () => {
  const tmp = tempDir('cache');
  const location = () => join(tmp.path, 'cache');
  const args = (...extra: string[]) => [
    '--format',
    'ndjson',
    '--cache',
    '--cache-location',
    location(),
    ...extra,
    'reg',
  ];
  let corpus: CorpusFile[];
  let uncached: CliRun;
  let cold: CliRun;
  let warm: CliRun;

  before(async () => {
    // ~300 files of 30 tools with long descriptions (~25-40 KB each): parsing dominates, as in a registry.
    corpus = writeCorpus(tmp.path, 300, { tools: 30, descriptionChars: 400 });
    uncached = await cli(['--format', 'ndjson', 'reg'], tmp.path);
    cold = await cli(args(), tmp.path);
    warm = await cli(args(), tmp.path);
  });
  after(() => tmp.remove());

  it('the cold run fills the cache; nothing in it is marked cached', () => {
    assert.equal(cold.code, 1, cold.stderr);
    assert.ok(readdirSync(location()).length > 0, 'a cache store was written');
    const files = fileRecords(cold);
    assert.equal(new Set(files.map((r) => r.file)).size, corpus.length);
    assert.ok(files.every((r) => r.cached !== true));
  });

  it('a cold --cache run (bytes hashed, then checked) reports exactly what a run without --cache does', () => {
    assert.equal(cold.code, uncached.code);
    assert.deepEqual(comparable(cold.records), comparable(uncached.records));
  });

  it('the warm run replays every result: identical records, marked cached: true', (t) => {
    assert.equal(warm.code, cold.code);
    assert.deepEqual(
      comparable(warm.records, { dropCached: true }),
      comparable(cold.records, { dropCached: true }),
    );
    assert.ok(fileRecords(warm).every((r) => r.cached === true));
    // Spans are replayed too: every placed finding keeps the end of its span.
    const placed = warm.records.filter((r) => r.type === 'diagnostic' && r.line !== null);
    assert.ok(placed.length > 0);
    assert.ok(placed.every((r) => typeof r.endLine === 'number' && typeof r.endColumn === 'number'));
    assert.match(warm.stderr, new RegExp(`, ${corpus.length} replayed from the cache`));
    assert.match(cold.stderr, /, 0 replayed from the cache/);
    t.diagnostic(
      `cold ${cold.ms.toFixed(0)} ms, warm ${warm.ms.toFixed(0)} ms: ${(cold.ms / warm.ms).toFixed(2)}× (target ≥ 2×)`,
    );
  });

  it('a changed file misses, the others still hit', async () => {
    const changed = corpus.find((c) => c.defect === null && c.file.endsWith('.json'))!;
    const path = join(tmp.path, changed.file);
    const doc = JSON.parse(readFileSync(path, 'utf8')) as Rec;
    doc.tools = [];
    writeFileSync(path, JSON.stringify(doc));
    const run = await cli(args(), tmp.path);
    const misses = fileRecords(run).filter((r) => r.cached !== true);
    assert.deepEqual(
      misses.map((r) => r.file),
      [changed.file],
    );
    const record = fileRecords(run).find((r) => r.file === changed.file)!;
    assert.equal(record.tools, 0, 'the new content was checked');
    // Hits replayed in the main thread and the miss from the pool, interleaved back in input order.
    const fresh = await cli(['--format', 'ndjson', 'reg'], tmp.path);
    assert.deepEqual(comparable(run.records, { dropCached: true }), comparable(fresh.records));
  });

  it('changed options miss the cache', async () => {
    const run = await cli(args('--max-diagnostics-per-file', '7'), tmp.path);
    assert.ok(fileRecords(run).every((r) => r.cached !== true));
  });

  it('a corrupt cache is ignored with a warning on stderr, and the results are still right', async () => {
    const fresh = await cli(args(), tmp.path); // settle the cache after the edits above
    for (const name of readdirSync(location())) {
      const path = join(location(), name);
      const text = readFileSync(path, 'utf8');
      // Flip results inside the store: a cache that is trusted blindly would now replay "valid".
      writeFileSync(path, text.replaceAll('"invalid"', '"valid"'));
    }
    const run = await cli(args(), tmp.path);
    assert.match(run.stderr, /cache/i);
    assert.equal(run.code, fresh.code);
    assert.ok(fileRecords(run).every((r) => r.cached !== true));
    assert.deepEqual(
      comparable(run.records, { dropCached: true }),
      comparable(fresh.records, { dropCached: true }),
    );
  });
});

describe('--cache: a store that checks out but holds entries edited by hand', () => {
  const tmp = tempDir('cache-edited');
  const location = join(tmp.path, 'cache');
  const args = ['--format', 'ndjson', '--cache', '--cache-location', location, 'a.json'];
  before(() => {
    const doc = validDocument('a', 1);
    (doc.tools as Rec[])[0]!.bogus = 1;
    writeFileSync(join(tmp.path, 'a.json'), JSON.stringify(doc));
  });
  after(() => tmp.remove());

  /** Edit every stored entry's results, then recompute the store's checksum as a forger would. */
  function forge(edit: (documents: Rec[]) => void): void {
    for (const name of readdirSync(location)) {
      const path = join(location, name);
      const lines = readFileSync(path, 'utf8').split('\n').slice(0, -2);
      for (let i = 1; i < lines.length; i++) {
        const [file, key, results] = lines[i]!.split('\t');
        const documents = JSON.parse(results!) as Rec[];
        edit(documents);
        lines[i] = `${file}\t${key}\t${JSON.stringify(documents)}`;
      }
      const body = `${lines.join('\n')}\n`;
      const sha256 = createHash('sha256').update(body).digest('hex');
      writeFileSync(path, `${body}${JSON.stringify({ type: 'end', entries: lines.length - 1, sha256 })}\n`);
    }
  }

  it('counts rule ids named like members of Object.prototype as numbers', async () => {
    const cold = await cli(args, tmp.path);
    assert.equal(cold.code, 1, cold.stderr);
    forge((documents) => {
      documents[0]!.byRule = JSON.parse('{"constructor":777,"__proto__":5,"mcpdesc.tool.members":1}');
    });
    const warm = await cli(args, tmp.path);
    assert.equal(warm.records.find((r) => r.type === 'file')?.cached, true, 'the entry was replayed');
    const byRule = new Map(Object.entries(warm.records.at(-1)!.byRule as Rec));
    assert.equal(byRule.get('constructor'), 777);
    assert.equal(byRule.get('__proto__'), 5);
    assert.equal(byRule.get('mcpdesc.tool.members'), 1);
  });

  it('checks the file again when a stored diagnostic has no known severity', async () => {
    await cli(args, tmp.path);
    forge((documents) => {
      for (const d of documents[0]!.diagnostics as Rec[]) d.severity = 'constructor';
    });
    const run = await cli(args, tmp.path);
    assert.notEqual(run.records.find((r) => r.type === 'file')?.cached, true, 'not replayed');
    const diagnostics = run.records.filter((r) => r.type === 'diagnostic');
    assert.ok(diagnostics.length > 0);
    assert.ok(diagnostics.every((d) => d.severity === 'error'));
  });
});

describe('--cache: where the store goes without --cache-location', () => {
  let cwd: string;
  before(() => {
    // No package.json anywhere above: a directory under the system's temp directory.
    cwd = mkdtempSync(join(tmpdir(), 'mcpdesc-cache-store-'));
    put(cwd, 'reg/a.json', JSON.stringify(validDocument('a', 1)));
  });
  after(() => rmSync(cwd, { recursive: true, force: true }));

  it('--cache outside a Node project keeps its store in ./.mcpdesc-validate-cache/, and --help says so', async () => {
    const r = await runCli(['reg/a.json', '--cache', '-f', 'ndjson'], { cwd });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(existsSync(join(cwd, 'node_modules')), false);
    assert.equal(existsSync(join(cwd, '.mcpdesc-validate-cache')), true);
    const help = await runMainAsCli(['--help'], { cwd });
    assert.match(help.stdout.replace(/\s+/g, ' '), /else \.\/\.mcpdesc-validate-cache\//);
  });

  it('--cache in a Node project keeps it in node_modules/.cache', async () => {
    const project = join(cwd, 'project');
    put(project, 'package.json', '{}');
    put(project, 'sub/a.json', JSON.stringify(validDocument('a', 1)));
    const r = await runCli(['a.json', '--cache', '-f', 'ndjson'], { cwd: join(project, 'sub') });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(existsSync(join(project, 'sub/node_modules/.cache/mcpdesc-validate')), true);
  });
});
