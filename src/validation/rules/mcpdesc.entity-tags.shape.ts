// Per-entity `tags` arrays (§12.3) must not repeat a value. That they are arrays of strings is
// checked with the rest of each entity's members (mcpdesc.tool.members and its siblings), so one
// problem is reported once. 0.7.0 introduced the rule (uniqueItems on entity tags); before it,
// repeated entity tags were allowed. 0.8.0 keeps it (§13.3).

import { quote } from '../../quote.js';
import type { SpecVersion } from '../../types.js';
import { ownArray } from '../json-schema/values.js';
import type { Rule } from '../rule.js';
import { levelsSince } from '../rule.js';
import { entitySubject } from '../schema/visitors.js';
import { exampleDocument } from './semantic-examples.js';

const SINCE_070: ReadonlySet<string> = new Set(['0.7.0', '0.8.0']);

const NOUNS: Readonly<Record<string, string>> = {
  tools: 'Tool',
  resources: 'Resource',
  resourceTemplates: 'Resource template',
  prompts: 'Prompt',
};

/**
 * Each string tag of an entity's own `tags` array listed before: its index, the tag and its first
 * index, in order, while `visit` returns true.
 */
function forEachRepeat(entity: unknown, visit: (index: number, tag: string, first: number) => boolean): void {
  if (entity === null || typeof entity !== 'object') return;
  const tags = (entity as { tags?: unknown }).tags;
  if (!Array.isArray(tags) || tags.length < 2 || !Object.hasOwn(entity, 'tags')) return;
  // A Map, not an object literal: tag names such as "__proto__" are ordinary keys here.
  let first: Map<string, number> | null = null;
  for (let i = 0; i < tags.length; i++) {
    const tag: unknown = tags[i];
    if (typeof tag !== 'string') continue;
    first ??= new Map();
    const seen = first.get(tag);
    if (seen === undefined) first.set(tag, i);
    else if (!visit(i, tag, seen)) return;
  }
}

/** Whether the structure of `version` has the rule (the level column only decides the severity). */
function checks(version: SpecVersion | null): boolean {
  return version !== null && SINCE_070.has(version);
}

const rule: Rule = {
  id: 'mcpdesc.entity-tags.shape',
  description: 'Tags of a tool, resource, resource template or prompt are listed at most once each.',
  specSection: '12.3',
  specSections: { '0.8.0': '13.3' },
  levels: levelsSince('0.7.0', 'error'),
  screen: {
    test(document, context) {
      if (!checks(context.version)) return true;
      let clean = true;
      for (const collection of Object.keys(NOUNS)) {
        for (const entity of ownArray(document, collection)) {
          forEachRepeat(entity, () => {
            clean = false;
            return false;
          });
          if (!clean) return false;
        }
      }
      return true;
    },
  },
  examples: {
    valid: [
      {
        description: 'distinct tags, including Object.prototype member names',
        document: exampleDocument({
          tools: [{ name: 't', tags: ['__proto__', 'constructor', 'toString', 'hasOwnProperty'] }],
        }),
      },
      {
        description: 'a repeated tag in 0.6.0 (allowed before 0.7.0)',
        document: exampleDocument({ mcpdesc: '0.6.0', tools: [{ name: 't', tags: ['a', 'a'] }] }),
      },
      {
        description: 'a repeated tag in 0.6.0 under the 0.9.0-rc.3 level column',
        document: exampleDocument({ mcpdesc: '0.6.0', tools: [{ name: 't', tags: ['a', 'a'] }] }),
        target: '0.9.0-rc.3',
      },
    ],
    invalid: [
      {
        description: 'a tag repeated on a tool and on a prompt',
        document: {
          ...exampleDocument({ tools: [{ name: 't', tags: ['__proto__', 'x', '__proto__', 'x', 'x'] }] }),
          prompts: [{ name: 'p', tags: ['toString', 'toString'] }],
        },
        diagnostics: [
          { pointer: '/tools/0/tags/2', severity: 'error' },
          { pointer: '/tools/0/tags/3', severity: 'error' },
          { pointer: '/tools/0/tags/4', severity: 'error' },
          { pointer: '/prompts/0/tags/1', severity: 'error' },
        ],
      },
    ],
  },
  create(context) {
    // The document's version decides the structure (a 0.6.0 document checked with --target 0.9.0-rc.3
    // may still repeat entity tags); the level column only decides the severity.
    if (!checks(context.version)) return {};
    return {
      element(collection, index, value) {
        const noun = NOUNS[collection];
        if (noun === undefined) return;
        forEachRepeat(value, (i, tag, seen) => {
          context.report(
            [collection, index, 'tags', i],
            `${entitySubject(noun, value, index)} lists tag ${quote(tag)} again (first at index ${seen})`,
          );
          return true;
        });
      },
    };
  },
};

export default rule;
