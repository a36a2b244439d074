// Test rules that exercise every path of a streamed check: element-scoped rules with nested pointers,
// a rule that needs the header's declared tags (which dumps declare after their tools), member rules,
// and a document-scoped rule with a projection that reports both mid-stream and at finish.
import type { Rule } from '../../../src/validation/rule.js';
import { levels } from '../../../src/validation/rule.js';

const examples = { valid: [], invalid: [] };
const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

const toolShape: Rule = {
  id: 'test.tool.shape',
  description: 'tools have inputSchema and a string description; schema types are known',
  specSection: '9.1',
  levels: levels('error'),
  examples,
  create(context) {
    return {
      element(collection, index, value) {
        if (collection !== 'tools' || !isObject(value)) return;
        for (const key of ['input_schema', 'parameters']) {
          if (key in value) context.report(['tools', index, key], `unknown property ${key}`);
        }
        if ('description' in value && typeof value.description !== 'string') {
          context.report(['tools', index, 'description'], 'description must be a string');
        }
        const schema = value.inputSchema;
        if (isObject(schema) && isObject(schema.properties)) {
          for (const [name, prop] of Object.entries(schema.properties)) {
            if (isObject(prop) && prop.type === 'strng') {
              context.report(['tools', index, 'inputSchema', 'properties', name, 'type'], 'bad type');
            }
            if (isObject(prop) && prop.$ref === '#/$defs/doesNotExist') {
              context.report(['tools', index, 'inputSchema', 'properties', name, '$ref'], 'unresolvable');
            }
          }
        }
        if (isObject(value.execution) && 'mode' in value.execution) {
          context.report(['tools', index, 'execution', 'mode'], 'unknown execution member');
        }
        if (!('inputSchema' in value))
          context.report(['tools', index, 'inputSchema'], 'missing (deepest prefix)');
      },
    };
  },
};

const entityTags: Rule = {
  id: 'test.entity-tags.reference',
  description: 'entity tags reference declared root tags',
  specSection: '12.3',
  levels: levels('error'),
  examples,
  create(context) {
    return {
      element(collection, index, value) {
        if (collection === 'tags' || !isObject(value) || !Array.isArray(value.tags)) return;
        if (context.declaredTags === null) return;
        value.tags.forEach((tag, k) => {
          if (typeof tag === 'string' && !context.declaredTags!.has(tag)) {
            context.report([collection, index, 'tags', k], `undeclared tag ${tag}`);
          }
        });
      },
    };
  },
};

const members: Rule = {
  id: 'test.root.members',
  description: 'info has a version; mcpdesc is 0.7.0',
  specSection: '5.1',
  levels: levels('warning'),
  examples,
  create(context) {
    let sawInfo = false;
    return {
      start() {
        sawInfo = false;
      },
      member(key, value) {
        if (key === 'info') {
          sawInfo = true;
          if (isObject(value) && !('version' in value))
            context.report(['info', 'version'], 'missing version');
          if (isObject(value) && value.websiteUrl === 'not a url')
            context.report(['info', 'websiteUrl'], 'not a uri');
        }
        if (key === 'transports' && Array.isArray(value)) {
          value.forEach((t, i) => {
            if (isObject(t) && t.type === 'websocket')
              context.report(['transports', i, 'type'], 'bad transport');
          });
        }
      },
      collectionEnd(collection, length) {
        if (length === 0) context.report([collection], `empty ${collection}`);
      },
      finish() {
        if (!sawInfo) context.report(['info'], 'no info (points at the root)');
        if (context.declaredVersion !== '0.7.0') context.report(['mcpdesc'], 'not 0.7.0');
      },
    };
  },
};

const uniqueNames: Rule = {
  id: 'test.tool.name-unique',
  description: 'tool names are unique',
  specSection: '9.1',
  levels: levels('warning'),
  scope: 'document',
  project(collection, _index, value) {
    return collection === 'tools' && isObject(value) ? value.name : undefined;
  },
  examples,
  create(context) {
    const seen = new Map<unknown, number>();
    let count = 0;
    return {
      start() {
        seen.clear();
        count = 0;
      },
      element(collection, index, name) {
        if (collection !== 'tools' || typeof name !== 'string') return;
        count++;
        const first = seen.get(name);
        if (first === undefined) seen.set(name, index);
        else {
          // Mid-stream, about the current element, and about the earlier one (a finding the streamed
          // check can only place by rescanning).
          context.report(['tools', index, 'name'], `duplicate of /tools/${first}`);
          context.report(['tools', first, 'name'], `first of a duplicate at /tools/${index}`);
        }
      },
      finish() {
        if (count > 0 && seen.size < count) context.report(['tools', 999_999_999], 'points past the end');
      },
    };
  },
};

export const FIXTURE_RULES: readonly Rule[] = [toolShape, entityTags, members, uniqueNames];
