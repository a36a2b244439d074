// RFC 6570 URI Template syntax (levels 1–4), checked without expanding anything. One linear pass:
// literals, `{` operator? varspec ("," varspec)* `}`, where varspec = varname (":" max-length | "*")?.
// Returns the first error with its 0-based character offset, or null when the template parses.

export interface UriTemplateError {
  /** 0-based offset of the offending character in the template. */
  index: number;
  message: string;
}

// RFC 6570 §2.2: operators of levels 2–4, and the ones reserved for future extensions.
const OPERATORS = new Set(['+', '#', '.', '/', ';', '?', '&']);
const RESERVED_OPERATORS = new Set(['=', ',', '!', '@', '|']);

function isHex(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);
}

function isAlphaNum(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

/**
 * RFC 6570 §2.1 literals: any Unicode character except controls, space and `"'%<>\^`{|}`; `%` only as
 * a pct-encoded triplet. (`{` and `}` are handled by the caller.)
 */
function literalProblem(code: number): string | null {
  if (code <= 0x20 || code === 0x7f) return code === 0x20 ? 'a space' : 'a control character';
  if (
    code === 0x22 ||
    code === 0x27 ||
    code === 0x3c ||
    code === 0x3e ||
    code === 0x5c ||
    code === 0x5e ||
    code === 0x60 ||
    code === 0x7c
  ) {
    return JSON.stringify(String.fromCharCode(code));
  }
  return null;
}

function pctAt(template: string, i: number): boolean {
  return isHex(template.charCodeAt(i + 1)) && isHex(template.charCodeAt(i + 2));
}

export function parseUriTemplate(template: string): UriTemplateError | null {
  const n = template.length;
  let i = 0;
  while (i < n) {
    const code = template.charCodeAt(i);
    if (code === 0x7b /* { */) {
      const error = parseExpression(template, i);
      if (typeof error !== 'number') return error;
      i = error;
      continue;
    }
    if (code === 0x7d /* } */) return { index: i, message: 'has "}" without a matching "{"' };
    if (code === 0x25 /* % */) {
      if (!pctAt(template, i))
        return { index: i, message: 'has "%" that does not start a %XX percent-encoding' };
      i += 3;
      continue;
    }
    const problem = literalProblem(code);
    if (problem !== null)
      return { index: i, message: `has ${problem}, which is not allowed outside an expression` };
    i++;
  }
  return null;
}

/** Parse `{...}` starting at `start`; returns the offset after `}` or an error. */
function parseExpression(template: string, start: number): number | UriTemplateError {
  let i = start + 1;
  const close = template.indexOf('}', i);
  if (close === -1) return { index: start, message: 'has an expression "{" that is never closed by "}"' };
  if (i === close) return { index: start, message: 'has an empty expression "{}"' };
  const op = template[i]!;
  if (RESERVED_OPERATORS.has(op)) {
    return { index: i, message: `uses operator "${op}", which RFC 6570 reserves for future extensions` };
  }
  if (OPERATORS.has(op)) i++;
  for (;;) {
    // varname = varchar *( ["."] varchar ), varchar = ALPHA / DIGIT / "_" / pct-encoded
    const nameStart = i;
    let lastDot = false;
    while (i < close) {
      const code = template.charCodeAt(i);
      if (isAlphaNum(code) || code === 0x5f) {
        i++;
        lastDot = false;
      } else if (code === 0x25 && pctAt(template, i) && i + 2 < close) {
        i += 3;
        lastDot = false;
      } else if (code === 0x2e && i > nameStart && !lastDot) {
        i++;
        lastDot = true;
      } else {
        break;
      }
    }
    if (i === nameStart) {
      const found = i < close ? `"${template[i]}"` : 'nothing';
      return { index: i, message: `needs a variable name (letters, digits, "_", "." or %XX) at ${found}` };
    }
    if (lastDot) {
      return {
        index: i - 1,
        message: 'has a "." in a variable name that is not followed by a name character',
      };
    }
    const code = template.charCodeAt(i);
    if (code === 0x3a /* : */) {
      // prefix modifier: max-length = %x31-39 0*3DIGIT (1..9999)
      i++;
      const digitsStart = i;
      while (i < close && template.charCodeAt(i) >= 0x30 && template.charCodeAt(i) <= 0x39) i++;
      const digits = template.slice(digitsStart, i);
      if (digits.length === 0 || digits.length > 4 || digits[0] === '0') {
        return {
          index: digitsStart,
          message: 'has a prefix modifier ":" that needs a length from 1 to 9999',
        };
      }
    } else if (code === 0x2a /* * */) {
      i++;
    }
    if (i === close) return close + 1;
    if (template.charCodeAt(i) === 0x2c /* , */) {
      i++;
      continue;
    }
    return { index: i, message: `has "${template[i]}" where "," or "}" was expected in an expression` };
  }
}

/** A variable of an expression (RFC 6570 §2.3): its name, without operator or modifier. */
export interface TemplateVariable {
  name: string;
  explode: boolean;
}

export type TemplatePart = { literal: string } | { operator: string; variables: TemplateVariable[] };

/** A template's literals and expressions, in order; null when it does not parse. */
export function templateParts(template: string): TemplatePart[] | null {
  if (parseUriTemplate(template) !== null) return null;
  const parts: TemplatePart[] = [];
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{', i);
    if (open === -1) {
      parts.push({ literal: template.slice(i) });
      break;
    }
    if (open > i) parts.push({ literal: template.slice(i, open) });
    const close = template.indexOf('}', open);
    let body = template.slice(open + 1, close);
    const operator = OPERATORS.has(body[0]!) ? body[0]! : '';
    if (operator !== '') body = body.slice(1);
    const variables = body.split(',').map((spec) => {
      const explode = spec.endsWith('*');
      const name = spec.replace(/\*$/, '').replace(/:\d+$/, '');
      return { name, explode };
    });
    parts.push({ operator, variables });
    i = close + 1;
  }
  return parts;
}

/** The variable names of a template (§10.4.6: operators and modifiers do not change a name). */
export function templateVariables(template: string): Set<string> | null {
  const parts = templateParts(template);
  if (parts === null) return null;
  const names = new Set<string>();
  for (const part of parts) if ('variables' in part) for (const v of part.variables) names.add(v.name);
  return names;
}

// What an expansion of each operator can produce (RFC 6570 §3.2): simple and label/path/... expansions
// percent-encode reserved characters, `+` and `#` keep them; each adds its own separators.
const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~%,';
const RESERVED = ":/?#[]@!$&'()*+;=";
const EXPANSION_CHARS: Readonly<Record<string, string>> = {
  '': UNRESERVED,
  '+': UNRESERVED + RESERVED,
  '#': UNRESERVED + RESERVED,
  '.': `${UNRESERVED}.`,
  '/': `${UNRESERVED}/`,
  ';': `${UNRESERVED};=`,
  '?': `${UNRESERVED}?=&`,
  '&': `${UNRESERVED}&=`,
};

/** Expansions longer than this are not matched (the match is bounded work). */
const MAX_URI = 4096;

/**
 * Whether `uri` can be an expansion of `template` (RFC 6570): the literals in order, and between them
 * only characters the expressions there can produce. Lenient about where an operator's prefix goes, so
 * a false "no" cannot come from it. Null when the template does not parse or the URI is too long.
 */
export function matchesTemplate(template: string, uri: string): boolean | null {
  const parts = templateParts(template);
  if (parts === null || uri.length > MAX_URI) return null;
  // Adjacent expressions form one gap, of the union of their characters.
  const gaps: Array<{ literal: string } | { chars: Set<string> }> = [];
  for (const part of parts) {
    const last = gaps[gaps.length - 1];
    if ('literal' in part) gaps.push({ literal: part.literal });
    else if (last !== undefined && 'chars' in last)
      for (const c of EXPANSION_CHARS[part.operator]!) last.chars.add(c);
    else gaps.push({ chars: new Set(EXPANSION_CHARS[part.operator]) });
  }
  const failed = new Set<number>();
  const match = (g: number, i: number): boolean => {
    if (g === gaps.length) return i === uri.length;
    const key = g * (uri.length + 1) + i;
    if (failed.has(key)) return false;
    const gap = gaps[g]!;
    let ok = false;
    if ('literal' in gap) ok = uri.startsWith(gap.literal, i) && match(g + 1, i + gap.literal.length);
    else {
      // The gap ends where the next literal starts (or at the end); try each such place in reach.
      let end = i;
      while (end < uri.length && gap.chars.has(uri[end]!)) end++;
      for (let j = end; j >= i && !ok; j--) ok = match(g + 1, j);
    }
    if (!ok) failed.add(key);
    return ok;
  };
  return match(0, 0);
}
