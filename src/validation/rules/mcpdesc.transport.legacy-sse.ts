// §6.2.3: the `sse` transport is legacy; new implementations SHOULD use `streamable-http`. In 0.8.0 it
// is the remote transport of MCP 2024-11-05, and validators SHOULD warn when it applies to MCP
// 2025-03-26 or later (where Streamable HTTP is standard): not for a transport scoped to 2024-11-05.

import { isObject } from '../json-schema/values.js';
import {
  describeScope,
  effectiveScope,
  NO_REVISIONS,
  type Scope,
  scopeOf,
  since,
} from '../protocol/revisions.js';
import { levels, type Rule } from '../rule.js';
import { atMember } from '../schema/blocks.js';
import { exampleDocument, exampleDocument080 } from './semantic-examples.js';

const MODERN = since('2025-03-26');

const rule: Rule = {
  id: 'mcpdesc.transport.legacy-sse',
  description: 'Prefer the streamable-http transport over the legacy sse transport.',
  specSection: '6.2.3',
  levels: levels('warning'),
  // No `sse` transport at all: sound in every version (0.8.0 warns only for some scopes).
  screen: {
    schema: (version) =>
      atMember(version === '0.4.0' ? 'transport' : 'transports', {
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
        description: '0.8.0: sse applying to MCP 2025-03-26',
        document: exampleDocument080({
          protocolVersions: ['2024-11-05', '2025-03-26'],
          transports: [
            { type: 'sse', url: 'https://example.com/sse', protocolVersions: ['2024-11-05'] },
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
    const scoped = context.version === '0.8.0';
    let root: Scope = NO_REVISIONS;
    return {
      start() {
        if (scoped) root = scopeOf(context.declaredProtocolVersions);
      },
      member(name, value) {
        if (name !== key || !Array.isArray(value)) return;
        for (let i = 0; i < value.length; i++) {
          const transport = value[i];
          if (!isObject(transport) || !Object.hasOwn(transport, 'type') || transport.type !== 'sse') continue;
          if (!scoped) {
            context.report(
              [key, i, 'type'],
              `"type" is the legacy "sse" transport; expected "streamable-http" for new servers (sse is kept only for backward compatibility)`,
            );
            continue;
          }
          const modern = effectiveScope(transport, root) & MODERN;
          if (modern === NO_REVISIONS) continue;
          context.report(
            [key, i, 'type'],
            `"type" is the legacy "sse" transport (the remote transport of MCP 2024-11-05); for ${describeScope(modern)} the standard remote transport is "streamable-http"`,
          );
        }
      },
    };
  },
};

export default rule;
