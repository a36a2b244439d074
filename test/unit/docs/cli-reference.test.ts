// docs/cli.md is the user's reference: how the tool works inside (the pool, its window, the heap
// estimate, test-only variables) is ARCHITECTURE.md's. And no test-only variable can make the shipped
// CLI load a module it names.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Option } from 'commander';
import { COMPARE, MERGE, reportSpec } from '../../../src/cli/subcommand-table.js';
import { formatTable } from '../../../src/reporting/reporter-registry.js';
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

describe("docs/cli.md's subcommands", () => {
  const reference = read('docs/cli.md');
  const subcommands = reference.slice(reference.indexOf('## Subcommands'), reference.indexOf('### `report`'));
  const reportSection = reference.slice(
    reference.indexOf('### `report`'),
    reference.indexOf('## Scaling and fault isolation'),
  );
  // merge and compare: their row of the table; report: the synopsis of its section.
  const documentation = {
    merge: subcommands.split('\n').find((l) => l.startsWith('| `mcpdesc-validate merge')) ?? '',
    compare: subcommands.split('\n').find((l) => l.startsWith('| `mcpdesc-validate compare')) ?? '',
    report: reportSection.slice(
      reportSection.indexOf('```'),
      reportSection.indexOf('```', reportSection.indexOf('```') + 3),
    ),
  };

  for (const spec of [reportSpec(formatTable()), MERGE, COMPARE]) {
    it(`name every option of ${spec.name} as its table declares it`, () => {
      const text = documentation[spec.name];
      assert.notEqual(text, '', spec.name);
      for (const entry of spec.options) {
        if (entry.hidden) continue;
        const option = new Option(entry.flags);
        assert.ok(text.includes(option.long!), `${spec.name}: ${option.long} in ${text}`);
      }
    });
  }
});
