// The run record's options and --print-config's settings are two views of one run's settings: where
// both show a setting, they show the same value.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { tempDir } from '../../helpers/run-cli.js';
import { runMain } from '../../helpers/run-main.js';

// --print-config names the config file on its own and shows no run-ending option; the record calls
// the rule levels `ruleLevels`, as the engine takes them, and --print-config `rules`, as a config file does.
const NOT_PRINTED = new Set(['config', 'exitZero', 'bail', 'stdinFilename', 'allowEmpty']);

const DOCUMENT = '{"mcpdesc":"0.7.0","info":{"name":"f","version":"1"},"tools":[]}';

describe('the run record and --print-config', () => {
  const cases = [
    ['-f', 'ndjson'],
    ['--max-file-size', '2000000', '--max-element-size', '3000', '-f', 'ndjson', '-f', 'json=out.json'],
    [
      '-f',
      'ndjson',
      '--fail-on',
      'warning',
      '--quiet',
      '--max-warnings',
      '4',
      '--rule',
      'mcpdesc.tool.members=off',
    ],
  ];
  for (const args of cases) {
    it(`show a setting alike (${args.join(' ')})`, async () => {
      const dir = tempDir('run-record-settings');
      try {
        writeFileSync(join(dir.path, 'a.json'), DOCUMENT);
        const env = { NO_COLOR: '1' };
        const printed = await runMain(['--print-config', '--no-config', ...args, 'a.json'], {
          cwd: dir.path,
          env,
        });
        const settings = JSON.parse(printed.stdout).settings as Record<string, unknown>;
        const ran = await runMain(['--no-config', ...args, 'a.json'], { cwd: dir.path, env });
        const options = JSON.parse(ran.stdout.split('\n')[0]!).options as Record<string, unknown>;
        // Every option the record carries is in --print-config's settings, but those it leaves out.
        const shared = Object.keys(options).filter((key) => !NOT_PRINTED.has(key));
        assert.ok(shared.includes('maxElementSize') && shared.includes('formats'), shared.join(', '));
        for (const key of shared) {
          const printedKey = key === 'ruleLevels' ? 'rules' : key;
          assert.deepEqual(options[key], settings[printedKey], `${key} in: ${printed.stdout}`);
        }
      } finally {
        dir.remove();
      }
    });
  }
});
