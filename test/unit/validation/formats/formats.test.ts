// RFC 5322 addresses (addr-spec, without the obsolete forms) and RFC 3986 URIs, from their grammars.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isAddress } from '../../../../src/validation/formats/email.js';
import { uriProblem } from '../../../../src/validation/formats/uri.js';

describe('RFC 5322 addresses', () => {
  it('accept dot-atoms, quoted local parts, single-label domains and domain literals', () => {
    for (const address of [
      'chess@example.com',
      'admin@localhost',
      '"john doe"@example.com',
      '"a\\"b"@example.com',
      "o'hara+tides@harbour.example",
      'ops@[192.0.2.1]',
      'jürgen@müller.example',
    ]) {
      assert.ok(isAddress(address), address);
    }
  });

  it('reject what is not local@domain', () => {
    for (const address of [
      '',
      'not-an-email',
      '@example.com',
      'a@',
      'a@@example.com',
      'a b@example.com',
      '.a@example.com',
      'a..b@example.com',
      'a.@example.com',
      'a@example..com',
      'a@example.com.',
      '"unterminated@example.com',
      'a@[unterminated',
    ]) {
      assert.ok(!isAddress(address), address);
    }
  });
});

describe('RFC 3986 URIs', () => {
  it('accept absolute URIs of every hier-part form', () => {
    for (const uri of [
      'https://example.com',
      'https://example.com:8080/path?q=1#top',
      'https://user:pw@example.com/',
      'https://[2001:db8::1]:443/',
      'https://[::ffff:192.0.2.1]/',
      'https://[v7.fe80::a+en1]/',
      'https://192.0.2.1/',
      'https://example.com:/',
      'file:///data/games.pgn',
      'chess://leaderboard/classical',
      'urn:mcp:chess',
      'mailto:ops@example.com',
      'tides:',
      'https://example.com/a%20b',
    ]) {
      assert.equal(uriProblem(uri), null, uri);
    }
  });

  it('name what breaks the grammar', () => {
    const cases: Array<[string, RegExp]> = [
      ['https://example.com:port/', /port/],
      ['https://example.com:80:80/', /port/],
      ['https://user@@host/', /@/],
      ['the classical leaderboard', /scheme/],
      ['docs/readme.md', /scheme/],
      ['file:///data/my games.pgn', /" "/],
      ['https://example.com/a%2', /percent/],
      ['https://[2001:db8::1::2]/', /IPv6/],
      ['https://[fe80::1/', /\]/],
      ['1http://example.com', /scheme/],
      ['https://exa mple.com/', /" "/],
      ['https://example.com/#a#b', /"#"/],
    ];
    for (const [uri, why] of cases) {
      const problem = uriProblem(uri);
      assert.ok(problem !== null, `${uri} is accepted`);
      assert.match(problem, why, uri);
    }
  });
});
