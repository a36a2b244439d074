// URI members of the schema fragments (§14.6 in 0.7.0, §15.6 in 0.8.0: URI values MUST conform to
// RFC 3986) are judged by the RFC 3986 grammar, in the runtime-compiled validators and in the generated
// standalone ones alike: a URI that breaks the grammar is an error of the rule that owns the member.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { validateDocument } from '../../../../src/validation/engine.js';
import { RULES } from '../../../../src/validation/rules/index.js';
import { exampleDocument, exampleDocument080 } from '../../../../src/validation/rules/semantic-examples.js';
import { compileRuntime, createAjv } from '../../../../src/validation/schema/ajv.js';
import { collectFragments } from '../../../../src/validation/schema/fragment.js';
import type { ValidateLike } from '../../../../src/validation/schema/validators.js';
import { setValidatorSource } from '../../../../src/validation/schema/validators.js';

/** RFC 3986 §1.1.2's examples, and other absolute URIs of every hier-part form. */
const VALID = [
  'ftp://ftp.is.co.za/rfc/rfc1808.txt',
  'http://www.ietf.org/rfc/rfc2396.txt',
  'ldap://[2001:db8::7]/c=GB?objectClass?one',
  'mailto:John.Doe@example.com',
  'news:comp.infosystems.www.servers.unix',
  'tel:+1-816-555-1212',
  'telnet://192.0.2.16:80/',
  'urn:oasis:names:specification:docbook:dtd:xml:4.1.2',
  'urn:isbn:0-395-36341-1',
  'file:///data/x',
  'mailto:a@b',
  'https://example.com',
  'https://example.com:8080/path?q=1&r=%2F#frag/ment?',
  'https://example.com:/',
  'https://user:pw@example.com/',
  'https://[::1]:443/',
  'https://[::ffff:192.0.2.1]/',
  'https://[v7.fe80::a+en1]/',
  'https://example.com/a%20b',
  'chess://leaderboard/classical',
  'tides:',
  'data:image/png;base64,iVBORw0KGgo=',
];

const INVALID = [
  'https://example.com:port/',
  'https://example.com:80:80/',
  'https://user@@host/',
  'https://example.com/a b',
  'https://example.com/%zz',
  'https://[2001:db8::1::2]/',
  'https://[::1/',
  'https://exa mple.com/',
  'https://example.com/#a#b',
  'https://example.com/<x>',
  '//example.com/relative',
  '/a/path',
  'docs/readme.md',
  '1http://example.com',
  '',
];

const options = { target: null, ruleLevels: {}, maxDiagnostics: 1000 };

function runtimeSource() {
  const { entries, manifest } = collectFragments(RULES);
  const fast = compileRuntime(entries, false) as Record<string, ValidateLike>;
  const all = compileRuntime(entries, true) as Record<string, ValidateLike>;
  return { manifest, fast, all: () => all };
}

describe('the uri format of the schema fragments', () => {
  for (const allErrors of [false, true]) {
    const validate = createAjv({ allErrors, standalone: false }).compile({ type: 'string', format: 'uri' });

    it(`accepts RFC 3986 URIs (${allErrors ? 'all errors' : 'first error'})`, () => {
      for (const uri of VALID) assert.equal(validate(uri), true, uri);
    });

    it(`rejects what breaks RFC 3986 (${allErrors ? 'all errors' : 'first error'})`, () => {
      for (const uri of INVALID) assert.equal(validate(uri), false, uri);
    });
  }
});

describe('a URI member that breaks RFC 3986', () => {
  after(() => setValidatorSource(null));
  const bad = ['https://example.com:port/', 'https://example.com:80:80/', 'https://user@@host/'];
  const documents = [
    ['0.7.0', (url: string) => exampleDocument({ transports: [{ type: 'streamable-http', url }] })],
    ['0.8.0', (url: string) => exampleDocument080({ transports: [{ type: 'streamable-http', url }] })],
  ] as const;

  for (const [source, install] of [
    ['generated', () => setValidatorSource(null)],
    ['runtime-compiled', () => setValidatorSource(runtimeSource())],
  ] as const) {
    for (const [version, document] of documents) {
      it(`is an error of mcpdesc.transport.members at the url in a ${version} document (${source} validators)`, () => {
        install();
        assert.deepEqual(
          validateDocument(document('https://example.com:8080/mcp'), options).diagnostics.filter(
            (d) => d.severity === 'error',
          ),
          [],
          'a valid url',
        );
        for (const url of bad) {
          const errors = validateDocument(document(url), options).diagnostics.filter(
            (d) => d.severity === 'error',
          );
          assert.deepEqual(
            errors.map((d) => [d.ruleId, d.pointer]),
            [['mcpdesc.transport.members', '/transports/0/url']],
            url,
          );
        }
      });
    }
  }
});
