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
