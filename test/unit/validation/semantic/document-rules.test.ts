import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { doc, found, messages, tool } from './helpers.js';

const NONEMPTY = 'mcpdesc.root.primitives-nonempty';
const SSE = 'mcpdesc.transport.legacy-sse';
const SECURITY = 'mcpdesc.security.scheme-conditional';
const TEMPLATE = 'mcpdesc.resource-template.uri-template';

describe('mcpdesc.root.primitives-nonempty', () => {
  it('warns once, at the first empty array, when every present primitive array is empty', () => {
    const document = doc({ prompts: [], tools: [], resources: [], resourceTemplates: [] });
    assert.deepEqual(found(document, NONEMPTY), ['/prompts warning']);
    assert.match(
      messages(document, NONEMPTY)[0]!,
      /"prompts", "tools", "resources", "resourceTemplates" are all empty/,
    );
  });

  it('is quiet when any primitive has an element, or is not an array', () => {
    assert.deepEqual(found(doc({ tools: [], resources: [{ name: 'r', uri: 'a:b' }] }), NONEMPTY), []);
    assert.deepEqual(found(doc({ tools: [], prompts: {} }), NONEMPTY), []);
  });

  it('leaves a document without any primitive to mcpdesc.root.primitives-present', () => {
    assert.deepEqual(found(doc(), NONEMPTY), []);
  });
});

describe('mcpdesc.transport.legacy-sse', () => {
  it('warns at the type of every sse transport', () => {
    const transports = [
      { type: 'sse', url: 'https://a/sse' },
      { type: 'stdio', command: 'x' },
      { type: 'sse', url: 'https://b/sse' },
    ];
    assert.deepEqual(found(doc({ transports, tools: [tool('t')] }), SSE), [
      '/transports/0/type warning',
      '/transports/2/type warning',
    ]);
  });

  it('reads the array under the name of the document version', () => {
    const sse = [{ type: 'sse', url: 'https://a/sse' }];
    assert.deepEqual(found(doc({ transport: sse }, '0.5.0'), SSE), []);
    assert.deepEqual(found({ ...doc({}, '0.4.0'), transports: sse }, SSE), []);
    assert.deepEqual(found({ ...doc({}, '0.4.0'), transport: sse }, SSE), ['/transport/0/type warning']);
  });
});

describe('mcpdesc.security.scheme-conditional', () => {
  it('reports each missing conditional member at the scheme', () => {
    const security = [
      { type: 'http', bearerFormat: 'JWT' },
      { type: 'apiKey', in: 'header' },
      { type: 'oauth2', flows: {} },
      { type: 'openIdConnect' },
    ];
    assert.deepEqual(found(doc({ security }), SECURITY), [
      '/security/0 error',
      '/security/1 error',
      '/security/3 error',
    ]);
    assert.deepEqual(messages(doc({ security }), SECURITY), [
      'security scheme of type "http" must have "scheme": an HTTP auth scheme such as "bearer" or "basic"',
      'security scheme of type "apiKey" must have "name": the header, query or cookie name of the key',
      'security scheme of type "openIdConnect" must have "openIdConnectUrl": the OpenID Connect discovery URL',
    ]);
  });

  it('checks transport-level security from 0.5.0 on', () => {
    const transports = [
      { type: 'streamable-http', url: 'https://a/mcp', security: [{ type: 'apiKey', name: 'k' }] },
    ];
    assert.deepEqual(found(doc({ transports }, '0.5.0'), SECURITY), ['/transports/0/security/0 error']);
    assert.deepEqual(found(doc({ transports }, '0.4.0'), SECURITY), []);
  });

  it('ignores unknown and inherited-property type names (mcpdesc.security.scheme-members owns them)', () => {
    const security = [
      { type: 'constructor' },
      { type: 'toString' },
      { type: '__proto__' },
      { type: 'basic' },
      {},
      'x',
    ];
    assert.deepEqual(found(doc({ security }), SECURITY), []);
  });
});

describe('mcpdesc.resource-template.uri-template', () => {
  it('reports the character position and the problem', () => {
    const resourceTemplates = [
      { name: 'ok', uriTemplate: 'repo://{owner}/{repo}/blob/{+path}' },
      { name: 'bad', uriTemplate: 'repo://{owner/{repo}' },
    ];
    assert.deepEqual(found(doc({ resourceTemplates }), TEMPLATE), ['/resourceTemplates/1/uriTemplate error']);
    assert.deepEqual(messages(doc({ resourceTemplates }), TEMPLATE), [
      '"uriTemplate" is not an RFC 6570 URI Template: at character 14 it has "/" where "," or "}" was expected in an expression',
    ]);
  });

  it('skips a missing or non-string uriTemplate (mcpdesc.resource-template.members reports it)', () => {
    assert.deepEqual(
      found(doc({ resourceTemplates: [{ name: 'a' }, { name: 'b', uriTemplate: 5 }] }), TEMPLATE),
      [],
    );
  });
});
