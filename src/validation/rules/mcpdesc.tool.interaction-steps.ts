// §9.4: the steps of a Tool interaction example agree with the tool. An elicitation step's
// `declaration` names an Elicitation Declaration of the same tool, whose mode and form schema (or known
// URL) the request keeps; an accepted form response carries `content` valid against the request's
// schema, and a URL-mode response carries none. A roots step returns `file://` roots, as MCP's Root
// requires. (Sampling payloads by revision are mcpdesc.protocol.revision-applicable's; the terminal
// result is mcpdesc.tool.example-schema's.)
import { quote } from '../../quote.js';
import type { PathSegment } from '../../types.js';
import { evaluateInstance } from '../json-schema/instance.js';
import { isObject, type JsonObject } from '../json-schema/values.js';
import { type Components, primitiveVisitor, valueAt } from '../protocol/components.js';
import { levels080, type Rule, type RuleContext } from '../rule.js';
import { entitySubject } from '../schema/visitors.js';
import { exampleDocument080, exampleTool } from './semantic-examples.js';

function properties(schema: unknown): JsonObject {
  return isObject(schema) && isObject(schema.properties) ? schema.properties : {};
}

function elicitationStep(
  context: RuleContext,
  components: Components,
  tool: JsonObject,
  at: PathSegment[],
  subject: string,
  step: JsonObject,
): void {
  const request = isObject(step.request) ? step.request : {};
  const response = isObject(step.response) ? step.response : {};
  if (typeof step.declaration === 'string') {
    const declarations = Array.isArray(tool.elicitations) ? tool.elicitations : [];
    const declaration = declarations.find((d: unknown) => isObject(d) && d.name === step.declaration) as
      | JsonObject
      | undefined;
    if (declaration === undefined) {
      context.report(
        [...at, 'declaration'],
        `${subject} names declaration ${quote(step.declaration)}, which the tool does not declare`,
      );
    } else if (declaration.mode !== request.mode) {
      context.report(
        [...at, 'request', 'mode'],
        `${subject}: the request is in ${quote(request.mode)} mode, its declaration ${quote(step.declaration)} in ${quote(declaration.mode)} mode`,
      );
    } else if (request.mode === 'form') {
      const declared = valueAt(components, declaration.requestedSchema, 'schemas');
      const known = declared === null ? null : properties(declared.value);
      for (const [name, schema] of Object.entries(properties(request.requestedSchema))) {
        if (known === null) break;
        const match = known[name];
        if (isObject(match) && isObject(schema) && match.type === schema.type) continue;
        context.report(
          [...at, 'request', 'requestedSchema', 'properties', name],
          `${subject}: property ${quote(name)} of the request is not the same property in the requestedSchema of declaration ${quote(step.declaration)}`,
        );
      }
    } else if (typeof declaration.url === 'string' && request.url !== declaration.url) {
      context.report(
        [...at, 'request', 'url'],
        `${subject}: the request URL is not the known URL of declaration ${quote(step.declaration)}`,
      );
    }
  }
  const hasContent = Object.hasOwn(response, 'content');
  if (request.mode === 'url' && hasContent) {
    context.report(
      [...at, 'response', 'content'],
      `${subject}: a URL-mode elicitation response carries no "content"`,
    );
  }
  if (request.mode !== 'form' || response.action !== 'accept') return;
  if (!hasContent) {
    context.report(
      [...at, 'response'],
      `${subject}: an accepted form elicitation response carries "content"`,
    );
    return;
  }
  if (!isObject(request.requestedSchema)) return;
  for (const error of evaluateInstance(request.requestedSchema, response.content, '2020-12').errors) {
    context.report(
      [...at, 'response', 'content', ...error.path],
      `${subject}: the response content ${error.message} (the request's requestedSchema)`,
    );
  }
}

function rootsStep(context: RuleContext, at: PathSegment[], subject: string, step: JsonObject): void {
  const roots = isObject(step.response) ? step.response.roots : undefined;
  if (!Array.isArray(roots)) return;
  roots.forEach((root: unknown, i) => {
    if (!isObject(root) || typeof root.uri !== 'string' || root.uri.startsWith('file://')) return;
    context.report(
      [...at, 'response', 'roots', i, 'uri'],
      `${subject}: a root is a file:// URI, found ${quote(root.uri)}`,
    );
  });
}

function check(context: RuleContext, components: Components, index: number, tool: JsonObject): void {
  const scenarios = tool.interactionExamples;
  if (!isObject(scenarios)) return;
  const owner = entitySubject('Tool', tool, index);
  for (const name of Object.keys(scenarios)) {
    const steps = isObject(scenarios[name]) ? (scenarios[name] as JsonObject).steps : undefined;
    if (!Array.isArray(steps)) continue;
    steps.forEach((step: unknown, s) => {
      if (!isObject(step)) return;
      const at = ['tools', index, 'interactionExamples', name, 'steps', s];
      const subject = `${owner} interaction example ${quote(name)} step ${s}`;
      if (step.type === 'elicitation') elicitationStep(context, components, tool, at, subject, step);
      else if (step.type === 'roots') rootsStep(context, at, subject, step);
    });
  }
}

const rule: Rule = {
  id: 'mcpdesc.tool.interaction-steps',
  description: "Keep interaction steps consistent with the tool's elicitation declarations and MCP payloads.",
  specSection: '9.4',
  scope: 'document',
  collections: ['tools'],
  levels: levels080('error'),
  project: (collection, _index, value) =>
    collection === 'tools' && isObject(value) && Object.hasOwn(value, 'interactionExamples')
      ? value
      : undefined,
  examples: {
    valid: [
      {
        description: 'a declared form elicitation, accepted with valid content; a file root',
        document: exampleDocument080({
          tools: [
            exampleTool({
              elicitations: [
                {
                  name: 'confirm',
                  mode: 'form',
                  message: 'Approve?',
                  requestedSchema: {
                    type: 'object',
                    properties: { approved: { type: 'boolean' } },
                    required: ['approved'],
                  },
                },
              ],
              interactionExamples: {
                approved: {
                  input: {},
                  steps: [
                    { type: 'roots', request: {}, response: { roots: [{ uri: 'file:///workspace' }] } },
                    {
                      type: 'elicitation',
                      declaration: 'confirm',
                      request: {
                        mode: 'form',
                        message: 'Approve?',
                        requestedSchema: {
                          type: 'object',
                          properties: { approved: { type: 'boolean' } },
                          required: ['approved'],
                        },
                      },
                      response: { action: 'accept', content: { approved: true } },
                    },
                  ],
                  result: { resultType: 'complete', content: [] },
                },
              },
            }),
          ],
        }),
      },
    ],
    invalid: [
      {
        description:
          'an unknown declaration, a changed form property, content of the wrong type, an https root',
        document: exampleDocument080({
          tools: [
            exampleTool({
              elicitations: [
                {
                  name: 'confirm',
                  mode: 'form',
                  message: 'Approve?',
                  requestedSchema: { type: 'object', properties: { approved: { type: 'boolean' } } },
                },
              ],
              interactionExamples: {
                broken: {
                  input: {},
                  steps: [
                    {
                      type: 'elicitation',
                      declaration: 'missing',
                      request: { mode: 'url', message: 'Authorize.', url: 'https://a.example/connect' },
                      response: { action: 'accept', content: { approved: true } },
                    },
                    {
                      type: 'elicitation',
                      declaration: 'confirm',
                      request: {
                        mode: 'form',
                        message: 'Approve?',
                        requestedSchema: { type: 'object', properties: { approved: { type: 'string' } } },
                      },
                      response: { action: 'accept', content: { approved: true } },
                    },
                    {
                      type: 'roots',
                      request: {},
                      response: { roots: [{ uri: 'https://example.com/root' }] },
                    },
                  ],
                  result: { resultType: 'complete', content: [] },
                },
              },
            }),
          ],
        }),
        diagnostics: [
          { pointer: '/tools/0/interactionExamples/broken/steps/0/declaration', severity: 'error' },
          { pointer: '/tools/0/interactionExamples/broken/steps/0/response/content', severity: 'error' },
          {
            pointer:
              '/tools/0/interactionExamples/broken/steps/1/request/requestedSchema/properties/approved',
            severity: 'error',
          },
          {
            pointer: '/tools/0/interactionExamples/broken/steps/1/response/content/approved',
            severity: 'error',
          },
          { pointer: '/tools/0/interactionExamples/broken/steps/2/response/roots/0/uri', severity: 'error' },
        ],
      },
    ],
  },
  create(context) {
    if (context.version !== '0.8.0') return {};
    return primitiveVisitor(context, {
      accepts: (collection) => collection === 'tools',
      check: (components, _, index, tool) => check(context, components, index, tool),
    });
  },
};

export default rule;
