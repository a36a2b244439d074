// §9.3, §9.4: a Tool example's `input` validates against the tool's `inputSchema`; a successful result
// of a tool with an `outputSchema` carries `structuredContent` that validates against it; an
// execution-error result (`isError: true`) carries no `structuredContent`. The same holds for
// interaction examples. Schemas and examples may be components (resolved first, §17.3). The
// document's schemas are interpreted, never compiled (json-schema/instance.ts): only certain failures
// are reported, and a keyword that is not evaluated (a `pattern`, an external `$ref`) can only hide one.
import { quote } from '../../quote.js';
import type { PathSegment } from '../../types.js';
import { dialectOf } from '../json-schema/dialect.js';
import { evaluateInstance } from '../json-schema/instance.js';
import { isObject, type JsonObject } from '../json-schema/values.js';
import { type Components, primitiveVisitor, valueAt } from '../protocol/components.js';
import { levels080, type Rule, type RuleContext } from '../rule.js';
import { entitySubject } from '../schema/visitors.js';
import { exampleDocument080, exampleTool } from './semantic-examples.js';

function dotted(path: readonly PathSegment[]): string {
  return path.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
}

/** Check one example (already resolved) of a tool whose schemas are `input` and `output`. */
function checkExample(
  context: RuleContext,
  at: PathSegment[],
  subject: string,
  example: JsonObject,
  input: unknown,
  output: unknown,
): void {
  // A referenced example is reported at its use site, its inner locations named in the message.
  const place = (inner: PathSegment[]) => (subject.includes('#/components/') ? at : [...at, ...inner]);
  const against = (schema: unknown, value: unknown, inner: PathSegment[], what: string) => {
    if (!isObject(schema)) return;
    const dialect = dialectOf(schema);
    if (dialect === null) return;
    for (const error of evaluateInstance(schema, value, dialect).errors) {
      const where = dotted([...inner, ...error.path]);
      context.report(place([...inner, ...error.path]), `${subject}: ${where} ${error.message} (${what})`);
    }
  };
  // An input that is not an object is mcpdesc.example.members' finding already.
  if (isObject(example.input)) against(input, example.input, ['input'], "the tool's inputSchema");
  const result = example.result;
  if (!isObject(result)) return;
  const structured = Object.hasOwn(result, 'structuredContent');
  if (result.isError === true) {
    if (structured) {
      context.report(
        place(['result', 'structuredContent']),
        `${subject}: an execution-error result (isError: true) must not carry "structuredContent"`,
      );
    }
    return;
  }
  if (output === undefined) return;
  if (!structured) {
    context.report(
      place(['result']),
      `${subject}: a successful result of a tool with an outputSchema must carry "structuredContent"`,
    );
    return;
  }
  against(output, result.structuredContent, ['result', 'structuredContent'], "the tool's outputSchema");
}

function checkTool(context: RuleContext, components: Components, index: number, tool: JsonObject): void {
  const owner = entitySubject('Tool', tool, index);
  const input = Object.hasOwn(tool, 'inputSchema') ? valueAt(components, tool.inputSchema, 'schemas') : null;
  const output = Object.hasOwn(tool, 'outputSchema')
    ? valueAt(components, tool.outputSchema, 'schemas')
    : undefined;
  // An unresolved schema is mcpdesc.components.reference's finding: nothing to check against.
  if (input === null || output === null) return;
  const maps: Array<[string, boolean]> = [
    ['examples', true],
    ['interactionExamples', false],
  ];
  for (const [key, referable] of maps) {
    const map = tool[key];
    if (!Object.hasOwn(tool, key) || !isObject(map)) continue;
    for (const name of Object.keys(map)) {
      const used = referable
        ? valueAt(components, map[name], 'toolExamples')
        : { value: map[name], from: null };
      if (used === null || !isObject(used.value)) continue;
      const kind = key === 'examples' ? 'example' : 'interaction example';
      const subject = `${owner} ${kind} ${quote(name)}${used.from ? ` (${used.from})` : ''}`;
      checkExample(context, ['tools', index, key, name], subject, used.value, input.value, output?.value);
    }
  }
}

const rule: Rule = {
  id: 'mcpdesc.tool.example-schema',
  description: "Make tool examples' input and structured results valid against the tool's schemas.",
  specSection: '9.3',
  scope: 'document',
  collections: ['tools'],
  levels: levels080('error'),
  project(collection, _index, value) {
    if (collection !== 'tools' || !isObject(value)) return undefined;
    return Object.hasOwn(value, 'examples') || Object.hasOwn(value, 'interactionExamples')
      ? value
      : undefined;
  },
  examples: {
    valid: [
      {
        description: 'a successful result with structured content, an error result without',
        document: exampleDocument080({
          tools: [
            exampleTool({
              inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
              outputSchema: { type: 'object', properties: { t: { type: 'number' } }, required: ['t'] },
              examples: {
                ok: {
                  input: { city: 'Paris' },
                  result: {
                    resultType: 'complete',
                    content: [{ type: 'text', text: '21' }],
                    structuredContent: { t: 21 },
                  },
                },
                failed: {
                  input: { city: 'X' },
                  result: { resultType: 'complete', content: [], isError: true },
                },
              },
            }),
          ],
        }),
      },
    ],
    invalid: [
      {
        description: 'wrong input and output types; structured content missing, or on an error',
        document: exampleDocument080({
          tools: [
            exampleTool({
              inputSchema: {
                type: 'object',
                properties: { count: { type: 'integer' } },
                required: ['count'],
              },
              outputSchema: {
                type: 'object',
                properties: { total: { type: 'integer' } },
                required: ['total'],
              },
              examples: {
                wrong: {
                  input: { count: 'one' },
                  result: { resultType: 'complete', content: [], structuredContent: { total: 'one' } },
                },
                missing: { input: { count: 1 }, result: { resultType: 'complete', content: [] } },
                error: {
                  input: {},
                  result: { resultType: 'complete', content: [], isError: true, structuredContent: {} },
                },
              },
            }),
          ],
        }),
        diagnostics: [
          { pointer: '/tools/0/examples/wrong/input/count', severity: 'error' },
          { pointer: '/tools/0/examples/wrong/result/structuredContent/total', severity: 'error' },
          { pointer: '/tools/0/examples/missing/result', severity: 'error' },
          { pointer: '/tools/0/examples/error/input', severity: 'error' },
          { pointer: '/tools/0/examples/error/result/structuredContent', severity: 'error' },
        ],
      },
      {
        description: 'a referenced example against a referenced schema',
        document: exampleDocument080({
          components: {
            schemas: {
              In: { type: 'object', properties: { q: { type: 'string' } }, additionalProperties: false },
            },
            toolExamples: {
              extra: { input: { q: 'x', limit: 3 }, result: { resultType: 'complete', content: [] } },
            },
          },
          tools: [
            exampleTool({
              inputSchema: { $componentRef: '#/components/schemas/In' },
              examples: { extra: { $componentRef: '#/components/toolExamples/extra' } },
            }),
          ],
        }),
        diagnostics: [{ pointer: '/tools/0/examples/extra', severity: 'error' }],
      },
    ],
  },
  create(context) {
    if (context.version !== '0.8.0') return {};
    return primitiveVisitor(context, {
      accepts: (collection) => collection === 'tools',
      check: (components, _, index, tool) => checkTool(context, components, index, tool),
    });
  },
};

export default rule;
