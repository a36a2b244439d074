// Conformance of the semantic rules against facts of the real corpus (../shared/corpus/real), each
// computed here independently of the rules: duplicate tool names by a plain count, meta-schema
// failures by a runtime-compiled Ajv (the project's validators are generated ones, with a fast path).
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse as parseYaml } from 'yaml';
import type { Diagnostic } from '../../src/types.js';
import { validateDocument } from '../../src/validation/engine.js';
import { fromPointer } from '../../src/validation/pointer.js';

const require = createRequire(import.meta.url);
const corpus = '../shared/corpus/real';
const examples = '../shared/spec/cisco-open+mcptoolkit-contract/spec/examples';

interface Loaded {
  file: string;
  doc: Record<string, unknown>;
  diagnostics: Diagnostic[];
}

function load(): Loaded[] {
  const out: Loaded[] = [];
  for (const source of readdirSync(corpus).sort()) {
    const dir = join(corpus, source);
    if (!statSync(dir).isDirectory()) continue;
    for (const name of readdirSync(dir).sort()) {
      if (!name.endsWith('.json')) continue;
      const doc = JSON.parse(readFileSync(join(dir, name), 'utf8')) as Record<string, unknown>;
      const report = validateDocument(doc, { target: null, ruleLevels: {}, maxDiagnostics: 1_000_000 });
      out.push({ file: `${source}/${name}`, doc, diagnostics: report.diagnostics });
    }
  }
  return out;
}

type Validate = ((data: unknown) => boolean) & {
  errors?: Array<{ instancePath: string; keyword: string }> | null;
};
type AjvClass = new (options: object) => { getSchema(id: string): Validate | undefined };

// The oracle: Ajv's own classes with their default meta-schemas, compiled at runtime. (They check no
// formats; the project's validators also check uri, uri-reference and regex, which the corpus never
// violates, so the verdicts must agree here.)
function oracle(): (schema: Record<string, unknown>) => Validate {
  const v2020 = new (require('ajv/dist/2020') as { default: AjvClass }).default({
    allErrors: true,
    strict: false,
  });
  const v2019 = new (require('ajv/dist/2019') as { default: AjvClass }).default({
    allErrors: true,
    strict: false,
  });
  const v07 = new (require('ajv') as { default: AjvClass }).default({ allErrors: true, strict: false });
  const validators = {
    '2020-12': v2020.getSchema('https://json-schema.org/draft/2020-12/schema')!,
    '2019-09': v2019.getSchema('https://json-schema.org/draft/2019-09/schema')!,
    'draft-07': v07.getSchema('http://json-schema.org/draft-07/schema')!,
  };
  return (schema) => {
    const uri = typeof schema.$schema === 'string' ? schema.$schema : '';
    if (uri.includes('draft-07')) return validators['draft-07'];
    if (uri.includes('2019-09')) return validators['2019-09'];
    return validators['2020-12'];
  };
}

describe('semantic rules on the real corpus', {
  skip: !existsSync(corpus) && 'no ../shared/corpus/real',
}, () => {
  const loaded = existsSync(corpus) ? load() : [];

  it('reports every repeated tool name, in exactly the servers that repeat names', () => {
    const expected = new Map<string, number>();
    for (const { file, doc } of loaded) {
      const counts = new Map<string, number>();
      for (const t of Array.isArray(doc.tools) ? doc.tools : []) {
        const name = (t as { name?: unknown })?.name;
        if (typeof name === 'string' && name !== '') counts.set(name, (counts.get(name) ?? 0) + 1);
      }
      let duplicates = 0;
      for (const n of counts.values()) duplicates += n - 1;
      if (duplicates > 0) expected.set(file, duplicates);
    }
    const got = new Map<string, number>();
    for (const { file, diagnostics } of loaded) {
      const n = diagnostics.filter((d) => d.ruleId === 'mcpdesc.tool.name-unique').length;
      if (n > 0) got.set(file, n);
    }
    assert.equal(expected.size, 7, 'the corpus has 7 servers that repeat tool names');
    assert.deepEqual(got, expected);
  });

  it('reports every inputSchema/outputSchema meta-schema failure at its location', () => {
    const validatorFor = oracle();
    let schemas = 0;
    const expectedSchemas = new Set<string>();
    const expectedLocations: string[] = [];
    for (const { file, doc } of loaded) {
      const tools = Array.isArray(doc.tools) ? doc.tools : [];
      tools.forEach((t, i) => {
        for (const key of ['inputSchema', 'outputSchema']) {
          const schema = (t as Record<string, unknown> | null)?.[key];
          if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) continue;
          schemas++;
          const validate = validatorFor(schema as Record<string, unknown>);
          if (validate(schema)) continue;
          expectedSchemas.add(`${file} /tools/${i}/${key}`);
          for (const e of validate.errors ?? []) {
            if (['anyOf', 'oneOf', 'allOf', '$ref', '$dynamicRef'].includes(e.keyword)) continue;
            expectedLocations.push(`${file} /tools/${i}/${key}${e.instancePath}`);
          }
        }
      });
    }
    const reported = loaded.flatMap(({ file, doc, diagnostics }) =>
      diagnostics
        .filter((d) => d.ruleId === 'mcpdesc.tool.schema-valid')
        .map((d) => {
          // Every pointer must name a location that exists in the document.
          let node: unknown = doc;
          for (const segment of fromPointer(d.pointer)) {
            assert.ok(
              node !== null && typeof node === 'object' && Object.hasOwn(node, segment),
              `${file} ${d.pointer}`,
            );
            node = (node as Record<string, unknown>)[segment];
          }
          return `${file} ${d.pointer}`;
        }),
    );
    assert.ok(schemas > 700, `inputSchema/outputSchema objects in the corpus: ${schemas}`);
    assert.deepEqual(
      new Set(reported.map((r) => r.match(/^(\S+ \/tools\/\d+\/(?:inputSchema|outputSchema))/)?.[1])),
      expectedSchemas,
    );
    for (const location of expectedLocations)
      assert.ok(reported.includes(location), `not reported: ${location}`);
  });

  it('knows why the corpus has 10 schemas failing 2020-12: 9 sit under input_schema, not a Tool property', () => {
    const v2020 = new (require('ajv/dist/2020') as { default: AjvClass }).default({
      allErrors: true,
      strict: false,
    }).getSchema('https://json-schema.org/draft/2020-12/schema')!;
    const failing = { inputSchema: 0, outputSchema: 0, input_schema: 0 };
    for (const { doc } of loaded) {
      for (const t of Array.isArray(doc.tools) ? doc.tools : []) {
        for (const key of Object.keys(failing) as Array<keyof typeof failing>) {
          const schema = (t as Record<string, unknown> | null)?.[key];
          if (schema !== null && typeof schema === 'object' && !v2020(schema)) failing[key]++;
        }
      }
    }
    assert.deepEqual(failing, { inputSchema: 1, outputSchema: 0, input_schema: 9 });
  });

  it('reports no unresolved local $ref that a plain pointer lookup resolves', () => {
    for (const { file, doc, diagnostics } of loaded) {
      for (const d of diagnostics.filter((x) => x.ruleId === 'mcpdesc.tool.schema-local-ref')) {
        const path = fromPointer(d.pointer);
        const [, index, key] = path;
        const schema = ((doc.tools as unknown[])[Number(index)] as Record<string, unknown>)[key!];
        let ref: unknown = schema;
        for (const s of path.slice(3)) ref = (ref as Record<string, unknown>)[s];
        if (typeof ref !== 'string' || !ref.startsWith('#/')) continue;
        let node: unknown = schema;
        let ok = true;
        for (const raw of decodeURIComponent(ref.slice(2)).split('/')) {
          const s = raw.replace(/~1/g, '/').replace(/~0/g, '~');
          if (node === null || typeof node !== 'object' || !Object.hasOwn(node, s)) {
            ok = false;
            break;
          }
          node = (node as Record<string, unknown>)[s];
        }
        assert.equal(ok, false, `${file} ${d.pointer} resolves`);
      }
    }
  });
});

describe('semantic rules on the 0.7.0 spec examples', {
  skip: !existsSync(examples) && 'no spec examples',
}, () => {
  for (const name of existsSync(examples) ? readdirSync(examples).sort() : []) {
    it(`${name} has no semantic error`, () => {
      const doc = parseYaml(readFileSync(join(examples, name), 'utf8'));
      const errors = validateDocument(doc, {
        target: null,
        ruleLevels: {},
        maxDiagnostics: 1000,
      }).diagnostics.filter((d) => d.severity === 'error');
      assert.deepEqual(
        errors.map((d) => `${d.ruleId} ${d.pointer}`),
        [],
      );
    });
  }
});
