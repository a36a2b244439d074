// The Capabilities object (§8.2, §8.3): typed members, open to unknown ones (§8.4 asks implementations
// to preserve them, so they are not findings).
import type { Rule } from '../rule.js';
import { levels } from '../rule.js';
import { atMember, BOOLEAN, OPEN_OBJECT, openObject } from '../schema/blocks.js';
import { reportErrors } from '../schema/errors.js';
import type { StructuralRule } from '../schema/fragment.js';
import { fragmentHandle } from '../schema/validators.js';
import { exampleDocument } from './semantic-examples.js';

const ID = 'mcpdesc.capabilities.members';

const CAPABILITIES = openObject({
  tools: openObject({ listChanged: BOOLEAN }),
  resources: openObject({ subscribe: BOOLEAN, listChanged: BOOLEAN }),
  prompts: openObject({ listChanged: BOOLEAN }),
  completions: OPEN_OBJECT,
  logging: OPEN_OBJECT,
  tasks: openObject({
    list: OPEN_OBJECT,
    cancel: OPEN_OBJECT,
    requests: openObject({ tools: openObject({ call: OPEN_OBJECT }) }),
  }),
  experimental: OPEN_OBJECT,
});

const FRAGMENT = fragmentHandle(ID, 'capabilities');

const rule: StructuralRule = {
  id: ID,
  description: 'The capabilities object types its defined members; unknown members are allowed.',
  specSection: '8.2',
  levels: levels('error'),
  fragments: () => ({ capabilities: CAPABILITIES }),
  screen: { schema: () => atMember('capabilities', CAPABILITIES) },
  examples: {
    valid: [
      {
        description: 'the spec example plus tasks and an unknown capability',
        document: exampleDocument({
          capabilities: {
            tools: { listChanged: true },
            resources: { subscribe: true, listChanged: true },
            prompts: { listChanged: false },
            completions: {},
            logging: {},
            tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
            sampling: { anything: 1 },
          },
        }),
      },
    ],
    invalid: [
      {
        description: 'a string flag and a boolean where an object is expected',
        document: exampleDocument({
          capabilities: { tools: { listChanged: 'yes' }, logging: true, tasks: { requests: { tools: [] } } },
        }),
        diagnostics: [
          { pointer: '/capabilities/tools/listChanged', severity: 'error' },
          { pointer: '/capabilities/logging', severity: 'error' },
          { pointer: '/capabilities/tasks/requests/tools', severity: 'error' },
        ],
      },
      {
        description: 'capabilities is an array',
        document: exampleDocument({ capabilities: [] }),
        diagnostics: [{ pointer: '/capabilities', severity: 'error' }],
      },
    ],
  },
  create(context) {
    const fragment = FRAGMENT.get(context.version);
    if (fragment === null) return {};
    return {
      member(key, value) {
        if (key !== 'capabilities') return;
        const errors = fragment.check(value);
        if (errors !== null) reportErrors(context.report, errors, ['capabilities'], '"capabilities"');
      },
    };
  },
};

export default rule satisfies Rule;
