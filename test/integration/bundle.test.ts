// The installed command runs the bundle (scripts/bundle.ts): a run must load our code only from
// dist/src/bundle, the worker entry included (an in-process run imports it on the main thread, where a
// module hook can see it), while paths relative to the original files (generated validators,
// package.json) still resolve.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { BIN, cliEnv, REPO_ROOT, tempDir } from '../helpers/run-cli.js';

const dir = tempDir('bundle');
const log = join(dir.path, 'loaded.txt');
const hooks = join(dir.path, 'hooks.mjs');
const register = join(dir.path, 'register.mjs');
writeFileSync(
  hooks,
  `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (result.url.startsWith('file:')) appendFileSync(${JSON.stringify(log)}, result.url + '\\n');
  return result;
}
`,
);
writeFileSync(
  register,
  `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
);

function loadedBy(args: string[]): { status: number | null; stdout: string; modules: string[] } {
  writeFileSync(log, '');
  const run = spawnSync(process.execPath, ['--import', register, BIN, ...args], {
    cwd: REPO_ROOT,
    env: cliEnv(),
    encoding: 'utf8',
  });
  const distSrc = pathToFileURL(join(REPO_ROOT, 'dist/src')).href;
  const modules = readFileSync(log, 'utf8')
    .split('\n')
    .filter((url) => url.startsWith(`${distSrc}/`))
    .map((url) => url.slice(distSrc.length + 1));
  return { status: run.status, stdout: run.stdout, modules };
}

after(() => dir.remove());

describe('the bundled command', () => {
  it('checks a file in-process with the bundled CLI and worker only', () => {
    const { status, stdout, modules } = loadedBy([
      '--format',
      'ndjson',
      '--concurrency',
      '0',
      'corpus/samples/valid/minimal.json',
    ]);
    assert.equal(status, 0, stdout);
    assert.ok(modules.includes('bundle/cli.js'), modules.join(', '));
    assert.ok(modules.includes('bundle/worker.js'), modules.join(', '));
    assert.deepEqual(
      modules.filter((m) => !m.startsWith('bundle/')),
      [],
      'modules loaded from outside the bundle',
    );
    const file = stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
      .find((r) => r.type === 'file');
    assert.equal(file?.status, 'valid');
  });

  it('reports findings through the generated validators and names its version', () => {
    const run = spawnSync(
      process.execPath,
      [BIN, '--format', 'ndjson', '--concurrency', '0', 'corpus/samples/invalid'],
      { cwd: REPO_ROOT, env: cliEnv(), encoding: 'utf8' },
    );
    const records = run.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    assert.equal(records[0].tool.version, pkg.version);
    assert.ok(records.some((r) => r.type === 'diagnostic' && r.ruleId === 'mcpdesc.tool.members'));
  });
});
