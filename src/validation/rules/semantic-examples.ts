// Building blocks for the rules' catalogue examples (semantic and structural): a minimal valid 0.7.0
// document that each example extends with (or overrides by) the members it is about.
import type { JsonObject } from '../json-schema/values.js';

export function exampleDocument(members: JsonObject = {}): JsonObject {
  return {
    mcpdesc: '0.7.0',
    info: { name: 'example-server', version: '1.0.0' },
    transports: [{ type: 'stdio', command: 'example-server' }],
    tools: [{ name: 'echo', inputSchema: { type: 'object' } }],
    ...members,
  };
}

export function exampleTool(members: JsonObject = {}): JsonObject {
  return { name: 'echo', inputSchema: { type: 'object' }, ...members };
}

/** A minimal valid 0.8.0 document (one tool, MCP 2026-07-28) for the 0.8.0 examples to extend. */
export function exampleDocument080(members: JsonObject = {}): JsonObject {
  return {
    mcpdesc: '0.8.0',
    info: { name: 'example-server', version: '1.0.0' },
    protocolVersions: ['2026-07-28'],
    tools: [{ name: 'echo', inputSchema: { type: 'object' } }],
    ...members,
  };
}
