// §6.2.3: the `sse` transport is legacy; new implementations SHOULD use `streamable-http`.

import { isObject } from '../json-schema/values.js';
import { levels, type Rule } from '../rule.js';
import { exampleDocument } from './semantic-examples.js';

const rule: Rule = {
  id: 'mcpdesc.transport.legacy-sse',
  description: 'Prefer the streamable-http transport over the legacy sse transport.',
  specSection: '6.2.3',
  reusable: true,
  levels: levels('warning'),
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
    // 0.4.0 named the array `transport`; later versions `transports` (0.5.0 changelog).
    const key = context.version === '0.4.0' ? 'transport' : 'transports';
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
