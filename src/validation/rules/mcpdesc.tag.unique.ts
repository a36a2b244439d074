// §12.2: tag names MUST be unique, and implementations MUST reject duplicates. The upstream schema's
// `uniqueItems` compares whole Tag objects, so two tags with one name and different descriptions pass.
// Document-scoped (a Map of names seen), projected to the name so a streamed dump ships only names.
import { quote } from '../../quote.js';
import { isObject, ownArray } from '../json-schema/values.js';
import { type CollectionKey, levelsSince, type Rule } from '../rule.js';
import { exampleDocument } from './semantic-examples.js';

/** What the document-scoped check sees of an element: a root tag's name, when it is a string. */
function projectName(collection: CollectionKey, tag: unknown): string | undefined {
  if (collection !== 'tags' || !isObject(tag) || !Object.hasOwn(tag, 'name')) return undefined;
  return typeof tag.name === 'string' ? tag.name : undefined;
}

const rule: Rule = {
  id: 'mcpdesc.tag.unique',
  description: 'Declare each root tag name once.',
  specSection: '12.2',
  specSections: { '0.8.0': '13.2' },
  // 0.6.0 tags were a tree with uniqueness across the tree; only its structure is checked.
  levels: levelsSince('0.7.0', 'error'),
  scope: 'document',
  screen: {
    test(document) {
      const names = new Set<string>();
      for (const tag of ownArray(document, 'tags')) {
        const name = projectName('tags', tag);
        if (name === undefined) continue;
        if (names.has(name)) return false;
        names.add(name);
      }
      return true;
    },
  },
  project(collection, _index, tag) {
    return projectName(collection, tag);
  },
  examples: {
    valid: [
      {
        description: 'distinct names, including built-in property names',
        document: exampleDocument({
          tags: [{ name: '__proto__' }, { name: 'constructor' }, { name: 'toString' }, { name: 'chess' }],
        }),
      },
    ],
    invalid: [
      {
        description: 'one name declared twice with different descriptions',
        document: exampleDocument({
          tags: [
            { name: 'chess', description: 'Chess tools' },
            { name: 'rating' },
            { name: 'chess', description: 'Also chess' },
          ],
        }),
        diagnostics: [{ pointer: '/tags/2/name', severity: 'error' }],
      },
    ],
  },
  create(context) {
    // Created at a document's first tag name: most documents declare no tags.
    let first: Map<string, number> | null = null;
    return {
      start() {
        first = null;
      },
      element(collection, index, name) {
        if (collection !== 'tags' || typeof name !== 'string') return;
        first ??= new Map();
        const seen = first.get(name);
        if (seen === undefined) {
          first.set(name, index);
          return;
        }
        context.report(
          ['tags', index, 'name'],
          `tag "name" ${quote(name)} is already declared at /tags/${seen}/name; expected tag names to be unique`,
        );
      },
    };
  },
};

export default rule;
