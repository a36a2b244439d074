// Escaping for the HTML report. Document content (file names, tool names quoted in messages, declared
// versions, rule ids from a stored report) is untrusted: as HTML text it must stay text, and inside a
// <script> block it must not be able to end the block or open a comment that changes where it ends.

// C0 and C1 controls (tab and newline aside): not allowed as text by the HTML standard, and invisible.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
// Lone surrogates cannot be encoded as UTF-8: the page would carry U+FFFD in their place anyway.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** `text` as HTML text or a quoted attribute value: markup characters escaped, controls made visible. */
export function htmlText(text: string): string {
  return text
    .replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(LONE_SURROGATE, '\ufffd')
    .replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

// Inside <script>, `</script` ends the block and `<!--` can start an escaped run that swallows it; a
// JSON string never needs a literal `<` or `>`, so each is written as \u003c / \u003e. U+2028 and
// U+2029 are valid in JSON but ended a JavaScript string before ES2019; escaped too, for any reader.
const SCRIPT_UNSAFE = /[<>\u2028\u2029]/g;

/** `value` as JSON that can sit inside a <script> element (JSON.parse of the element's text gives it back). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    SCRIPT_UNSAFE,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
