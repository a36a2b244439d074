import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import {
  cachePath,
  DEFAULT_CACHE_LOCATION,
  openCache,
  type ResultCache,
  replayFile,
} from '../../../src/state/cache.js';
import {
  CACHE_FORMAT,
  type CacheHint,
  contentHash,
  entryKey,
  formatKeyOf,
  keyOfBytes,
  replay,
  runKey,
  storedDocuments,
} from '../../../src/state/cache-key.js';
import type { DocumentResult } from '../../../src/types.js';

const root = mkdtempSync(join(tmpdir(), 'scale-cache-'));
after(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const location = () => join(root, `c${n++}`);

const OPTIONS = {
  target: null,
  ruleLevels: { 'mcpdesc.tool.members': 'warning' },
  maxDiagnosticsPerFile: 1000,
  streamThreshold: 64 * 1024 * 1024,
  maxFileSize: 1024 * 1024 * 1024,
};
const PARTS = { toolVersion: '0.1.0', options: OPTIONS, target: null };
const RUN = runKey(PARTS);

function result(file: string, index: number, overrides: Partial<DocumentResult> = {}): DocumentResult {
  return {
    index,
    file,
    status: 'invalid',
    format: 'json',
    bytes: 1234,
    mcpdesc: '0.7.0',
    errors: 1,
    warnings: 1,
    infos: 0,
    tools: 3,
    durationMs: 4.25,
    truncated: false,
    byRule: { 'mcpdesc.tool.members': 1, 'mcpdesc.tool.name-format': 1 },
    diagnostics: [
      {
        ruleId: 'mcpdesc.tool.members',
        severity: 'error',
        message: 'Tool "x" is missing required member "inputSchema".',
        pointer: '/tools/2',
        path: ['tools', 2],
        specSection: '9.1',
        docsUrl: 'https://example.test/r.md',
        line: 12,
        column: 5,
      },
      {
        ruleId: 'mcpdesc.tool.name-format',
        severity: 'warning',
        message: 'name',
        pointer: '/tools/0/name',
        path: ['tools', 0, 'name'],
        specSection: '9.1',
        docsUrl: 'https://example.test/n.md',
        line: 3,
        column: 9,
      },
    ],
    ...overrides,
  };
}

/** What a replay may differ in from a fresh result. */
function withoutRunFields(docs: readonly DocumentResult[]): unknown[] {
  return docs.map((d) => {
    const copy: Record<string, unknown> = { ...d };
    delete copy.durationMs;
    delete copy.cached;
    return copy;
  });
}

describe('cache keys', () => {
  const bytes = Buffer.from('{"mcpdesc":"0.7.0","tools":[]}');

  it('change with the content, the options, the tool version, the target and the format', () => {
    const base = keyOfBytes(RUN, 'a.json', bytes);
    assert.match(base, /^[0-9a-f]{64}$/);
    assert.notEqual(
      keyOfBytes(RUN, 'a.json', Buffer.from('{"mcpdesc":"0.7.0","tools":[ ]}')),
      base,
      'content',
    );
    const otherOptions = runKey({ ...PARTS, options: { ...OPTIONS, ruleLevels: {} } });
    assert.notEqual(keyOfBytes(otherOptions, 'a.json', bytes), base, 'options');
    const limits = runKey({ ...PARTS, options: { ...OPTIONS, maxDiagnosticsPerFile: 10 } });
    assert.notEqual(keyOfBytes(limits, 'a.json', bytes), base, 'limits');
    assert.notEqual(keyOfBytes(runKey({ ...PARTS, toolVersion: '0.1.1' }), 'a.json', bytes), base, 'version');
    assert.notEqual(keyOfBytes(runKey({ ...PARTS, target: '0.9.0-rc.3' }), 'a.json', bytes), base, 'target');
    assert.notEqual(keyOfBytes(RUN, 'a.yaml', bytes), base, 'format');
  });

  it('do not change with the file name, key order of options, or mtime-like metadata', () => {
    const base = keyOfBytes(RUN, 'registry/a.json', bytes);
    assert.equal(keyOfBytes(RUN, 'elsewhere/B.JSON', bytes), base);
    const reordered = {
      maxFileSize: OPTIONS.maxFileSize,
      streamThreshold: OPTIONS.streamThreshold,
      maxDiagnosticsPerFile: 1000,
      ruleLevels: OPTIONS.ruleLevels,
      target: null,
    };
    assert.equal(runKey({ target: null, options: reordered, toolVersion: '0.1.0' }), RUN);
    assert.equal(entryKey(RUN, contentHash(bytes), '.json'), base);
  });

  it('name the parser by extension', () => {
    assert.equal(formatKeyOf('a/b/server.mcpdesc.JSON'), '.json');
    assert.equal(formatKeyOf('dump.jsonl.gz'), '.jsonl.gz');
    assert.equal(formatKeyOf('x.yml'), '.yml');
    assert.equal(formatKeyOf('C:\\reg\\x.yaml'), '.yaml');
    assert.equal(formatKeyOf('README'), '');
    assert.equal(formatKeyOf('a.gz'), '.gz');
  });
});

describe('replay', () => {
  const fresh = [result('old/name.json', 7)];
  const hint: CacheHint = { key: 'k'.repeat(64), documents: storedDocuments(fresh) };

  it('replays stored results under the current name and index, marked cached', () => {
    const replayed = replay(hint, 'k'.repeat(64), { index: 42, file: 'new/name.json' }, 0.05)!;
    assert.equal(replayed.length, 1);
    assert.equal(replayed[0]!.cached, true);
    assert.equal(replayed[0]!.durationMs, 0.05);
    assert.equal(replayed[0]!.file, 'new/name.json');
    assert.equal(replayed[0]!.index, 42);
    assert.deepEqual(withoutRunFields(replayed), withoutRunFields([result('new/name.json', 42)]));
    // Same keys in the same order: serializes like a fresh record (plus `cached` last).
    assert.deepEqual(Object.keys(replayed[0]!), [...Object.keys(fresh[0]!), 'cached']);
  });

  it('misses when the key differs, and never trusts a damaged entry', () => {
    const job = { index: 0, file: 'a.json' };
    assert.equal(replay(hint, 'j'.repeat(64), job, 1), null);
    assert.equal(replay(undefined, 'k'.repeat(64), job, 1), null);
    const damaged = [
      '{"not":"an array"}',
      '[]',
      '[{"status":"valid"}]',
      '[{"status":"fine","format":"json","bytes":1,"errors":0,"warnings":0,"infos":0,"tools":0,"truncated":false,"byRule":{},"diagnostics":[]}]',
      hint.documents.slice(0, -5),
    ];
    for (const documents of damaged)
      assert.equal(replay({ ...hint, documents }, hint.key, job, 1), null, documents);
  });

  it('stores neither baseline marks nor timing', () => {
    const marked = result('a.json', 0);
    (marked.diagnostics[0] as { suppressed?: boolean }).suppressed = true;
    const stored = JSON.parse(storedDocuments([{ ...marked, cached: true } as DocumentResult]));
    assert.equal(stored[0].durationMs, 0);
    assert.equal('cached' in stored[0], false);
    assert.equal('suppressed' in stored[0].diagnostics[0], false);
  });
});

describe('result cache store', () => {
  const docsOf = (file: string, index: number) => [result(file, index)];

  async function warm(loc: string, files: string[]) {
    const { cache, warnings } = await openCache({ ...PARTS, location: loc });
    assert.deepEqual(warnings, []);
    files.forEach((file, i) => {
      cache.record(file, keyOfBytes(cache.runKey, file, Buffer.from(file)), docsOf(file, i));
    });
    assert.deepEqual(await cache.save(), []);
    return cache;
  }

  it('defaults under node_modules/.cache', () => {
    assert.equal(DEFAULT_CACHE_LOCATION, 'node_modules/.cache/mcpdesc-validate/');
  });

  it('starts cold without a warning, then hints what it recorded, and replays it identically', async () => {
    const loc = location();
    await warm(loc, ['reg/a.json', 'reg/b.json']);
    assert.deepEqual(
      readdirSync(loc).filter((f) => f.endsWith('.tmp')),
      [],
    );
    const { cache, warnings } = await openCache({ ...PARTS, location: loc });
    assert.deepEqual(warnings, []);
    assert.equal(cache.stats.loaded, 2);
    const hint = cache.hint('reg/b.json')!;
    const key = keyOfBytes(cache.runKey, 'reg/b.json', Buffer.from('reg/b.json'));
    assert.equal(hint.key, key);
    const replayed = replay(hint, key, { index: 1, file: 'reg/b.json' }, 0.01)!;
    assert.deepEqual(withoutRunFields(replayed), withoutRunFields(docsOf('reg/b.json', 1)));
    assert.equal(cache.hint('reg/c.json'), undefined);
  });

  it('keeps only the files of the last run, unless the run was interrupted', async () => {
    const loc = location();
    await warm(loc, ['a.json', 'b.json', 'c.json']);
    const second = (await openCache({ ...PARTS, location: loc })).cache;
    second.record('a.json', 'a'.repeat(64), docsOf('a.json', 0));
    await second.save();
    const third = (await openCache({ ...PARTS, location: loc })).cache;
    assert.equal(third.stats.loaded, 1);
    assert.equal(third.hint('b.json'), undefined);

    await warm(loc, ['a.json', 'b.json', 'c.json']);
    const interrupted = (await openCache({ ...PARTS, location: loc })).cache;
    interrupted.record('a.json', 'a'.repeat(64), docsOf('a.json', 0));
    await interrupted.save({ keepUnseen: true });
    const after = (await openCache({ ...PARTS, location: loc })).cache;
    assert.equal(after.stats.loaded, 3);
    assert.equal(after.hint('a.json')!.key, 'a'.repeat(64));
  });

  it('keep(): a run that kept every entry in order leaves the store untouched; any difference rewrites it', async () => {
    const loc = location();
    const files = ['a.json', 'b.json', 'c.json'];
    await warm(loc, files);
    const store = join(loc, readdirSync(loc)[0]!);
    const before = readFileSync(store, 'utf8');
    const keepAll = async (order: string[], extra?: (c: ResultCache) => void) => {
      const { cache } = await openCache({ ...PARTS, location: loc });
      for (const file of order) cache.keep(file, cache.hint(file)!);
      extra?.(cache);
      assert.deepEqual(await cache.save(), []);
    };
    // Fully warm: not rewritten (a new inode would mean a rename over it).
    const inode = statSync(store).ino;
    await keepAll(files);
    assert.equal(statSync(store).ino, inode);
    assert.equal(readFileSync(store, 'utf8'), before);
    // Another order, a recorded file, a dropped file: rewritten, and every kept entry still loads.
    await keepAll(['b.json', 'a.json', 'c.json']);
    assert.notEqual(statSync(store).ino, inode);
    let reopened = (await openCache({ ...PARTS, location: loc })).cache;
    assert.equal(reopened.stats.loaded, 3);
    assert.deepEqual(
      reopened.hint('a.json'),
      (await openCache({ ...PARTS, location: loc })).cache.hint('a.json'),
    );
    await keepAll(['a.json', 'b.json'], (c) => c.record('d.json', 'd'.repeat(64), docsOf('d.json', 3)));
    reopened = (await openCache({ ...PARTS, location: loc })).cache;
    assert.equal(reopened.stats.loaded, 3);
    assert.equal(reopened.hint('c.json'), undefined);
    assert.equal(reopened.hint('d.json')!.key, 'd'.repeat(64));
    await keepAll(['a.json', 'b.json']);
    reopened = (await openCache({ ...PARTS, location: loc })).cache;
    assert.equal(reopened.stats.loaded, 2, 'd.json was not seen: dropped');
    assert.ok(reopened.hint('b.json'));
  });

  it('does not record files that could not be checked', async () => {
    const loc = location();
    const { cache } = await openCache({ ...PARTS, location: loc });
    cache.record('gone.json', 'a'.repeat(64), [
      result('gone.json', 0, { status: 'error', error: { code: 'ENOENT', message: 'x' } }),
    ]);
    cache.record('ok.json', 'b'.repeat(64), docsOf('ok.json', 1));
    await cache.save();
    const reopened = (await openCache({ ...PARTS, location: loc })).cache;
    assert.equal(reopened.stats.loaded, 1);
    assert.equal(reopened.hint('gone.json'), undefined);
  });

  it('keeps configurations and shards in separate stores', async () => {
    const loc = location();
    await warm(loc, ['a.json']);
    const other = { ...PARTS, options: { ...OPTIONS, ruleLevels: {} }, location: loc };
    assert.notEqual(cachePath(other), cachePath({ ...PARTS, location: loc }));
    const { cache, warnings } = await openCache(other);
    assert.deepEqual(warnings, []);
    assert.equal(cache.stats.loaded, 0);
    assert.notEqual(
      cachePath({ ...PARTS, location: loc, partition: 'shard-1-of-2' }),
      cachePath({ ...PARTS, location: loc }),
    );
  });

  it('ignores a corrupt store with a warning, whatever the damage', async () => {
    const loc = location();
    await warm(loc, ['a.json', 'b.json']);
    const path = cachePath({ ...PARTS, location: loc });
    const good = readFileSync(path, 'utf8');
    const lines = good.trimEnd().split('\n');
    const damages: Array<[string, string]> = [
      ['bit flip in a result', good.replace('inputSchema', 'inputSchemA')],
      ['cut short', `${lines.slice(0, -1).join('\n')}\n`],
      ['cut mid-line', good.slice(0, Math.floor(good.length / 2))],
      ['empty', ''],
      ['a dropped entry', `${[lines[0], lines[2], lines[3]].join('\n')}\n`],
      ['garbage', '\u0000\u0001binary'],
      ['tab-less line', `${[lines[0], 'oops', ...lines.slice(1)].join('\n')}\n`],
    ];
    for (const [what, text] of damages) {
      writeFileSync(path, text);
      const { cache, warnings } = await openCache({ ...PARTS, location: loc });
      assert.equal(warnings.length, 1, what);
      assert.match(warnings[0]!, new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`), what);
      assert.equal(cache.stats.loaded, 0, what);
      assert.equal(cache.hint('a.json'), undefined, what);
    }
  });

  it('ignores a foreign store (other version, format or run key) with a warning', async () => {
    const loc = location();
    await warm(loc, ['a.json']);
    const path = cachePath({ ...PARTS, location: loc });
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
    const header = JSON.parse(lines[0]!);
    for (const foreign of [
      // Format 1 stored findings without their span's end: replaying it would drop endLine/endColumn.
      { ...header, format: CACHE_FORMAT - 1 },
      { ...header, format: CACHE_FORMAT + 1 },
      { ...header, runKey: runKey({ ...PARTS, toolVersion: '9.0.0' }), tool: '9.0.0' },
    ]) {
      writeFileSync(path, `${[JSON.stringify(foreign), ...lines.slice(1)].join('\n')}\n`);
      const { cache, warnings } = await openCache({ ...PARTS, location: loc });
      assert.match(warnings.join('\n'), /ignoring foreign cache/);
      assert.equal(cache.stats.loaded, 0);
    }
    writeFileSync(path, '{"type":"baseline","schemaVersion":1}\n');
    const { warnings } = await openCache({ ...PARTS, location: loc });
    assert.match(warnings.join('\n'), /not an mcpdesc-validate cache/);
  });

  it('replays a file in the calling thread when its bytes still match, and only then', async () => {
    const loc = location();
    const path = join(root, `input-${n}.json`);
    writeFileSync(path, '{"mcpdesc":"0.7.0"}');
    const first = (await openCache({ ...PARTS, location: loc })).cache;
    const key = keyOfBytes(first.runKey, 'reg/x.json', readFileSync(path));
    first.record('reg/x.json', key, docsOf('reg/x.json', 0));
    await first.save();
    const second = (await openCache({ ...PARTS, location: loc })).cache;
    const hit = await replayFile(second, { index: 3, path, file: 'reg/x.json' });
    assert.equal(hit!.key, key);
    assert.equal(hit!.documents[0]!.cached, true);
    assert.equal(hit!.documents[0]!.index, 3);
    writeFileSync(path, '{"mcpdesc":"0.7.0" }');
    assert.equal(await replayFile(second, { index: 3, path, file: 'reg/x.json' }), null, 'content changed');
    assert.equal(await replayFile(second, { index: 3, path, file: 'reg/other.json' }), null, 'no entry');
    assert.equal(
      await replayFile(second, { index: 3, path: join(root, 'gone.json'), file: 'reg/x.json' }),
      null,
    );
  });

  it('turns an unusable location into warnings, never an exception', async () => {
    const loc = join(root, 'a-file');
    writeFileSync(loc, 'not a directory');
    const { cache, warnings } = await openCache({ ...PARTS, location: loc });
    assert.match(warnings.join('\n'), /not a directory/);
    cache.record('a.json', 'a'.repeat(64), docsOf('a.json', 0));
    const saveWarnings = await cache.save();
    assert.equal(saveWarnings.length, 1);
    assert.match(saveWarnings[0]!, /cannot write cache/);
  });
});
