// A small, strict XML 1.0 reader for the tests of the XML reports: it accepts only well-formed documents
// (one root, balanced tags, quoted and unique attributes, valid references, only characters XML can
// carry) and returns the element tree with attribute values decoded as a conforming parser decodes them.
// Enough for the reports' flat documents; no DTD, namespaces or CDATA (the reports write none).

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** Character data directly inside the element, decoded. */
  text: string;
}

const NAME = /[A-Za-z_:][\w.:-]*/y;
const SPACE = /[ \t\r\n]*/y;
// Characters XML 1.0 allows in a document at all.
const ALLOWED = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;
const PREDEFINED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export class XmlError extends Error {}

/** Decode references in character data or an attribute value; refuses a bare `&` and a `<`. */
function decode(raw: string, where: string): string {
  if (raw.includes('<')) throw new XmlError(`a raw '<' in ${where}`);
  return raw.replace(/&([^;]*);|&/g, (whole, ref: string | undefined) => {
    if (ref === undefined) throw new XmlError(`a bare '&' in ${where}`);
    if (Object.hasOwn(PREDEFINED, ref)) return PREDEFINED[ref]!;
    const code = /^#x[0-9a-fA-F]+$/.test(ref)
      ? Number.parseInt(ref.slice(2), 16)
      : /^#[0-9]+$/.test(ref)
        ? Number(ref.slice(1))
        : Number.NaN;
    if (!Number.isInteger(code) || code > 0x10ffff)
      throw new XmlError(`an unknown reference ${whole} in ${where}`);
    const char = String.fromCodePoint(code);
    if (!ALLOWED.test(char) || (code >= 0xd800 && code <= 0xdfff))
      throw new XmlError(`${whole} names a character XML cannot carry, in ${where}`);
    return char;
  });
}

export function parseXml(xml: string): XmlElement {
  if (!ALLOWED.test(xml)) throw new XmlError('the document holds a character XML cannot carry');
  let i = 0;
  const skipSpace = () => {
    SPACE.lastIndex = i;
    SPACE.exec(xml);
    i = SPACE.lastIndex;
  };
  const name = (): string => {
    NAME.lastIndex = i;
    const m = NAME.exec(xml);
    if (!m) throw new XmlError(`a name expected at ${i}`);
    i = NAME.lastIndex;
    return m[0];
  };
  if (xml.startsWith('<?xml')) {
    const end = xml.indexOf('?>');
    if (end < 0) throw new XmlError('an unterminated XML declaration');
    if (!/^<\?xml version="1\.0"( encoding="[A-Za-z0-9._-]+")?\?>$/.test(xml.slice(0, end + 2)))
      throw new XmlError(`a malformed XML declaration: ${xml.slice(0, end + 2)}`);
    i = end + 2;
  }
  const element = (): XmlElement => {
    if (xml[i] !== '<') throw new XmlError(`'<' expected at ${i}`);
    i++;
    const el: XmlElement = { name: name(), attributes: {}, children: [], text: '' };
    for (;;) {
      const before = i;
      skipSpace();
      if (xml.startsWith('/>', i)) {
        i += 2;
        return el;
      }
      if (xml[i] === '>') {
        i++;
        break;
      }
      if (i === before) throw new XmlError(`white space expected before an attribute at ${i}`);
      const attr = name();
      skipSpace();
      if (xml[i] !== '=') throw new XmlError(`'=' expected after ${attr}`);
      i++;
      skipSpace();
      const quote = xml[i];
      if (quote !== '"' && quote !== "'") throw new XmlError(`a quoted value expected for ${attr}`);
      const end = xml.indexOf(quote, i + 1);
      if (end < 0) throw new XmlError(`an unterminated value for ${attr}`);
      if (Object.hasOwn(el.attributes, attr)) throw new XmlError(`${attr} given twice on <${el.name}>`);
      // Attribute-value normalisation: literal white space characters become spaces.
      el.attributes[attr] = decode(xml.slice(i + 1, end).replace(/[\t\n\r]/g, ' '), `${el.name}@${attr}`);
      i = end + 1;
    }
    for (;;) {
      const lt = xml.indexOf('<', i);
      if (lt < 0) throw new XmlError(`<${el.name}> is never closed`);
      const text = xml.slice(i, lt);
      if (text.includes(']]>')) throw new XmlError(`']]>' in the text of <${el.name}>`);
      el.text += decode(text, `the text of <${el.name}>`);
      i = lt;
      if (xml.startsWith('</', i)) {
        i += 2;
        const closing = name();
        if (closing !== el.name) throw new XmlError(`</${closing}> closes <${el.name}>`);
        skipSpace();
        if (xml[i] !== '>') throw new XmlError(`'>' expected after </${closing}`);
        i++;
        return el;
      }
      if (xml.startsWith('<!--', i)) {
        const end = xml.indexOf('-->', i + 4);
        if (end < 0) throw new XmlError('an unterminated comment');
        i = end + 3;
        continue;
      }
      el.children.push(element());
    }
  };
  skipSpace();
  const root = element();
  skipSpace();
  if (i !== xml.length) throw new XmlError(`content after the root element at ${i}`);
  return root;
}
