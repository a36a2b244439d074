// Lexical helpers shared by the JSON text scanners (whole-file locator, slice locator, tail probe,
// duplicate-name scan): one definition of JSON whitespace and of skipping a string of valid JSON.

/** JSON whitespace (RFC 8259 §2): space, line feed, carriage return, tab. */
export const isWs = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** The first offset at or after `i` that is not whitespace (or text.length). */
export function skipWs(text: string, i: number): number {
  const n = text.length;
  while (i < n && isWs(text.charCodeAt(i))) i++;
  return i;
}

/**
 * Offset just after the string whose opening quote is at `i`, in text already known to be valid JSON
 * (text.length if it does not end): the next quote not escaped by an odd run of backslashes.
 */
export function stringEnd(text: string, i: number): number {
  let j = text.indexOf('"', i + 1);
  while (j !== -1) {
    let backslashes = 0;
    while (text.charCodeAt(j - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return j + 1;
    j = text.indexOf('"', j + 1);
  }
  return text.length;
}
