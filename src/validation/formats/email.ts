// RFC 5322 §3.4.1 addr-spec, `local-part "@" domain`, without comments, folding white space outside
// quotes or the obsolete forms; non-ASCII characters are allowed where RFC 6532 allows them. Unlike
// ajv-formats' `email` (a common-case pattern), it accepts single-label domains (`admin@localhost`),
// quoted local parts (`"john doe"@example.com`) and domain literals (`ops@[192.0.2.1]`). Each part is
// a linear pattern: `.` is not an atext character, so a dot-atom cannot backtrack.

const ATEXT = "[A-Za-z0-9!#$%&'*+\\-/=?^_`{|}~\\u0080-\\uFFFF]";
const DOT_ATOM = `${ATEXT}+(?:\\.${ATEXT}+)*`;
/** qtext, quoted-pair and the white space a quoted string may hold. */
const QUOTED = '"(?:[\\t\\x20\\x21\\x23-\\x5B\\x5D-\\x7E\\u0080-\\uFFFF]|\\\\[\\t\\x20-\\x7E])*"';
/** dtext between brackets: an address literal such as `[192.0.2.1]` or `[IPv6:…]`. */
const LITERAL = '\\[[\\t\\x20-\\x5A\\x5E-\\x7E]*\\]';

const ADDRESS = new RegExp(`^(?:${DOT_ATOM}|${QUOTED})@(?:${DOT_ATOM}|${LITERAL})$`, 'u');

export function isAddress(value: string): boolean {
  return ADDRESS.test(value);
}
