import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MESSAGE_LIMIT, safeMessage } from '../../../src/parsing/finding.js';

describe('parser messages', () => {
  it('escape control characters so output lines and terminals cannot be forged', () => {
    const message = safeMessage('bad \u001b[2J key\n{"type":"summary"}\u2028x\u0085');
    for (const c of message) {
      const code = c.charCodeAt(0);
      assert.ok(
        code >= 0x20 && !(code >= 0x7f && code <= 0x9f) && code !== 0x2028 && code !== 0x2029,
        message,
      );
    }
    assert.match(message, /\\u001b\[2J key\\u000a\{"type":"summary"\}\\u2028x\\u0085/);
  });

  it('cap their length', () => {
    assert.equal(safeMessage('x'.repeat(10_000)).length, MESSAGE_LIMIT + 1);
  });
});
