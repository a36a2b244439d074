// Names that are also Object.prototype members ("__proto__", "constructor", "toString") are ordinary
// names: as tags, as member names of open objects, as unknown members of closed ones. No crash, no
// pollution, the same findings as any other name.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { validateDocument } from '../../../../src/validation/engine.js';
import { structural } from './structural-ids.js';

const NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];
const options = { target: null, ruleLevels: {}, maxDiagnostics: 1000 };

/** Parse, as a real document would be: JSON.parse makes "__proto__" an own member. */
const parse = (text: string): unknown => JSON.parse(text);
const found = (doc: unknown) =>
  structural(validateDocument(doc, options).diagnostics).map((d) => `${d.ruleId} ${d.pointer}`);

describe('prototype member names', () => {
  for (const name of NAMES) {
    it(`"${name}" as a declared and referenced tag is clean`, () => {
      const doc = parse(`{
        "mcpdesc": "0.7.0",
        "info": {"name": "a", "version": "1"},
        "transports": [{"type": "stdio", "command": "a", "env": {"${name}": "x"}}],
        "capabilities": {"${name}": {}, "experimental": {"${name}": 1}},
        "tools": [{"name": "${name}", "tags": ["${name}"], "annotations": {"${name}": true},
                   "_meta": {"${name}": null}}],
        "tags": [{"name": "${name}"}]
      }`);
      assert.deepEqual(found(doc), []);
    });

    it(`"${name}" as an unknown member of a closed object is reported like any name`, () => {
      const doc = parse(`{
        "mcpdesc": "0.7.0",
        "info": {"name": "a", "version": "1", "${name}": 1},
        "transports": [{"type": "stdio", "command": "a"}],
        "tools": [{"name": "t", "${name}": {}}, {"name": "u", "tags": ["${name}", "${name}"]}],
        "${name}": []
      }`);
      assert.deepEqual(found(doc), [
        `mcpdesc.info.members /info/${name}`,
        `mcpdesc.tool.members /tools/0/${name}`,
        'mcpdesc.entity-tags.shape /tools/1/tags/1',
        `mcpdesc.root.members /${name}`,
      ]);
    });
  }

  it('leave Object.prototype untouched', () => {
    const doc = parse(
      '{"mcpdesc":"0.7.0","info":{"name":"a","version":"1"},"transports":[{"type":"stdio","command":"a"}],' +
        '"tools":[{"name":"t","__proto__":{"polluted":true}}],"__proto__":{"polluted":true}}',
    );
    validateDocument(doc, options);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });
});
