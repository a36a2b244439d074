// §14.6: email values SHOULD conform to RFC 5322. A SHOULD, so an address outside the grammar is a
// warning, not the structural error a JSON Schema `format: email` would make of it; and the grammar
// is RFC 5322's (formats/email.ts), so `admin@localhost` and `"john doe"@example.com` pass. Email
// values are the Contact object's `email` (§5.3) and, before 0.6.0, the legacy `metadata.authors`.
import { quote } from '../../quote.js';
import type { PathSegment } from '../../types.js';
import { isAddress } from '../formats/email.js';
import { isObject } from '../json-schema/values.js';
import { levels, type Rule, type RuleContext } from '../rule.js';
import { exampleDocument, exampleDocument080 } from './semantic-examples.js';

/** An owner's `email` when it is a string that is not an address. */
function badEmail(owner: unknown): string | undefined {
  if (!isObject(owner) || !Object.hasOwn(owner, 'email')) return undefined;
  const email = owner.email;
  return typeof email !== 'string' || isAddress(email) ? undefined : email;
}

/** Each owner of an `email` under a root member: the info's contact, the metadata's authors. */
function forEachOwner(
  key: string,
  value: unknown,
  visit: (path: PathSegment[], owner: unknown) => void,
): void {
  if (key === 'info' && isObject(value)) visit(['info', 'contact'], value.contact);
  if (key !== 'metadata' || !isObject(value) || !Array.isArray(value.authors)) return;
  value.authors.forEach((author: unknown, i) => {
    visit(['metadata', 'authors', i], author);
  });
}

function check(context: RuleContext, path: PathSegment[], owner: unknown): void {
  const email = badEmail(owner);
  if (email === undefined) return;
  context.report(
    [...path, 'email'],
    `"email" ${quote(email)} should be an RFC 5322 address (local-part@domain)`,
  );
}

const rule: Rule = {
  id: 'mcpdesc.email.address',
  description: 'Write email values as RFC 5322 addresses.',
  specSection: '14.6',
  levels: levels('warning'),
  screen: {
    test(document) {
      let clean = true;
      for (const key of ['info', 'metadata']) {
        if (!Object.hasOwn(document, key)) continue;
        forEachOwner(key, document[key], (_path, owner) => {
          if (badEmail(owner) !== undefined) clean = false;
        });
      }
      return clean;
    },
  },
  examples: {
    valid: [
      {
        description: 'a common address, a single-label domain, a quoted local part',
        document: exampleDocument({
          info: { name: 'a', version: '1.0.0', contact: { email: 'chess@example.com' } },
          metadata: { authors: [{ email: 'admin@localhost' }, { email: '"john doe"@example.com' }] },
          mcpdesc: '0.5.0',
        }),
      },
    ],
    invalid: [
      {
        description: 'no "@" (0.8.0)',
        document: exampleDocument080({
          info: { name: 'a', version: '1.0.0', contact: { email: 'chess.example.com' } },
        }),
        diagnostics: [{ pointer: '/info/contact/email', severity: 'warning' }],
      },
      {
        description: 'an author address with two @ (0.5.0)',
        document: exampleDocument({
          mcpdesc: '0.5.0',
          metadata: { authors: [{ name: 'x', email: 'a@@b' }] },
        }),
        diagnostics: [{ pointer: '/metadata/authors/0/email', severity: 'warning' }],
      },
    ],
  },
  create(context) {
    return {
      member(key, value) {
        forEachOwner(key, value, (path, owner) => check(context, path, owner));
      },
    };
  },
};

export default rule;
