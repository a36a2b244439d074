import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import ignore from 'ignore';
import { type DiscoveredFile, discover, STDIN_NAME } from '../../../src/discovery/discover.js';
import { splitFileList, splitFileListBytes } from '../../../src/discovery/files-from.js';
import { loadIgnore } from '../../../src/discovery/ignore-file.js';
import { fillSizes, withSizes } from '../../../src/discovery/sizes.js';
import { escapeName } from '../../../src/discovery/walk-fs.js';

let root: string;
const FILES = [
  'b/two.json',
  'b/deep/three.yaml',
  'b/deep/four.yml',
  'b/five.jsonl',
  'b/six.ndjson.gz',
  'b/seven.json.gz',
  'b/notes.txt',
  'b/node_modules/pkg/skip.json',
  'a.json',
  'c/legacy/old.json',
  'c/new.json',
  'weird[1].json',
];

before(() => {
  root = mkdtempSync(join(tmpdir(), 'mcpdesc-discover-'));
  for (const f of FILES) {
    mkdirSync(dirname(join(root, f)), { recursive: true });
    writeFileSync(join(root, f), '{}');
  }
});
after(() => rmSync(root, { recursive: true, force: true }));

const names = (r: Awaited<ReturnType<typeof discover>>) => r.files.map((f) => f.file);

describe('discover', () => {
  it('recurses directories for the input extensions only, skipping node_modules', async () => {
    const r = await discover(['b'], { cwd: root });
    assert.deepEqual(names(r), [
      'b/deep/four.yml',
      'b/deep/three.yaml',
      'b/five.jsonl',
      'b/seven.json.gz',
      'b/six.ndjson.gz',
      'b/two.json',
    ]);
    assert.deepEqual(r.unmatched, []);
    assert.ok(
      r.files.every((f) => f.size === -1 && f.path === join(root, f.file)),
      'sizes come later',
    );
    const sized: DiscoveredFile[] = [];
    for await (const f of withSizes(r.files, 4)) sized.push(f);
    assert.deepEqual(
      sized.map((f) => [f.file, f.size]),
      r.files.map((f) => [f.file, 2]),
    );
  });

  it('turns a file that vanished after listing into an error entry', async () => {
    const r = await discover(['b/deep'], { cwd: root });
    const vanished = { ...r.files[0]!, path: join(root, 'b/deep/gone.yml') };
    const sized: DiscoveredFile[] = [];
    for await (const f of withSizes([vanished, r.files[1]!])) sized.push(f);
    assert.equal(sized[0]!.error?.code, 'ENOENT');
    assert.equal(sized[1]!.size, 2);
    const small = (await discover(['c'], { cwd: root })).files;
    await fillSizes(small);
    assert.ok(small.every((f) => f.size === 2));
  });

  it('expands globs, applies ! negation, de-duplicates and sorts by path', async () => {
    const r = await discover(['c/**/*.json', '!c/legacy/**', 'a.json', './a.json', 'c'], { cwd: root });
    assert.deepEqual(names(r), ['a.json', 'c/new.json']);
  });

  it('reports sizes and absolute paths for the worker', async () => {
    const r = await discover(['a.json'], { cwd: root });
    assert.equal(r.files[0]!.path, join(root, 'a.json'));
    assert.equal(r.files[0]!.size, 2);
  });

  it('keeps a missing explicit file as an ENOENT entry and names unmatched globs', async () => {
    const r = await discover(['nope.json', 'zz/*.json', 'a.json'], { cwd: root });
    assert.deepEqual(names(r), ['a.json', 'nope.json']);
    assert.equal(r.files[1]!.error?.code, 'ENOENT');
    assert.deepEqual(r.unmatched, ['zz/*.json']);
  });

  it('takes an existing file literally even when its name looks like a glob', async () => {
    const r = await discover(['weird[1].json'], { cwd: root });
    assert.deepEqual(names(r), ['weird[1].json']);
    assert.equal(r.files[0]!.error, undefined);
  });

  it('applies the ignore rules to directory and glob results, not to named files', async () => {
    const ig = ignore().add('legacy/\n*.yml\n');
    const r = await discover(['c', 'b/deep', 'b/deep/four.yml'], { cwd: root, ignore: ig });
    assert.deepEqual(names(r), ['b/deep/four.yml', 'b/deep/three.yaml', 'c/new.json']);
    const r2 = await discover(['c'], { cwd: root, ignore: ig });
    assert.deepEqual(names(r2), ['c/new.json']);
  });

  it('takes --files-from entries literally and turns - into the stdin entry', async () => {
    const r = await discover(['-'], { cwd: root, filesFrom: ['c/new.json', 'c/*.json', 'b/deep'] });
    assert.deepEqual(names(r), [
      STDIN_NAME,
      'b/deep/four.yml',
      'b/deep/three.yaml',
      'c/*.json',
      'c/new.json',
    ]);
    assert.equal(r.files.find((f) => f.file === 'c/*.json')!.error?.code, 'ENOENT');
    assert.equal(r.files[0]!.stdin, true);
  });
});

describe('discover and symbolic links', () => {
  it('checks links to files, never descends into linked directories (no cycles, no duplicates)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-links-'));
    try {
      mkdirSync(join(dir, 'real'));
      writeFileSync(join(dir, 'real/doc.json'), '{}');
      symlinkSync('..', join(dir, 'real/up'));
      symlinkSync('real/doc.json', join(dir, 'alias.json'));
      symlinkSync('real/missing.json', join(dir, 'dangling.json'));
      mkdirSync(join(dir, 'folder.json'));
      const r = await discover(['.'], { cwd: dir });
      assert.deepEqual(names(r), ['alias.json', 'real/doc.json']);
      const g = await discover(['**/*.json'], { cwd: dir });
      assert.deepEqual(names(g), ['alias.json', 'real/doc.json']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('splitFileList', () => {
  it('splits lines (CRLF tolerated) or NULs and drops empty entries', () => {
    assert.deepEqual(splitFileList('a.json\r\nb c.json\n\n', false), ['a.json', 'b c.json']);
    assert.deepEqual(splitFileList('a\nb.json\0c.json\0', true), ['a\nb.json', 'c.json']);
  });
});

describe('loadIgnore', () => {
  it('is optional by default and required when named', async () => {
    assert.equal(await loadIgnore(root, null), null);
    await assert.rejects(loadIgnore(root, 'missing-ignore'), { code: 'ENOENT' });
    writeFileSync(join(root, '.mcpdescignore'), 'c/legacy/\n');
    const ig = await loadIgnore(root, null);
    assert.equal(ig?.ignores('c/legacy/old.json'), true);
    assert.equal(ig?.ignores('c/new.json'), false);
    rmSync(join(root, '.mcpdescignore'));
  });
});

describe('discover: parts of a tree that cannot be read', () => {
  it('gives a directory beyond PATH_MAX an error entry of its own', async () => {
    const base = mkdtempSync(join(tmpdir(), 'mcpdesc-deep-'));
    try {
      writeFileSync(join(base, 'top.json'), '{}');
      // 25 levels of 200-character names: the deepest directory's path is over 5,000 bytes.
      const name = 'd'.repeat(200);
      execFileSync(
        'bash',
        ['-c', `for i in $(seq 1 25); do mkdir ${name} && cd ${name}; done; echo '{}' > deep.json`],
        {
          cwd: base,
        },
      );
      const r = await discover(['.'], { cwd: base });
      const entries = r.files.filter((f) => f.error);
      assert.equal(entries.length, 1, JSON.stringify(r.files.map((f) => f.file.slice(0, 40))));
      assert.equal(entries[0]!.error!.code, 'ENAMETOOLONG');
      assert.ok(entries[0]!.file.startsWith(`${name}/`));
      assert.ok(names(r).includes('top.json'));
    } finally {
      // rm walks a tree deeper than PATH_MAX; rmSync cannot.
      execFileSync('rm', ['-rf', base]);
    }
  });

  it('leaves out an unreadable directory that the ignore file excludes', async () => {
    const base = mkdtempSync(join(tmpdir(), 'mcpdesc-deep-'));
    try {
      const name = 'd'.repeat(200);
      execFileSync('bash', ['-c', `for i in $(seq 1 25); do mkdir ${name} && cd ${name}; done`], {
        cwd: base,
      });
      writeFileSync(join(base, 'top.json'), '{}');
      const r = await discover(['.'], { cwd: base, ignore: ignore().add(`${name}/`) });
      assert.deepEqual(names(r), ['top.json']);
    } finally {
      // rm walks a tree deeper than PATH_MAX; rmSync cannot.
      execFileSync('rm', ['-rf', base]);
    }
  });
});

describe('discover: names that are not UTF-8', {
  skip: process.platform !== 'linux' ? 'only Linux file systems keep such names' : false,
}, () => {
  const invalid = (text: string) => Buffer.from(text.replace('%', '\xff'), 'latin1');

  it('finds them in directories, reports them escaped and opens them by their bytes', async () => {
    const base = mkdtempSync(join(tmpdir(), 'mcpdesc-bytes-'));
    try {
      const dir = Buffer.concat([Buffer.from(`${base}/`), invalid('sub%')]);
      mkdirSync(dir);
      writeFileSync(Buffer.concat([Buffer.from(`${base}/`), invalid('a%b.json')]), '{"one": 1}');
      writeFileSync(Buffer.concat([dir, Buffer.from('/'), invalid('c%.json')]), '{"two": 2}');
      writeFileSync(join(base, 'plain.json'), '{}');
      const r = await discover(['.'], { cwd: base });
      assert.deepEqual(names(r), ['a\\xffb.json', 'plain.json', 'sub\\xff/c\\xff.json']);
      assert.ok(r.files.every((f) => !f.error));
      assert.equal(readFileSync(r.files[0]!.path, 'utf8'), '{"one": 1}');
      assert.equal(readFileSync(r.files[2]!.path, 'utf8'), '{"two": 2}');
      assert.ok(r.files[2]!.path.endsWith('.json'), 'the alias keeps the extension');
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });

  it('takes them from a --files-from list by their bytes, once each', async () => {
    const base = mkdtempSync(join(tmpdir(), 'mcpdesc-bytes-'));
    try {
      writeFileSync(Buffer.concat([Buffer.from(`${base}/`), invalid('x%.json')]), '{"x": 1}');
      const list = Buffer.concat([invalid('x%.json'), Buffer.from('\0.\0'), invalid('x%.json')]);
      const { paths, raw } = splitFileListBytes(list, true);
      assert.deepEqual(paths, ['x\\xff.json', '.', 'x\\xff.json']);
      const r = await discover([], { cwd: base, filesFrom: paths, rawNames: raw });
      assert.deepEqual(names(r), ['x\\xff.json']);
      assert.equal(readFileSync(r.files[0]!.path, 'utf8'), '{"x": 1}');
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });

  it('escapes invalid bytes as \\xNN and backslashes as \\\\, and leaves UTF-8 as it is', () => {
    assert.equal(escapeName(Buffer.from('é.json')), 'é.json');
    assert.equal(escapeName(Buffer.from('a\\b.json')), 'a\\b.json');
    assert.equal(
      escapeName(Buffer.from([0x61, 0xff, 0x5c, 0xc3, 0xa9, 0xe2, 0x82])),
      'a\\xff\\\\é\\xe2\\x82',
    );
    // An overlong encoding of '/' is not UTF-8.
    assert.equal(escapeName(Buffer.from([0xc0, 0xaf])), '\\xc0\\xaf');
  });
});
