// §10.2: `uriTemplate` is an RFC 6570 URI Template. The upstream schema types it as a bare string, so
// `chess://games/{game_id` or `{}` pass it; clients cannot expand them.
import { parseUriTemplate, type UriTemplateError } from '../json-schema/uri-template.js';
import { isObject, ownArray } from '../json-schema/values.js';
import { levels, type Rule } from '../rule.js';
import { exampleDocument } from './semantic-examples.js';

/** Where a resource template's string `uriTemplate` stops being RFC 6570 (null: it parses, or is no string). */
function templateError(template: unknown): UriTemplateError | null {
  if (!isObject(template) || !Object.hasOwn(template, 'uriTemplate')) return null;
  return typeof template.uriTemplate === 'string' ? parseUriTemplate(template.uriTemplate) : null;
}

const rule: Rule = {
  id: 'mcpdesc.resource-template.uri-template',
  description: 'Write uriTemplate as an RFC 6570 URI Template.',
  specSection: '10.2.1',
  collections: ['resourceTemplates'],
  levels: levels('error'),
  screen: {
    test: (document) =>
      ownArray(document, 'resourceTemplates').every((template) => templateError(template) === null),
  },
  examples: {
    valid: [
      {
        description: 'level 1 to 4 expressions',
        document: exampleDocument({
          resourceTemplates: [
            { uriTemplate: 'chess://games/{game_id}', name: 'game' },
            { uriTemplate: 'chess://players/{player_id}/games{?from,to}', name: 'history' },
            { uriTemplate: 'file:///{+path}{#section}{/segments*}{;v:3}', name: 'file' },
          ],
        }),
      },
    ],
    invalid: [
      {
        description: 'an unclosed expression and an empty one',
        document: exampleDocument({
          resourceTemplates: [
            { uriTemplate: 'chess://games/{game_id', name: 'game' },
            { uriTemplate: 'chess://games/{}', name: 'empty' },
          ],
        }),
        diagnostics: [
          { pointer: '/resourceTemplates/0/uriTemplate', severity: 'error' },
          { pointer: '/resourceTemplates/1/uriTemplate', severity: 'error' },
        ],
      },
    ],
  },
  create(context) {
    return {
      element(collection, index, template) {
        if (collection !== 'resourceTemplates') return;
        const error = templateError(template);
        if (error === null) return;
        context.report(
          ['resourceTemplates', index, 'uriTemplate'],
          `"uriTemplate" is not an RFC 6570 URI Template: at character ${error.index + 1} it ${error.message}`,
        );
      },
    };
  },
};

export default rule;
