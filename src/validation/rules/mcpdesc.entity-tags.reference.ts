// §12.3: when the root declares `tags`, every tag a tool, resource, resource template or prompt lists
// MUST be declared there. The declared names come from the document header (a streaming pre-pass finds
// them), so a root `tags` array after a 5 GB `tools` array is handled without buffering the tools.
import { quote } from '../../quote.js';
import { isObject, ownArray } from '../json-schema/values.js';
import type { CollectionKey } from '../rule.js';
import { levelsSince, type Rule } from '../rule.js';
import { exampleDocument, exampleTool } from './semantic-examples.js';

const ENTITIES: ReadonlySet<CollectionKey> = new Set(['tools', 'resources', 'resourceTemplates', 'prompts']);

/** An entity's own `tags` array (none when it has no array there). */
function tagsOf(entity: unknown): readonly unknown[] {
  return isObject(entity) ? ownArray(entity, 'tags') : [];
}

/** Whether every string tag of the entity is declared. */
function allDeclared(entity: unknown, declared: ReadonlySet<string>): boolean {
  return tagsOf(entity).every((tag) => typeof tag !== 'string' || declared.has(tag));
}

const rule: Rule = {
  id: 'mcpdesc.entity-tags.reference',
  description: 'Reference only tag names declared in the root tags array.',
  specSection: '12.3',
  specSections: { '0.8.0': '13.3' },
  // 0.6.0 declared tags as a tree; only its structure is checked.
  levels: levelsSince('0.7.0', 'error'),
  screen: {
    test(document, context) {
      const declared = context.declaredTags;
      if (declared === null) return true;
      for (const collection of ENTITIES) {
        for (const entity of ownArray(document, collection)) if (!allDeclared(entity, declared)) return false;
      }
      return true;
    },
  },
  examples: {
    valid: [
      {
        description: 'declared tags, the root tags array coming after the tools',
        document: {
          ...exampleDocument({ tools: [exampleTool({ tags: ['chess', 'constructor'] })] }),
          tags: [{ name: 'chess' }, { name: 'constructor' }],
        },
      },
      {
        description: 'no root tags array: entity tags are free strings',
        document: exampleDocument({ tools: [exampleTool({ tags: ['anything'] })] }),
      },
    ],
    invalid: [
      {
        description: 'undeclared tags on a tool and a prompt, including toString',
        document: exampleDocument({
          tools: [exampleTool({ tags: ['chess', 'toString'] })],
          prompts: [{ name: 'greet', tags: ['welcome'] }],
          tags: [{ name: 'chess' }],
        }),
        diagnostics: [
          { pointer: '/tools/0/tags/1', severity: 'error' },
          { pointer: '/prompts/0/tags/0', severity: 'error' },
        ],
      },
    ],
  },
  create(context) {
    let declared: ReadonlySet<string> | null = null;
    return {
      start() {
        declared = context.declaredTags;
      },
      element(collection, index, entity) {
        if (declared === null || !ENTITIES.has(collection)) return;
        const tags = tagsOf(entity);
        for (let i = 0; i < tags.length; i++) {
          const tag = tags[i];
          if (typeof tag !== 'string' || declared.has(tag)) continue;
          context.report(
            [collection, index, 'tags', i],
            `tag ${quote(tag)} is not declared in the root "tags" array; expected one of the declared tag names`,
          );
        }
      },
    };
  },
};

export default rule;
