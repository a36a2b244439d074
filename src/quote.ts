// Document content quoted in messages, for parsing/ and validation/ alike (a leaf module both may
// import, like types.ts). Content is untrusted: it can be megabytes long (a quote of hostile content
// stays short) and hold control characters or line separators (JSON escaping keeps a message one line).

/** The default cap on a quoted value, in UTF-16 code units of the value. */
export const QUOTE_LIMIT = 80;

/**
 * Whether JSON.stringify would print `text` unchanged between quotes (printable ASCII, no `"` or `\`),
 * the common case. A loop, not a RegExp: names are short and a regex call cost more than the scan.
 */
export function isPlain(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) return false;
  }
  return true;
}

/** The first `max` code units of `text`, one fewer rather than half a surrogate pair. */
function head(text: string, max: number): string {
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/**
 * `value` for a message: a string JSON-quoted (`"abc"`), anything else as JSON (`["a",1]`). Longer
 * than `max` (a string's characters, else the JSON text's), it is cut there and `…` marks the cut:
 * `"abc…"`, `["a",1…`. A string is cut before it is escaped, so no escape sequence is ever cut in two.
 */
export function quote(value: unknown, max: number = QUOTE_LIMIT): string {
  if (typeof value === 'string') {
    if (value.length <= max) return isPlain(value) ? `"${value}"` : JSON.stringify(value);
    return JSON.stringify(`${head(value, max)}…`);
  }
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    // Too deep to print: say what it is instead.
    text = `(${Array.isArray(value) ? 'array' : typeof value})`;
  }
  return text.length > max ? `${head(text, max)}…` : text;
}
