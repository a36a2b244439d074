// §10.4.3: a Resource Template example's `uri` is a valid RFC 6570 expansion of the containing
// template: its literal parts in place, and between them only what the expressions can produce. An
// example may be a component, judged at each template that uses it (§17.3).
import { quote } from '../../quote.js';
import { matchesTemplate } from '../json-schema/uri-template.js';
import { isObject } from '../json-schema/values.js';
import { type Components, primitiveVisitor, valueAt } from '../protocol/components.js';
import { levels080, type Rule, type RuleContext } from '../rule.js';
import { entitySubject } from '../schema/visitors.js';
import { exampleDocument080 } from './semantic-examples.js';

function check(
  context: RuleContext,
  components: Components,
  index: number,
  template: Record<string, unknown>,
): void {
  const uriTemplate = template.uriTemplate;
  const map = template.examples;
  if (typeof uriTemplate !== 'string' || !isObject(map)) return;
  const owner = entitySubject('Resource template', template, index);
  for (const name of Object.keys(map)) {
    const used = valueAt(components, map[name], 'resourceTemplateExamples');
    if (used === null || !isObject(used.value) || typeof used.value.uri !== 'string') continue;
    const uri = used.value.uri;
    // null: the template does not parse (mcpdesc.resource-template.uri-template's finding).
    if (matchesTemplate(uriTemplate, uri) !== false) continue;
    const base = ['resourceTemplates', index, 'examples', name];
    context.report(
      used.from === null ? [...base, 'uri'] : base,
      `${owner} example ${quote(name)}${used.from ? ` (${used.from})` : ''}: "uri" ${quote(uri)} is not an expansion of ${quote(uriTemplate)}`,
    );
  }
}

const rule: Rule = {
  id: 'mcpdesc.resource-template.example-uri',
  description: 'Give resource template examples a uri that expands their template.',
  specSection: '10.4.3',
  scope: 'document',
  collections: ['resourceTemplates'],
  levels: levels080('error'),
  project: (collection, _index, value) =>
    collection === 'resourceTemplates' && isObject(value) && Object.hasOwn(value, 'examples')
      ? value
      : undefined,
  examples: {
    valid: [
      {
        description: 'a concrete URI of the template',
        document: exampleDocument080({
          resourceTemplates: [
            {
              uriTemplate: 'chess://games/{game_id}',
              name: 'game',
              examples: {
                g: {
                  uri: 'chess://games/example-1234',
                  result: {
                    resultType: 'complete',
                    ttlMs: 0,
                    cacheScope: 'public',
                    contents: [{ uri: 'chess://games/example-1234', text: '{}' }],
                  },
                },
              },
            },
          ],
        }),
      },
    ],
    invalid: [
      {
        description: 'a URI of another route',
        document: exampleDocument080({
          resourceTemplates: [
            {
              uriTemplate: 'chess://games/{game_id}',
              name: 'game',
              examples: {
                other: {
                  uri: 'chess://players/example-1234',
                  result: {
                    resultType: 'complete',
                    ttlMs: 0,
                    cacheScope: 'public',
                    contents: [{ uri: 'chess://players/example-1234', text: '{}' }],
                  },
                },
              },
            },
          ],
        }),
        diagnostics: [{ pointer: '/resourceTemplates/0/examples/other/uri', severity: 'error' }],
      },
    ],
  },
  create(context) {
    if (context.version !== '0.8.0') return {};
    return primitiveVisitor(context, {
      accepts: (collection) => collection === 'resourceTemplates',
      check: (components, _, index, template) => check(context, components, index, template),
    });
  },
};

export default rule;
