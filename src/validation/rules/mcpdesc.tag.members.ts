// Tag objects of the root `tags` array (§12.1): a non-empty name and an optional description.
// Root tags arrived in 0.6.0, with nested `tags` arrays; 0.7.0 made the list flat; 0.8.0 (§13.1,
// §14.2) lets a tag carry `x-` extensions.
// Unique names are mcpdesc.tag.unique's (it compares names, where the schema's uniqueItems compared
// whole objects).
import type { SpecVersion } from '../../types.js';
import type { Rule } from '../rule.js';
import { levelsSince } from '../rule.js';
import { atElements, closedObject, NON_EMPTY_STRING, STRING } from '../schema/blocks.js';
import type { FragmentSet, StructuralRule } from '../schema/fragment.js';
import { extensibleObject } from '../schema/mcp.js';
import { fragmentHandle } from '../schema/validators.js';
import { collectionVisitor } from '../schema/visitors.js';
import { exampleDocument, exampleDocument080 } from './semantic-examples.js';

const ID = 'mcpdesc.tag.members';

function fragments(version: SpecVersion): FragmentSet | null {
  if (version === '0.6.0') {
    // The fragment's root is the tag object itself, so nested tags refer back to it; its `$id` keeps
    // `#` meaning the tag wherever a screen places it.
    return {
      element: {
        $id: 'urn:mcpdesc-validate:mcpdesc.tag.members:0.6.0',
        ...closedObject(
          { name: NON_EMPTY_STRING, description: STRING, tags: { type: 'array', items: { $ref: '#' } } },
          ['name'],
        ),
      },
    };
  }
  if (version === '0.7.0')
    return { element: closedObject({ name: NON_EMPTY_STRING, description: STRING }, ['name']) };
  if (version === '0.8.0')
    return { element: extensibleObject({ name: NON_EMPTY_STRING, description: STRING }, ['name']) };
  return null;
}

const ELEMENT = fragmentHandle(ID, 'element');

const rule: StructuralRule = {
  id: ID,
  description: 'A root tag has a non-empty name and at most a description.',
  specSection: '12.1',
  specSections: { '0.8.0': '13.1' },
  collections: ['tags'],
  levels: levelsSince('0.6.0', 'error'),
  fragments,
  screen: {
    schema(version) {
      const set = version === null ? null : fragments(version);
      return set === null ? null : atElements('tags', set.element!);
    },
  },
  examples: {
    valid: [
      {
        description: 'names that are also Object.prototype members',
        document: exampleDocument({
          tools: [{ name: 't', tags: ['__proto__'] }],
          tags: [{ name: '__proto__', description: 'd' }, { name: 'constructor' }, { name: 'toString' }],
        }),
      },
      {
        description: '0.6.0 nested tags',
        document: exampleDocument({
          mcpdesc: '0.6.0',
          tools: [{ name: 't', tags: ['__proto__'] }],
          tags: [{ name: 'a', tags: [{ name: 'b', tags: [{ name: 'c' }] }] }, { name: '__proto__' }],
        }),
      },
    ],
    invalid: [
      {
        description: '0.8.0: an extension is allowed, an unknown member is not',
        document: exampleDocument080({
          tags: [{ name: 'search', 'x-color': 'blue', color: 'blue' }, { name: '' }],
        }),
        diagnostics: [
          { pointer: '/tags/0/color', severity: 'error' },
          { pointer: '/tags/1/name', severity: 'error' },
        ],
      },
      {
        description: 'an empty name, a string tag, nested tags in 0.7.0',
        document: exampleDocument({
          tools: [{ name: 't', tags: ['__proto__'] }],
          tags: [{ name: '' }, 'analysis', { name: 'a', tags: [{ name: 'b' }] }, { name: '__proto__' }],
        }),
        diagnostics: [
          { pointer: '/tags/0/name', severity: 'error' },
          { pointer: '/tags/1', severity: 'error' },
          { pointer: '/tags/2/tags', severity: 'error' },
        ],
      },
      {
        description: '0.6.0 nested tag without a name',
        document: exampleDocument({
          mcpdesc: '0.6.0',
          tools: [{ name: 't', tags: ['__proto__'] }],
          tags: [{ name: 'a', tags: [{ description: 'd' }] }, { name: '__proto__' }],
        }),
        diagnostics: [{ pointer: '/tags/0/tags/0', severity: 'error' }],
      },
    ],
  },
  create(context) {
    return collectionVisitor(context, ELEMENT, 'tags', 'Tag');
  },
};

export default rule satisfies Rule;
