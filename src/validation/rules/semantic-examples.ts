// Building blocks for the semantic rules' catalogue examples: a minimal valid 0.7.0 document that each
// example extends with the members it is about.
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
