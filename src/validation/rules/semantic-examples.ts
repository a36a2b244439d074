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
