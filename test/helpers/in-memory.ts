// Documents the library's tests hold in memory, each also written to a file for the CLI to compare.

/** JSON text with a syntax error on line 2, column 24: a missing comma (the README's example). */
export const BROKEN_JSON = '{"mcpdesc": "0.7.0",\n  "info": {"name": "x" "version": "1"}\n}\n';

/** A YAML document with one finding: a tool name with a space, its member on line 5, column 5. */
export const YAML_TOOL_NAME = [
  'mcpdesc: 0.7.0',
  'info: {name: weather, version: 1.0.0}',
  'transports: [{type: stdio, command: weather-server}]',
  'tools:',
  '  - name: get forecast',
  '    inputSchema: {type: object}',
  '',
].join('\n');
