// §12.3: a form-mode `requestedSchema` — on an Elicitation Declaration, inline or a schema component,
// and in an elicitation step of an interaction example — is the restricted, flat form-response schema
// of every MCP revision in the declaration's scope (protocol/form-schema.ts): primitive properties
// only, `required` naming declared properties, `enumNames` one per value, defaults among the choices,
// minimums not above maximums.
import { quote } from '../../quote.js';
import type { PathSegment } from '../../types.js';
import { isObject, type JsonObject } from '../json-schema/values.js';
import { type Components, primitiveVisitor, valueAt } from '../protocol/components.js';
import { formSchemaProblems } from '../protocol/form-schema.js';
import { effectiveScope, NO_REVISIONS, type Scope } from '../protocol/revisions.js';
import type { CollectionKey } from '../rule.js';
import { levels080, type Rule, type RuleContext } from '../rule.js';
import { exampleDocument080, exampleTool } from './semantic-examples.js';

function dotted(path: readonly PathSegment[]): string {
  return path.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
}

function report(
  context: RuleContext,
  at: PathSegment[],
  schema: unknown,
  scope: Scope,
  from: string | null,
): void {
  for (const problem of formSchemaProblems(schema, scope)) {
    if (from === null) context.report([...at, ...problem.path], `Form schema: ${problem.message}`);
    else {
      const inner = problem.path.length > 0 ? ` at ${quote(dotted(problem.path))}` : '';
      context.report(at, `Form schema ${from}${inner}: ${problem.message}`);
    }
  }
}

function check(
  context: RuleContext,
  components: Components,
  root: Scope,
  collection: CollectionKey,
  index: number,
  primitive: JsonObject,
): void {
  const scope = effectiveScope(primitive, root);
  if (scope === NO_REVISIONS) return;
  const declarations = primitive.elicitations;
  if (Array.isArray(declarations)) {
    declarations.forEach((declaration: unknown, i) => {
      if (
        !isObject(declaration) ||
        declaration.mode !== 'form' ||
        !Object.hasOwn(declaration, 'requestedSchema')
      )
        return;
      const used = valueAt(components, declaration.requestedSchema, 'schemas');
      if (used === null) return;
      report(
        context,
        [collection, index, 'elicitations', i, 'requestedSchema'],
        used.value,
        effectiveScope(declaration, scope),
        used.from,
      );
    });
  }
  const scenarios = primitive.interactionExamples;
  if (collection !== 'tools' || !isObject(scenarios)) return;
  for (const name of Object.keys(scenarios)) {
    const steps = isObject(scenarios[name]) ? (scenarios[name] as JsonObject).steps : undefined;
    if (!Array.isArray(steps)) continue;
    steps.forEach((step: unknown, s) => {
      if (
        !isObject(step) ||
        step.type !== 'elicitation' ||
        !isObject(step.request) ||
        step.request.mode !== 'form'
      )
        return;
      if (!Object.hasOwn(step.request, 'requestedSchema')) return;
      const at = [collection, index, 'interactionExamples', name, 'steps', s, 'request', 'requestedSchema'];
      report(context, at, step.request.requestedSchema, scope, null);
    });
  }
}

const rule: Rule = {
  id: 'mcpdesc.elicitation.form-schema',
  description: 'Write form-mode requested schemas in the restricted, flat MCP form vocabulary.',
  specSection: '12.3',
  scope: 'document',
  levels: levels080('error'),
  project(collection, _index, value) {
    if (collection === 'tags' || !isObject(value)) return undefined;
    return Object.hasOwn(value, 'elicitations') || Object.hasOwn(value, 'interactionExamples')
      ? value
      : undefined;
  },
  examples: {
    valid: [
      {
        description:
          'a string with bounds, a boolean with a default; a multi-select for 2025-11-25 and later',
        document: exampleDocument080({
          protocolVersions: ['2025-06-18', '2025-11-25'],
          tools: [
            exampleTool({
              elicitations: [
                {
                  name: 'assignee',
                  mode: 'form',
                  message: 'Who?',
                  requestedSchema: {
                    type: 'object',
                    properties: {
                      who: { type: 'string', minLength: 1, format: 'email' },
                      ok: { type: 'boolean', default: true },
                    },
                    required: ['who'],
                  },
                },
                {
                  name: 'labels',
                  mode: 'form',
                  message: 'Labels?',
                  protocolVersions: ['2025-11-25'],
                  requestedSchema: {
                    $schema: 'https://json-schema.org/draft/2020-12/schema',
                    type: 'object',
                    properties: {
                      labels: {
                        type: 'array',
                        items: { type: 'string', enum: ['bug', 'feature'] },
                        default: ['bug'],
                      },
                    },
                  },
                },
              ],
            }),
          ],
        }),
      },
    ],
    invalid: [
      {
        description: 'enumNames that do not match, a default outside the enum, an undeclared required name',
        document: exampleDocument080({
          protocolVersions: ['2025-11-25'],
          prompts: [
            {
              name: 'release',
              elicitations: [
                {
                  name: 'channel',
                  mode: 'form',
                  message: 'Channel?',
                  requestedSchema: {
                    type: 'object',
                    properties: {
                      channel: {
                        type: 'string',
                        enum: ['stable', 'preview'],
                        enumNames: ['Stable'],
                        default: 'nightly',
                      },
                    },
                    required: ['missing'],
                  },
                },
              ],
            },
          ],
        }),
        diagnostics: [
          {
            pointer: '/prompts/0/elicitations/0/requestedSchema/properties/channel/enumNames',
            severity: 'error',
          },
          {
            pointer: '/prompts/0/elicitations/0/requestedSchema/properties/channel/default',
            severity: 'error',
          },
          { pointer: '/prompts/0/elicitations/0/requestedSchema/required/0', severity: 'error' },
        ],
      },
      {
        description: 'a nested object, a string default for MCP 2025-06-18, a minimum above the maximum',
        document: exampleDocument080({
          protocolVersions: ['2025-06-18'],
          tools: [
            exampleTool({
              elicitations: [
                {
                  name: 'details',
                  mode: 'form',
                  message: 'Details?',
                  requestedSchema: {
                    type: 'object',
                    properties: {
                      address: { type: 'object', properties: {} },
                      city: { type: 'string', default: 'Paris' },
                      age: { type: 'integer', minimum: 10, maximum: 5 },
                    },
                  },
                },
              ],
            }),
          ],
        }),
        diagnostics: [
          { pointer: '/tools/0/elicitations/0/requestedSchema/properties/address/type', severity: 'error' },
          { pointer: '/tools/0/elicitations/0/requestedSchema/properties/city/default', severity: 'error' },
          { pointer: '/tools/0/elicitations/0/requestedSchema/properties/age/minimum', severity: 'error' },
        ],
      },
    ],
  },
  create(context) {
    if (context.version !== '0.8.0') return {};
    return primitiveVisitor(context, {
      accepts: (collection, root) => collection !== 'tags' && root !== NO_REVISIONS,
      check: (components, collection, index, primitive, root) =>
        check(context, components, root, collection, index, primitive),
    });
  },
};

export default rule;
