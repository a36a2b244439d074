// §9.4: interaction examples do not add client requirements, but a scenario that contradicts a tool's
// explicit `clientRequirements` SHOULD be warned about: a roots, sampling or elicitation step (or a
// sampling request with context or tools, an elicitation mode) the declared requirements leave out.
// A tool without `clientRequirements` makes no claim, and none is inferred.
import { quote } from '../../quote.js';
import type { PathSegment } from '../../types.js';
import { isObject, type JsonObject } from '../json-schema/values.js';
import { levels080, type Rule, type RuleContext } from '../rule.js';
import { entitySubject } from '../schema/visitors.js';
import { exampleDocument080, exampleTool } from './semantic-examples.js';

/** What a step needs of the client, as capability paths (`["sampling", "tools"]`). */
function needs(step: JsonObject): string[][] {
  const request = isObject(step.request) ? step.request : {};
  switch (step.type) {
    case 'roots':
      return [['roots']];
    case 'sampling': {
      const out = [['sampling']];
      if (typeof request.includeContext === 'string' && request.includeContext !== 'none')
        out.push(['sampling', 'context']);
      if (Object.hasOwn(request, 'tools') || Object.hasOwn(request, 'toolChoice'))
        out.push(['sampling', 'tools']);
      return out;
    }
    case 'elicitation':
      return typeof request.mode === 'string'
        ? [['elicitation'], ['elicitation', request.mode]]
        : [['elicitation']];
    default:
      return [];
  }
}

/**
 * Whether the requirements cover a capability path. Sub-capabilities are opt-in (`sampling: {}` does not
 * include `sampling.tools`), except that an `elicitation` without members means form mode, as in MCP.
 */
function covered(requirements: JsonObject, path: string[]): boolean {
  const capability = requirements[path[0]!];
  if (!Object.hasOwn(requirements, path[0]!) || !isObject(capability)) return false;
  if (path.length === 1) return true;
  if (path[0] === 'elicitation' && path[1] === 'form' && Object.keys(capability).length === 0) return true;
  return Object.hasOwn(capability, path[1]!);
}

function check(context: RuleContext, index: number, tool: JsonObject): void {
  const requirements = tool.clientRequirements;
  const scenarios = tool.interactionExamples;
  if (!isObject(requirements) || !isObject(scenarios)) return;
  const owner = entitySubject('Tool', tool, index);
  for (const name of Object.keys(scenarios)) {
    const steps = isObject(scenarios[name]) ? (scenarios[name] as JsonObject).steps : undefined;
    if (!Array.isArray(steps)) continue;
    steps.forEach((step: unknown, s) => {
      if (!isObject(step)) return;
      const at: PathSegment[] = ['tools', index, 'interactionExamples', name, 'steps', s];
      for (const path of needs(step)) {
        if (covered(requirements, path)) continue;
        context.report(
          at,
          `${owner} interaction example ${quote(name)} step ${s} uses ${quote(path.join('.'))}, which the tool's clientRequirements leave out`,
        );
        break;
      }
    });
  }
}

const rule: Rule = {
  id: 'mcpdesc.tool.interaction-requirements',
  description: "Keep interaction examples within the tool's declared client requirements.",
  specSection: '9.4',
  collections: ['tools'],
  levels: levels080('warning'),
  examples: {
    valid: [
      {
        description: 'steps within the requirements; a tool without requirements',
        document: exampleDocument080({
          tools: [
            exampleTool({
              clientRequirements: { roots: {}, elicitation: { url: {} } },
              interactionExamples: {
                ok: {
                  input: {},
                  steps: [
                    { type: 'roots', request: {}, response: { roots: [] } },
                    {
                      type: 'elicitation',
                      request: { mode: 'url', message: 'Go.', url: 'https://a.example/' },
                      response: { action: 'decline' },
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
        description: 'roots not required; sampling without context and tools; form elicitation only',
        document: exampleDocument080({
          tools: [
            exampleTool({
              clientRequirements: { elicitation: { form: {} }, sampling: {} },
              interactionExamples: {
                contradictory: {
                  input: {},
                  steps: [
                    { type: 'roots', request: {}, response: { roots: [] } },
                    {
                      type: 'sampling',
                      request: {
                        messages: [{ role: 'user', content: { type: 'text', text: 'Hi' } }],
                        includeContext: 'thisServer',
                        maxTokens: 10,
                      },
                      response: { role: 'assistant', content: { type: 'text', text: 'Hi' }, model: 'm' },
                    },
                    {
                      type: 'elicitation',
                      request: { mode: 'url', message: 'Go.', url: 'https://a.example/' },
                      response: { action: 'accept' },
                    },
                  ],
                  result: { resultType: 'complete', content: [] },
                },
              },
            }),
          ],
        }),
        diagnostics: [
          { pointer: '/tools/0/interactionExamples/contradictory/steps/0', severity: 'warning' },
          { pointer: '/tools/0/interactionExamples/contradictory/steps/1', severity: 'warning' },
          { pointer: '/tools/0/interactionExamples/contradictory/steps/2', severity: 'warning' },
        ],
      },
    ],
  },
  create(context) {
    if (context.version !== '0.8.0') return {};
    return {
      element(collection, index, tool) {
        if (collection === 'tools' && isObject(tool)) check(context, index, tool);
      },
    };
  },
};

export default rule;
