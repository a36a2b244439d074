// RFC 3986 §3 `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]`, checked part by part so the
// answer can say which part is wrong. ajv-formats' `uri` pattern lets some authorities through that
// the grammar does not (`example.com:port`, `example.com:80:80`, `user@@host`). Percent-encodings
// must be complete; characters outside the grammar (a space, a second `#`) are named.
// CommonJS because the generated standalone validators `require` its `formats` (schema/ajv.ts);
// ES modules import it through formats/uri.ts.

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/;

/** The characters a part allows besides percent-encodings: each one alone, and the whole part at once. */
interface Chars {
  one: RegExp;
  all: RegExp;
}
function chars(set: string): Chars {
  return { one: new RegExp(`[${set}%]`), all: new RegExp(`^(?:[${set}]|%[0-9A-Fa-f]{2})*$`) };
}
/** pchar, "/" and "?": the characters of a path, query or fragment. */
const PATH_CHARS = chars("A-Za-z0-9\\-._~!$&'()*+,;=:@/?");
const USERINFO_CHARS = chars("A-Za-z0-9\\-._~!$&'()*+,;=:");
const REG_NAME_CHARS = chars("A-Za-z0-9\\-._~!$&'()*+,;=");
const HEX = /^[0-9A-Fa-f]{1,4}$/;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const IP_FUTURE = /^v[0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+$/;

function shown(char: string): string {
  return JSON.stringify(char);
}

/** The first character of `text` outside `allowed`, or a broken percent-encoding. */
function charsProblem(text: string, allowed: Chars, part: string): string | null {
  // One match for the usual valid part; the walk below only runs to name what is wrong.
  if (allowed.all.test(text)) return null;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (!allowed.one.test(char)) return `${shown(char)} is not allowed in the ${part}`;
    if (char === '%' && !/^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3)))
      return `"%" in the ${part} does not start a percent-encoding (two hex digits)`;
  }
  return null;
}

/** RFC 3986 IPv6address: eight hex groups, or fewer around one "::"; the last two may be an IPv4 address. */
function ipv6(address: string): boolean {
  let text = address;
  let groups = 8;
  const last = text.lastIndexOf(':');
  if (last !== -1 && text.slice(last + 1).includes('.')) {
    if (!IPV4.test(text.slice(last + 1))) return false;
    groups = 6;
    text = text.endsWith('::', last + 1) ? text.slice(0, last + 1) : text.slice(0, last);
  }
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const parts = halves.flatMap((half) => (half === '' ? [] : half.split(':')));
  if (parts.some((group) => !HEX.test(group))) return false;
  return halves.length === 2 ? parts.length < groups : parts.length === groups;
}

function hostProblem(host: string): string | null {
  if (host.startsWith('[')) {
    if (!host.endsWith(']')) return 'an IP literal opened with "[" is not closed with "]"';
    const literal = host.slice(1, -1);
    if (literal.startsWith('v') || literal.startsWith('V'))
      return IP_FUTURE.test(literal) ? null : `${shown(host)} is not a valid IPvFuture literal`;
    return ipv6(literal) ? null : `${shown(host)} is not a valid IPv6 address`;
  }
  return charsProblem(host, REG_NAME_CHARS, 'host');
}

function authorityProblem(authority: string): string | null {
  const at = authority.split('@');
  if (at.length > 2) return 'the authority has more than one "@" (user information ends at the first)';
  const hostPort = at[at.length - 1]!;
  if (at.length === 2) {
    const problem = charsProblem(at[0]!, USERINFO_CHARS, 'user information');
    if (problem !== null) return problem;
  }
  const close = hostPort.startsWith('[') ? hostPort.indexOf(']') : -1;
  const colon = hostPort.indexOf(':', close + 1);
  const host = colon === -1 ? hostPort : hostPort.slice(0, colon);
  if (hostPort.startsWith('[') && close === -1) return hostProblem(hostPort);
  const problem = hostProblem(host);
  if (problem !== null) return problem;
  if (colon !== -1 && !/^\d*$/.test(hostPort.slice(colon + 1)))
    return `the port ${shown(hostPort.slice(colon + 1))} is not a number`;
  return null;
}

/** Why `value` is not an RFC 3986 URI, or null when it is one. */
function uriProblem(value: string): string | null {
  const colon = value.indexOf(':');
  if (colon === -1 || !SCHEME.test(value.slice(0, colon)))
    return 'it does not start with a scheme (a letter, then letters, digits, "+", "-" or ".") and ":"';
  let rest = value.slice(colon + 1);
  const hash = rest.indexOf('#');
  if (hash !== -1) {
    const fragment = rest.slice(hash + 1);
    if (fragment.includes('#')) return '"#" is not allowed in the fragment';
    const problem = charsProblem(fragment, PATH_CHARS, 'fragment');
    if (problem !== null) return problem;
    rest = rest.slice(0, hash);
  }
  const question = rest.indexOf('?');
  if (question !== -1) {
    const problem = charsProblem(rest.slice(question + 1), PATH_CHARS, 'query');
    if (problem !== null) return problem;
    rest = rest.slice(0, question);
  }
  if (rest.startsWith('//')) {
    const slash = rest.indexOf('/', 2);
    const authority = slash === -1 ? rest.slice(2) : rest.slice(2, slash);
    const problem = authorityProblem(authority);
    if (problem !== null) return problem;
    rest = slash === -1 ? '' : rest.slice(slash);
  }
  return charsProblem(rest, PATH_CHARS, 'path');
}

/** Ajv formats of the schema fragments, by name: `uri` is the grammar above. */
const formats = { uri: (value: string): boolean => uriProblem(value) === null };

export = { uriProblem, formats };
