import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseYamlText } from '../../../src/parsing/yaml.js';

function value(text: string): unknown {
  const parsed = parseYamlText(text);
  assert.ok(parsed.ok, JSON.stringify(parsed));
  return parsed.value;
}

function findings(text: string): string[] {
  const parsed = parseYamlText(text);
  assert.equal(parsed.ok, false, `expected findings for ${JSON.stringify(text)}`);
  return parsed.ok ? [] : parsed.findings.map((f) => f.message);
}

describe('YAML parsing', () => {
  it('uses YAML 1.2 core: dates, yes/no and octal-looking words keep their 1.2 meaning', () => {
    assert.deepEqual(value('a: 2026-07-28\nb: yes\nc: 0o14\nd: 012\ne: ~\n'), {
      a: '2026-07-28',
      b: 'yes',
      c: 12,
      d: 12,
      e: null,
    });
  });

  it('keeps the 1.2 core schema even under a %YAML 1.1 directive', () => {
    assert.deepEqual(value('%YAML 1.1\n---\na: 2026-07-28\nb: yes\nc: 0777\n'), {
      a: '2026-07-28',
      b: 'yes',
      c: 777,
    });
  });

  it('judges tags by what they resolve to, so %TAG cannot disguise one as a core tag', () => {
    assert.match(
      findings('%TAG !! tag:evil.example,2000:\n---\na: !!str x\n')[0]!,
      /tag:evil\.example,2000:str/,
    );
    assert.match(findings('a: !<tag:yaml.org,2002:timestamp> 2001-01-01\n')[0]!, /timestamp/);
  });

  it('refuses duplicate keys', () => {
    assert.match(findings('a: 1\nb: 2\na: 3\n')[0]!, /Duplicate key "a"/);
    // Keys that become the same JS property collide too, so no value can be overwritten unnoticed.
    assert.ok(findings('1: a\n"1": b\n').some((f) => /Duplicate key "1"/.test(f)));
    assert.ok(findings('~: a\n"": b\n').some((f) => /Duplicate key ""/.test(f)));
    assert.match(findings('[a, b]: 1\n')[0]!, /keys must be scalars/);
  });

  it('refuses keys that do not resolve to strings, and accepts them quoted (0.8.0 §15.3.1)', () => {
    assert.match(findings('1: a\n')[0]!, /must resolve to strings; found the number 1/);
    assert.match(findings('true: a\n')[0]!, /found the boolean true/);
    assert.match(findings('~: a\n')[0]!, /found a null key/);
    assert.match(findings('? \n: a\n')[0]!, /found a null key/);
    assert.deepEqual(value('"1": a\n"true": b\n"~": c\n2026-07-28: d\n'), {
      1: 'a',
      true: 'b',
      '~': 'c',
      '2026-07-28': 'd',
    });
  });

  it("checks unique keys in linear time (yaml's own check is quadratic)", () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `k${i}: ${i}`);
    const parsed = parseYamlText(`${lines.join('\n')}\nk7: dup\n`);
    assert.equal(parsed.ok, false);
  });

  it('refuses custom and non-core tags, but accepts core ones', () => {
    assert.match(findings('a: !foo 1\n')[0]!, /tag "!foo" is not allowed/);
    assert.match(findings('a: !!binary aGk=\n')[0]!, /binary/);
    assert.match(findings('a: !!set {x}\n')[0]!, /set/);
    assert.deepEqual(value('a: !!str 5\nb: ! 6\n'), { a: '5', b: '6' });
  });

  it('refuses a plain "<<" merge key, which YAML 1.1 readers merge and YAML 1.2 readers keep as a member', () => {
    // `inputSchema: {<<: *common}` once passed as a schema with an unknown keyword "<<", while PyYAML and
    // other 1.1 readers merge *common into it, so the schema they see was never checked.
    const text = 'common: &c {type: strin}\nschema:\n  <<: *c\n  required: [id]\n';
    assert.match(findings(text)[0]!, /merge key/);
    const parsed = parseYamlText(text);
    assert.equal(parsed.ok ? -1 : parsed.findings[0]!.offset, text.indexOf('<<'));
    assert.match(findings('a:\n  <<: [{x: 1}]\n')[0]!, /merge key/);
    // A quoted "<<" is a string in every YAML version: an ordinary member.
    assert.deepEqual(value('a: {"<<": 1}\n'), { a: { '<<': 1 } });
  });

  // `maximum: .inf` passed every check, as a number JSON cannot write.
  it('refuses .inf and .nan, which have no JSON form, at the value; 1e400 stays a number as in JSON', () => {
    const text = 'a: 1\nb: {max: .inf, min: -.Inf}\nc: [.NaN]\n';
    const parsed = parseYamlText(text);
    assert.equal(parsed.ok, false);
    if (parsed.ok) return;
    assert.deepEqual(
      parsed.findings.map((f) => f.offset),
      [text.indexOf('.inf'), text.indexOf('-.Inf'), text.indexOf('.NaN')],
    );
    assert.match(parsed.findings[0]!.message, /"\.inf" has no JSON form/);
    assert.deepEqual(value('a: 1e400\nb: ".inf"\n'), { a: Number.POSITIVE_INFINITY, b: '.inf' });
  });

  it('refuses an alias bomb instead of expanding it', () => {
    const lines = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 9; i++) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      lines.push(`${name}: &${name} [${new Array(10).fill(`*${prev}`).join(', ')}]`);
    }
    assert.match(findings(`${lines.join('\n')}\n`)[0]!, /maxAliasCount 100/);
  });

  it('refuses an alias inside its own anchor (a cycle)', () => {
    assert.match(findings('a: &x\n  b: *x\n')[0]!, /cycle/);
  });

  it('accepts ordinary aliases', () => {
    assert.deepEqual(value('a: &x {k: 1}\nb: *x\n'), { a: { k: 1 }, b: { k: 1 } });
  });

  it('refuses several documents, broken syntax and emptiness', () => {
    assert.match(findings('a: 1\n---\nb: 2\n')[0]!, /MULTIPLE_DOCS/);
    // The library's own wording named one of its functions, which means nothing to the document's author.
    assert.doesNotMatch(findings('a: 1\n---\nb: 2\n')[0]!, /parseAllDocuments/);
    assert.match(findings('a: 1\n---\nb: 2\n')[0]!, /more than one YAML document/);
    assert.ok(findings('a: [1, 2\n').length > 0);
    assert.match(findings('')[0]!, /empty/);
    assert.match(findings('# only a comment\n')[0]!, /empty/);
  });

  it('keeps __proto__ as an own key without touching prototypes', () => {
    const v = value('__proto__: {polluted: true}\nconstructor: 1\n') as Record<string, unknown>;
    assert.ok(Object.hasOwn(v, '__proto__'));
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.equal(Object.getPrototypeOf(v), Object.prototype);
  });

  it('locates map entries (key to value) and sequence items by path, without trailing line breaks', () => {
    const text =
      'mcpdesc: 0.7.0\ntools:\n  - name: a\n  - name: b\n    inputSchema: {}\n    d: |\n      x\n\n';
    const parsed = parseYamlText(text);
    assert.ok(parsed.ok);
    const spans = parsed.locate([
      [],
      ['tools'],
      ['tools', 1],
      ['tools', 1, 'inputSchema'],
      ['tools', 1, 'nope'],
      ['mcpdesc'],
      ['tools', 1, 'd'],
    ]);
    const [root, tools, second, schema, missing, version, block] = spans.map((s) =>
      text.slice(s.start, s.end),
    );
    assert.equal(spans[0]!.start, 0);
    assert.equal(root, text.trimEnd());
    assert.equal(tools, 'tools:\n  - name: a\n  - name: b\n    inputSchema: {}\n    d: |\n      x');
    assert.equal(second, 'name: b\n    inputSchema: {}\n    d: |\n      x');
    assert.equal(schema, 'inputSchema: {}');
    assert.equal(missing, second);
    assert.equal(version, 'mcpdesc: 0.7.0');
    assert.equal(block, 'd: |\n      x');
  });

  it('turns deep nesting into a value or a finding, never an exception', () => {
    const depth = 20_000;
    const parsed = parseYamlText(`a: ${'['.repeat(depth)}${']'.repeat(depth)}\n`);
    assert.equal(typeof parsed.ok, 'boolean');
  });
});

describe('YAML placement at scale', () => {
  /** A map of n members, parsed, and the path of each member: one finding per member. */
  const mapOf = (n: number) => {
    const parsed = parseYamlText(`m:\n${Array.from({ length: n }, (_, i) => `  k${i}: ${i}`).join('\n')}\n`);
    assert.ok(parsed.ok);
    return { parsed, paths: Array.from({ length: n }, (_, i) => ['m', `k${i}`]) };
  };
  /** CPU time of the fastest of three rounds of `reps` placements. */
  const placing = ({ parsed, paths }: ReturnType<typeof mapOf>, reps: number): number => {
    let best = Number.POSITIVE_INFINITY;
    for (let run = 0; run < 3; run++) {
      const started = process.cpuUsage();
      for (let i = 0; i < reps; i++) assert.equal(parsed.locate(paths).length, paths.length);
      const used = process.cpuUsage(started);
      best = Math.min(best, (used.user + used.system) / 1000);
    }
    return best;
  };

  it('places one finding per member of a map thirty times larger in at most three hundred times the time', () => {
    // A scan of the map per finding (quadratic) takes about nine hundred times as long; a linear placement
    // measures ×30 to ×110 (the larger map outgrows the caches, and a busy machine adds its share).
    const small = mapOf(1000);
    const large = mapOf(30_000);
    let reps = 1;
    let smallMs = placing(small, reps);
    // Enough placements of the smaller map to be well above the timer's and the collector's noise.
    while (smallMs < 20) {
      reps *= 2;
      smallMs = placing(small, reps);
    }
    // A busy machine only ever slows a round down: a pair over the limit is measured again, a few times,
    // before it counts; a quadratic scan is over it in every pair.
    const pairs: string[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      if (attempt > 0) smallMs = Math.min(smallMs, placing(small, reps));
      const largeMs = placing(large, reps);
      pairs.push(`${smallMs.toFixed(1)} / ${largeMs.toFixed(1)} ms`);
      if (largeMs <= 300 * smallMs) return;
    }
    assert.fail(
      `${reps} placements, n vs n × 30, over three hundred times the time in every pair: ${pairs.join(', ')}`,
    );
  });
});
