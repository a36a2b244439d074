// §10.1.2: a resource's `uri` SHOULD be a valid URI; its scheme is free (`chess://…`). A value that
// is not an RFC 3986 URI (formats/uri.ts), such as a relative path or words with spaces, gets a
// warning saying which part breaks the grammar.
import { quote } from '../../quote.js';
import { uriProblem } from '../formats/uri.js';
import { isObject, ownArray } from '../json-schema/values.js';
import { levelsSince, type Rule } from '../rule.js';
import { entitySubject } from '../schema/visitors.js';
import { exampleDocument, exampleDocument080 } from './semantic-examples.js';

/** What is wrong with a resource's string `uri` (null: nothing, or no string uri). */
function problemOf(resource: unknown): string | null {
  if (!isObject(resource) || typeof resource.uri !== 'string') return null;
  return uriProblem(resource.uri);
}

const rule: Rule = {
  id: 'mcpdesc.resource.uri-syntax',
  description: 'Identify each resource with an RFC 3986 URI (any scheme).',
  specSection: '10.1.2',
  collections: ['resources'],
  levels: levelsSince('0.7.0', 'warning'),
  screen: {
    test: (document) => ownArray(document, 'resources').every((resource) => problemOf(resource) === null),
  },
  examples: {
    valid: [
      {
        description: 'a custom scheme, a file URI, a URN',
        document: exampleDocument({
          resources: [
            { uri: 'chess://leaderboard/classical', name: 'a' },
            { uri: 'file:///data/my%20games.pgn', name: 'b' },
            { uri: 'urn:example:rules', name: 'c' },
          ],
        }),
      },
    ],
    invalid: [
      {
        description: 'words, a space in a path, a relative path',
        document: exampleDocument({
          resources: [
            { uri: 'the classical leaderboard', name: 'a' },
            { uri: 'file:///data/my games.pgn', name: 'b' },
            { uri: 'docs/readme.md', name: 'c' },
          ],
        }),
        diagnostics: [
          { pointer: '/resources/0/uri', severity: 'warning' },
          { pointer: '/resources/1/uri', severity: 'warning' },
          { pointer: '/resources/2/uri', severity: 'warning' },
        ],
      },
      {
        description: 'a port that is not a number (0.8.0)',
        document: exampleDocument080({ resources: [{ uri: 'https://example.com:port/', name: 'a' }] }),
        diagnostics: [{ pointer: '/resources/0/uri', severity: 'warning' }],
      },
    ],
  },
  create(context) {
    return {
      element(collection, index, resource) {
        if (collection !== 'resources') return;
        const problem = problemOf(resource);
        if (problem === null || !isObject(resource)) return;
        context.report(
          ['resources', index, 'uri'],
          `${entitySubject('Resource', resource, index)}: "uri" ${quote(resource.uri)} should be a URI, but ${problem}`,
        );
      },
    };
  },
};

export default rule;
