// §6.2.3: the `sse` transport is legacy; new implementations SHOULD use `streamable-http`.

import type { SpecVersion } from '../../types.js';
import { isObject } from '../json-schema/values.js';
import { levels, type Rule } from '../rule.js';
import { atMember } from '../schema/blocks.js';
import { exampleDocument } from './semantic-examples.js';

/** 0.4.0 named the array `transport`; later versions `transports` (0.5.0 changelog). */
function transportsKeyOf(version: SpecVersion | null): string {
  return version === '0.4.0' ? 'transport' : 'transports';
}

const rule: Rule = {
  id: 'mcpdesc.transport.legacy-sse',
  description: 'Prefer the streamable-http transport over the legacy sse transport.',
  specSection: '6.2.3',
  levels: levels('warning'),
  screen: {
    schema: (version) =>
      atMember(transportsKeyOf(version), {
        items: { not: { type: 'object', required: ['type'], properties: { type: { const: 'sse' } } } },
      }),
  },
  examples: {
    valid: [
      {
        description: 'streamable-http and stdio',
        document: exampleDocument({
          transports: [
            { type: 'streamable-http', url: 'https://example.com/mcp' },
            { type: 'stdio', command: 'example-server' },
          ],
        }),
      },
    ],
    invalid: [
      {
        description: 'an sse transport next to streamable-http',
        document: exampleDocument({
          transports: [
            { type: 'streamable-http', url: 'https://example.com/mcp' },
            { type: 'sse', url: 'https://example.com/sse' },
          ],
        }),
        diagnostics: [{ pointer: '/transports/1/type', severity: 'warning' }],
      },
      {
        description: 'the singular transport array of 0.4.0',
        document: {
          mcpdesc: '0.4.0',
          info: { name: 'example-server', version: '1.0.0' },
          transport: [{ type: 'sse', url: 'https://example.com/sse' }],
          tools: [{ name: 'echo', inputSchema: { type: 'object' } }],
        },
        diagnostics: [{ pointer: '/transport/0/type', severity: 'warning' }],
      },
    ],
  },
  create(context) {
    const key = transportsKeyOf(context.version);
    return {
      member(name, value) {
        if (name !== key || !Array.isArray(value)) return;
        for (let i = 0; i < value.length; i++) {
          const transport = value[i];
          if (isObject(transport) && Object.hasOwn(transport, 'type') && transport.type === 'sse') {
            context.report(
              [key, i, 'type'],
              `"type" is the legacy "sse" transport; expected "streamable-http" for new servers (sse is kept only for backward compatibility)`,
            );
          }
        }
      },
    };
  },
};

export default rule;
