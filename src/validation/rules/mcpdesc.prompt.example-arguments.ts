// §11.3: a Prompt example's `arguments` name only arguments the prompt declares, and supply every
// argument declared `required: true` (optional ones may be left out; omission and `{}` both mean no
// arguments). An example may be a component, judged at each prompt that uses it (§17.3).
import { quote } from '../../quote.js';
import { isObject, type JsonObject } from '../json-schema/values.js';
import { type Components, primitiveVisitor, valueAt } from '../protocol/components.js';
import { levels080, type Rule, type RuleContext } from '../rule.js';
import { entitySubject } from '../schema/visitors.js';
import { exampleDocument080 } from './semantic-examples.js';

function check(context: RuleContext, components: Components, index: number, prompt: JsonObject): void {
  const map = prompt.examples;
  if (!isObject(map)) return;
  const declared = new Map<string, boolean>();
  if (Array.isArray(prompt.arguments)) {
    for (const argument of prompt.arguments) {
      if (isObject(argument) && typeof argument.name === 'string')
        declared.set(argument.name, argument.required === true);
    }
  }
  const owner = entitySubject('Prompt', prompt, index);
  for (const name of Object.keys(map)) {
    const used = valueAt(components, map[name], 'promptExamples');
    if (used === null || !isObject(used.value)) continue;
    const given = isObject(used.value.arguments) ? used.value.arguments : {};
    const base = ['prompts', index, 'examples', name];
    const subject = `${owner} example ${quote(name)}${used.from ? ` (${used.from})` : ''}`;
    for (const key of Object.keys(given)) {
      if (declared.has(key)) continue;
      context.report(
        used.from === null ? [...base, 'arguments', key] : base,
        `${subject} supplies ${quote(key)}, which the prompt does not declare`,
      );
    }
    for (const [argument, required] of declared) {
      if (!required || Object.hasOwn(given, argument)) continue;
      context.report(
        used.from === null && isObject(used.value.arguments) ? [...base, 'arguments'] : base,
        `${subject} leaves out ${quote(argument)}, which the prompt declares required`,
      );
    }
  }
}

const rule: Rule = {
  id: 'mcpdesc.prompt.example-arguments',
  description: "Supply a prompt's required arguments, and only declared ones, in its examples.",
  specSection: '11.3',
  scope: 'document',
  collections: ['prompts'],
  levels: levels080('error'),
  project: (collection, _index, value) =>
    collection === 'prompts' && isObject(value) && Object.hasOwn(value, 'examples') ? value : undefined,
  examples: {
    valid: [
      {
        description: 'the required argument and an optional one; no arguments for a prompt without any',
        document: exampleDocument080({
          prompts: [
            {
              name: 'briefing',
              arguments: [{ name: 'city', required: true }, { name: 'audience' }],
              examples: {
                paris: { arguments: { city: 'Paris' }, result: { resultType: 'complete', messages: [] } },
              },
            },
            { name: 'greeting', examples: { plain: { result: { resultType: 'complete', messages: [] } } } },
          ],
        }),
      },
    ],
    invalid: [
      {
        description: 'an undeclared argument and a missing required one',
        document: exampleDocument080({
          prompts: [
            {
              name: 'briefing',
              arguments: [{ name: 'city', required: true }, { name: 'audience' }],
              examples: {
                bad: {
                  arguments: { audience: 'engineering', rogue: 'oops' },
                  result: { resultType: 'complete', messages: [] },
                },
              },
            },
          ],
        }),
        diagnostics: [
          { pointer: '/prompts/0/examples/bad/arguments/rogue', severity: 'error' },
          { pointer: '/prompts/0/examples/bad/arguments', severity: 'error' },
        ],
      },
    ],
  },
  create(context) {
    if (context.version !== '0.8.0') return {};
    return primitiveVisitor(context, {
      accepts: (collection) => collection === 'prompts',
      check: (components, _, index, prompt) => check(context, components, index, prompt),
    });
  },
};

export default rule;
