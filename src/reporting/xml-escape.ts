// Escaping for the XML reports (JUnit, Checkstyle). Messages quote document content (tool names, file
// names), which is untrusted: it must stay character data, and characters XML 1.0 cannot carry at all
// (most C0 controls, lone surrogates, U+FFFE/U+FFFF) would make the whole report unreadable to a parser.

// Characters XML 1.0 cannot carry at all, not even as references.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** `text` as XML character data: markup escaped, what XML cannot carry written as a visible `\uXXXX`. */
export function xmlText(text: string): string {
  return text
    .replace(NOT_XML, (c) => `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/**
 * `text` as a double-quoted attribute value. Newlines and tabs as character references: a parser
 * normalises literal ones in an attribute to spaces, and the message would lose its lines.
 */
export function xmlAttr(text: string): string {
  return xmlText(text)
    .replaceAll('"', '&quot;')
    .replaceAll('\n', '&#10;')
    .replaceAll('\r', '&#13;')
    .replaceAll('\t', '&#9;');
}
