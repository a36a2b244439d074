// docs/cli.md is the user's reference: how the tool works inside (the pool, its window, the heap
// estimate, test-only variables) is ARCHITECTURE.md's. And no test-only variable can make the shipped
// CLI load a module it names.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../../helpers/run-cli.js';

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');

function sources(dir: string): string[] {
  return readdirSync(join(REPO_ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => join(e.parentPath, e.name));
}

describe('docs/cli.md and ARCHITECTURE.md', () => {
  it('the reference names no internals; ARCHITECTURE.md holds them', () => {
    const reference = read('docs/cli.md');
    const architecture = read('ARCHITECTURE.md');
    for (const internal of [/Piscina/i, /FIFO window/, /heap-room\.ts/, /MCPDESC_VALIDATE_TEST_/]) {
      assert.doesNotMatch(reference, internal);
      assert.match(architecture, internal);
    }
  });

  it('the shipped CLI reads no variable naming a worker module', () => {
    for (const file of sources('src')) {
      assert.doesNotMatch(readFileSync(file, 'utf8'), /MCPDESC_VALIDATE_TEST_WORKER/, file);
    }
  });
});
