// The Capabilities object (§8.2, §8.3): typed members, open to unknown ones (§8.4 asks implementations
// to preserve them, so they are not findings). In 0.8.0 `capabilities` is a non-empty array of
// protocol-scoped Capabilities Objects (§8), closed apart from `x-` extensions, as are their `tools`,
// `resources` and `prompts` declarations; `tasks` has its fixed shape and `extensions` maps protocol
// extension identifiers (`prefix/name`) to settings objects (§8.4).
import type { Rule } from '../rule.js';
import { before080, levels } from '../rule.js';
import { atMember, BOOLEAN, closedObject, OPEN_OBJECT, openObject } from '../schema/blocks.js';
import { reportErrors } from '../schema/errors.js';
import type { StructuralRule } from '../schema/fragment.js';
import { EXTENSION_MAP, extensibleObject, nonEmptyArray, PROTOCOL_SCOPE } from '../schema/mcp.js';
import { fragmentHandle } from '../schema/validators.js';
import { exampleDocument, exampleDocument080 } from './semantic-examples.js';

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

const CAPABILITIES_080 = nonEmptyArray(
  extensibleObject({
    protocolVersions: PROTOCOL_SCOPE,
    tools: extensibleObject({ listChanged: BOOLEAN }),
    resources: extensibleObject({ subscribe: BOOLEAN, listChanged: BOOLEAN }),
    prompts: extensibleObject({ listChanged: BOOLEAN }),
    completions: OPEN_OBJECT,
    logging: OPEN_OBJECT,
    tasks: closedObject({
      list: OPEN_OBJECT,
      cancel: OPEN_OBJECT,
      requests: closedObject({ tools: closedObject({ call: OPEN_OBJECT }) }),
    }),
    extensions: EXTENSION_MAP,
    experimental: OPEN_OBJECT,
  }),
);

const FRAGMENT = fragmentHandle(ID, 'capabilities');

const rule: StructuralRule = {
  id: ID,
  description: 'The capabilities object types its defined members; unknown members are allowed.',
  specSection: '8.2',
  levels: levels('error'),
  fragments: (version) => ({ capabilities: version === '0.8.0' ? CAPABILITIES_080 : CAPABILITIES }),
  screen: { schema: () => atMember('capabilities', CAPABILITIES), covers: before080 },
  examples: {
    valid: [
      {
        description: '0.8.0: protocol-scoped objects, extensions and x- members',
        document: exampleDocument080({
          protocolVersions: ['2025-11-25', '2026-07-28'],
          capabilities: [
            {
              protocolVersions: ['2025-11-25'],
              tools: { listChanged: true, 'x-budget': 5 },
              tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
              completions: {},
              'x-source': 'curated',
            },
            { protocolVersions: ['2026-07-28'], extensions: { 'io.modelcontextprotocol/tasks': {} } },
          ],
        }),
      },
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
        description: '0.8.0: an object instead of an array, then an empty array',
        document: exampleDocument080({ capabilities: { tools: { listChanged: true } } }),
        diagnostics: [{ pointer: '/capabilities', severity: 'error' }],
      },
      {
        description:
          '0.8.0: unknown members, extension identifiers without a prefix, an empty extensions map',
        document: exampleDocument080({
          capabilities: [
            { tools: { listChanged: true, refresh: 5 }, sampling: {} },
            { extensions: { 'missing-prefix': {}, 'x-example-policy': {}, 'io.example/ok': {} } },
            { extensions: {}, tasks: { requests: { prompts: {} } } },
          ],
        }),
        diagnostics: [
          { pointer: '/capabilities/0/sampling', severity: 'error' },
          { pointer: '/capabilities/0/tools/refresh', severity: 'error' },
          { pointer: '/capabilities/1/extensions/missing-prefix', severity: 'error' },
          { pointer: '/capabilities/1/extensions/x-example-policy', severity: 'error' },
          { pointer: '/capabilities/2/tasks/requests/prompts', severity: 'error' },
          { pointer: '/capabilities/2/extensions', severity: 'error' },
        ],
      },
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
        if (errors !== null) {
          reportErrors(
            context.report,
            errors,
            ['capabilities'],
            '"capabilities"',
            (i) => `Capabilities object ${i}`,
          );
        }
      },
    };
  },
};

export default rule satisfies Rule;
