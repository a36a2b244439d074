// MCP-reserved `_meta` keys and extension identifiers (§3.5, §8.4). A prefix whose second label is
// `modelcontextprotocol` or `mcp` (`io.modelcontextprotocol/…`, `dev.mcp/…`) is reserved for MCP.
//
// Catalogue (validator metadata, §8.4): the reserved names the 0.8.0 specification itself uses,
// as of its release on 2026-09-09 — `_meta` keys `progressToken` (request metadata) and
// `io.modelcontextprotocol/serverInfo` (an Implementation, on results; §9.3, §10.4.4), and the official
// protocol extensions `io.modelcontextprotocol/tasks` and `io.modelcontextprotocol/ui`.

export function hasReservedPrefix(key: string): boolean {
  const slash = key.indexOf('/');
  if (slash <= 0) return false;
  const labels = key.slice(0, slash).split('.');
  return labels.length >= 2 && (labels[1] === 'modelcontextprotocol' || labels[1] === 'mcp');
}

export const SERVER_INFO = 'io.modelcontextprotocol/serverInfo';
export const PROGRESS_TOKEN = 'progressToken';

/** Reserved `_meta` keys the catalogue knows (no unknown-key warning for these). */
export const KNOWN_META_KEYS: ReadonlySet<string> = new Set([SERVER_INFO, PROGRESS_TOKEN]);

/** Official MCP protocol extensions the catalogue knows. */
export const KNOWN_EXTENSIONS: ReadonlySet<string> = new Set([
  'io.modelcontextprotocol/tasks',
  'io.modelcontextprotocol/ui',
]);
