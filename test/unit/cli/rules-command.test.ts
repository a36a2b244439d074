import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runRulesCommand } from '../../../src/cli/rules-command.js';
import { TARGETS } from '../../../src/types.js';
import { docsUrl } from '../../../src/validation/docs.js';
import { RULES } from '../../../src/validation/rules/index.js';
import { memoryStream } from '../reporting/sample-results.js';

async function rules(...args: string[]) {
  const sink = memoryStream();
  const code = await runRulesCommand(args, sink.stream);
  return { code, text: sink.text() };
}

/** Silence the command's stderr for the error cases and give back what it said. */
async function quietly(run: () => Promise<{ code: number; text: string }>) {
  const write = process.stderr.write;
  let said = '';
  process.stderr.write = ((chunk: string) => {
    said += chunk;
    return true;
  }) as typeof process.stderr.write;
  try {
    return { ...(await run()), stderr: said };
  } finally {
    process.stderr.write = write;
  }
}

describe('rules command', () => {
  it('lists every rule as JSON with its levels per version, section and docs URL', async () => {
    const { code, text } = await rules('--format', 'json');
    assert.equal(code, 0);
    const list = JSON.parse(text);
    assert.deepEqual(
      list.map((r: { id: string }) => r.id),
      RULES.map((r) => r.id),
    );
    for (const [i, entry] of list.entries()) {
      const rule = RULES[i]!;
      assert.equal(entry.description, rule.description);
      assert.equal(entry.specSection, rule.specSection);
      assert.equal(entry.docsUrl, docsUrl(rule.id));
      assert.deepEqual(Object.keys(entry.levels), [...TARGETS]);
    }
  });

  it('lists every rule as a text table within 80 columns: levels on its line, section and description below', async () => {
    const { code, text } = await rules();
    assert.equal(code, 0);
    const lines = text.split('\n');
    for (const line of lines) assert.ok(line.length <= 80, `${line.length}: ${line}`);
    assert.match(lines[0]!, /^RULE +0\.7\.0 +0\.8\.0 +0\.9\.0-rc\.3$/);
    /** The lines under a rule's row, up to the next row, as one text. */
    const below = (id: string) => {
      const at = lines.findIndex((l) => l === id || l.startsWith(`${id} `));
      const rest = lines.slice(at + 1);
      const end = rest.findIndex((l) => !l.startsWith('    '));
      return {
        row: lines[at]!,
        text: rest
          .slice(0, end)
          .map((l) => l.trim())
          .join(' '),
      };
    };
    assert.match(below('mcpdesc.version.draft').row, /^mcpdesc\.version\.draft +off +info +off$/);
    assert.match(below('mcpdesc.version.draft').text, /^§4\.8: /);
    // A rule numbered otherwise in 0.8.0 shows both sections.
    assert.match(below('mcpdesc.tag.unique').text, /^§12\.2 \(0\.8\.0: 13\.2\): /);
    for (const rule of RULES) assert.ok(below(rule.id).text.endsWith(rule.description), rule.id);
    assert.ok(text.includes(`${RULES.length} rule${RULES.length === 1 ? '' : 's'}.`));
  });

  for (const rule of RULES) {
    it(`explains ${rule.id} with its examples and their findings`, async () => {
      const { code, text } = await rules(rule.id);
      assert.equal(code, 0);
      assert.ok(text.startsWith(`${rule.id}\n  ${rule.description}\n`));
      for (const target of TARGETS)
        assert.match(text, new RegExp(`\\n  ${target.replaceAll('.', '\\.')} +${rule.levels[target]}\\n`));
      for (const example of [...rule.examples.valid, ...rule.examples.invalid])
        assert.ok(text.includes(example.description));
      const json = JSON.parse((await rules(rule.id, '--format=json')).text);
      assert.equal(json.examples.invalid.length, rule.examples.invalid.length);
      json.examples.invalid.forEach(
        (
          example: { diagnostics: Array<{ pointer: string; severity: string; message: string }> },
          i: number,
        ) => {
          // The command runs the examples: it shows what the engine says, which the catalogue test pins.
          assert.deepEqual(
            example.diagnostics.map(({ pointer, severity }) => ({ pointer, severity })),
            rule.examples.invalid[i]!.diagnostics,
          );
          for (const d of example.diagnostics) assert.ok(d.message.length > 0);
        },
      );
    });
  }

  it('rejects an unknown rule with exit code 2 and a hint', async () => {
    const { code, text, stderr } = await quietly(() => rules('mcpdesc.document.nope'));
    assert.equal(code, 2);
    assert.equal(text, '');
    assert.match(stderr, /^error: unknown rule 'mcpdesc\.document\.nope'/);
    assert.match(stderr, /\n\(run 'mcpdesc-validate rules --help' for usage\)\n$/);
  });

  it('suggests the one closest rule id', async () => {
    const { code, stderr } = await quietly(() => rules('mcpdesc.tool.nmae-format'));
    assert.equal(code, 2);
    assert.match(stderr, /did you mean 'mcpdesc\.tool\.name-format'\?/);
    assert.equal(stderr.match(/mcpdesc\.[a-z-]+\.[a-z-]+/g)?.length, 2, stderr);
  });

  it('rejects a bad format, an unknown option and two ids', async () => {
    assert.equal((await quietly(() => rules('--format', 'xml'))).code, 2);
    assert.equal((await quietly(() => rules('--colour'))).code, 2);
    assert.equal((await quietly(() => rules('a', 'b'))).code, 2);
  });
});
