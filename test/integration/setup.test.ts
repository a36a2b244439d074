// What a newcomer runs in a fresh clone: `npm ci` (no install-script warning to wonder about),
// `npm start` (one "building…" line, not the build's chatter) and `npm run test:conformance` without
// the reference material beside the clone (one line that says what is missing).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { REPO_ROOT, tempDir } from '../helpers/run-cli.js';

const packageJson = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));

describe('the set-up a newcomer runs', () => {
  const tmp = tempDir('setup');
  after(() => tmp.remove());

  it('npm ci: every dependency with an install script is settled in allowScripts, so npm does not warn', () => {
    const lock = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8'));
    const withScripts = Object.entries(lock.packages as Record<string, { hasInstallScript?: boolean }>)
      .filter(([path, entry]) => path !== '' && entry.hasInstallScript === true)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    assert.ok(withScripts.includes('esbuild'), 'the lock file lists install scripts as this test reads them');
    const allowed = (packageJson.allowScripts ?? {}) as Record<string, boolean>;
    for (const name of withScripts) assert.ok(name in allowed, `${name} is not in allowScripts`);
    // esbuild's postinstall only swaps its launcher for the native binary; the JS API the bundle step
    // uses finds the platform package itself, so the script is denied rather than trusted.
    assert.equal(allowed.esbuild, false);
  });

  describe('npm start builds quietly', () => {
    const script = join(REPO_ROOT, 'scripts/quiet-build.mjs');
    const run = (command: string) =>
      spawnSync(process.execPath, [script, process.execPath, '-e', command], { encoding: 'utf8' });

    it('one "building…" line on stderr, none of the command\'s own output', () => {
      const r = run('console.log("build-validators: 21 fragments"); console.error("bundle: 53 modules")');
      assert.equal(r.status, 0, r.stderr);
      assert.equal(r.stdout, '');
      assert.equal(r.stderr, 'building… (npm run build)\n');
    });

    it('a failing build shows what it printed and keeps its exit code', () => {
      const r = run('console.log("src/x.ts(1,1): error TS2304"); console.error("more"); process.exit(3)');
      assert.equal(r.status, 3);
      assert.equal(r.stdout, '');
      assert.match(r.stderr, /^building… \(npm run build\)\n/);
      assert.match(r.stderr, /src\/x\.ts\(1,1\): error TS2304\n/);
      assert.match(r.stderr, /more\n/);
    });

    it('npm start runs the build through it, then the report of the samples', () => {
      assert.match(
        packageJson.scripts.start,
        /^node scripts\/quiet-build\.mjs npm run build --silent && node bin\//,
      );
    });
  });

  describe('npm run test:conformance', () => {
    // A copy of the runner in a project of its own, with one conformance test that fails when it runs.
    const project = join(tmp.path, 'project');
    const shared = join(tmp.path, 'shared');
    mkdirSync(join(project, 'scripts'), { recursive: true });
    mkdirSync(join(project, 'dist/test/conformance'), { recursive: true });
    copyFileSync(join(REPO_ROOT, 'scripts/run-tests.mjs'), join(project, 'scripts/run-tests.mjs'));
    writeFileSync(
      join(project, 'dist/test/conformance/needs-shared.test.js'),
      'import { test } from "node:test"; test("needs ../shared", () => { throw new Error("ran"); });\n',
    );
    // NODE_TEST_CONTEXT would make the inner `node --test` report to this one instead of printing TAP.
    const { NODE_TEST_CONTEXT: _, ...env } = process.env;
    const conformance = () =>
      spawnSync(process.execPath, ['scripts/run-tests.mjs', 'conformance'], {
        cwd: project,
        env,
        encoding: 'utf8',
      });

    it('without ../shared: skipped with one line that names what is missing, exit 0', () => {
      const r = conformance();
      assert.equal(r.status, 0, r.stdout);
      assert.equal(r.stdout, '');
      assert.equal(r.stderr.split('\n').length, 2, r.stderr);
      assert.match(r.stderr, /^run-tests: conformance tests skipped: no \.\.\/shared\/spec\/\S+ /);
    });

    it('with ../shared: the tests run (and here fail)', () => {
      mkdirSync(join(shared, 'spec/cisco-open+mcptoolkit-contract'), { recursive: true });
      mkdirSync(join(shared, 'corpus/real'), { recursive: true });
      const r = conformance();
      assert.equal(r.status, 1);
      assert.match(r.stdout, /not ok 1 - needs \.\.\/shared/);
    });
  });
});
