// §10.4.6, §11.4: a completion example completes one argument of its own declaration — a declared
// Prompt argument, or a variable of the Resource Template's `uriTemplate` (`{+path}` and `{id:3}` name
// `path` and `id`) — and its context names other arguments of the same declaration, never the one being
// completed. Completion examples are inline only, so each element is judged on its own.
import { quote } from '../../quote.js';
import { templateVariables } from '../json-schema/uri-template.js';
import { isObject, type JsonObject } from '../json-schema/values.js';
import { levels080, type Rule } from '../rule.js';
import { entitySubject } from '../schema/visitors.js';
import { exampleDocument080 } from './semantic-examples.js';

/** The names a declaration's completion examples may use; null when they cannot be known. */
function argumentNames(collection: string, value: JsonObject): Set<string> | null {
  if (collection === 'resourceTemplates') {
    return typeof value.uriTemplate === 'string' ? templateVariables(value.uriTemplate) : null;
  }
  const names = new Set<string>();
  if (Array.isArray(value.arguments)) {
    for (const argument of value.arguments) {
      if (isObject(argument) && typeof argument.name === 'string') names.add(argument.name);
    }
  }
  return names;
}

const rule: Rule = {
  id: 'mcpdesc.completion.example-arguments',
  description: 'Complete a declared argument in completion examples, with other arguments as context.',
  specSection: '11.4',
  collections: ['prompts', 'resourceTemplates'],
  levels: levels080('error'),
  examples: {
    valid: [
      {
        description: 'a template variable behind an operator; a prompt argument with context',
        document: exampleDocument080({
          resourceTemplates: [
            {
              uriTemplate: 'repo://{owner}/{+path}',
              name: 'file',
              completionExamples: {
                p: {
                  argument: { name: 'path', value: 'src' },
                  context: { arguments: { owner: 'example' } },
                  result: { resultType: 'complete', completion: { values: ['src/'] } },
                },
              },
            },
          ],
          prompts: [
            {
              name: 'lead',
              arguments: [{ name: 'department' }, { name: 'name' }],
              completionExamples: {
                a: {
                  argument: { name: 'name', value: 'a' },
                  context: { arguments: { department: 'engineering' } },
                  result: { resultType: 'complete', completion: { values: ['Ada'] } },
                },
              },
            },
          ],
        }),
      },
    ],
    invalid: [
      {
        description: 'an undeclared argument; context with an unknown name and the completed argument',
        document: exampleDocument080({
          prompts: [
            {
              name: 'lead',
              arguments: [{ name: 'department' }, { name: 'name' }],
              completionExamples: {
                bad: {
                  argument: { name: 'nickname', value: 'a' },
                  context: { arguments: { nickname: 'Ada', region: 'emea' } },
                  result: { resultType: 'complete', completion: { values: [] } },
                },
              },
            },
          ],
          resourceTemplates: [
            {
              uriTemplate: 'repo://{owner}/{repository}/issues/{issue}',
              name: 'issue',
              completionExamples: {
                bad: {
                  argument: { name: 'issue', value: '12' },
                  context: { arguments: { issue: '12' } },
                  result: { resultType: 'complete', completion: { values: [] } },
                },
              },
            },
          ],
        }),
        diagnostics: [
          { pointer: '/prompts/0/completionExamples/bad/argument/name', severity: 'error' },
          { pointer: '/prompts/0/completionExamples/bad/context/arguments/nickname', severity: 'error' },
          { pointer: '/prompts/0/completionExamples/bad/context/arguments/region', severity: 'error' },
          {
            pointer: '/resourceTemplates/0/completionExamples/bad/context/arguments/issue',
            severity: 'error',
          },
        ],
      },
    ],
  },
  create(context) {
    if (context.version !== '0.8.0') return {};
    return {
      element(collection, index, value) {
        if ((collection !== 'prompts' && collection !== 'resourceTemplates') || !isObject(value)) return;
        const map = value.completionExamples;
        if (!Object.hasOwn(value, 'completionExamples') || !isObject(map)) return;
        const names = argumentNames(collection, value);
        // An unparsable template is mcpdesc.resource-template.uri-template's finding.
        if (names === null) return;
        const noun = collection === 'prompts' ? 'Prompt' : 'Resource template';
        const what = collection === 'prompts' ? 'a declared argument' : 'a variable of its uriTemplate';
        const owner = entitySubject(noun, value, index);
        for (const name of Object.keys(map)) {
          const example = map[name];
          if (!isObject(example)) continue;
          const base = [collection, index, 'completionExamples', name];
          const subject = `${owner} completion example ${quote(name)}`;
          const argument = isObject(example.argument) ? example.argument.name : undefined;
          if (typeof argument === 'string' && !names.has(argument)) {
            context.report(
              [...base, 'argument', 'name'],
              `${subject} completes ${quote(argument)}, which is not ${what}`,
            );
          }
          const supplied =
            isObject(example.context) && isObject(example.context.arguments) ? example.context.arguments : {};
          for (const key of Object.keys(supplied)) {
            const problem =
              key === argument
                ? 'is the argument being completed'
                : !names.has(key)
                  ? `is not ${what}`
                  : null;
            if (problem !== null) {
              context.report(
                [...base, 'context', 'arguments', key],
                `${subject}: context argument ${quote(key)} ${problem}`,
              );
            }
          }
        }
      },
    };
  },
};

export default rule;
