// RFC 3986 URIs for ES modules; the grammar is CommonJS (uri-grammar.cts) so the generated standalone
// validators can `require` it too.
import grammar from './uri-grammar.cjs';

export const { uriProblem, formats } = grammar;
