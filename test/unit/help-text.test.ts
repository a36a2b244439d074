import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { helpWidth, wrapHelp } from '../../src/help-text.js';

const widest = (text: string) => Math.max(...text.split('\n').map((line) => line.length));

describe('wrapHelp', () => {
  it('keeps text that fits exactly as written', () => {
    const text = 'Usage: x [options]\n\nOptions:\n  -h, --help  show this help\n';
    assert.equal(wrapHelp(text, 80), text);
  });

  it('refills a paragraph that does not fit, keeping its words in order', () => {
    const paragraph = `${'word '.repeat(30).trim()}\nand a second line of it`;
    const wrapped = wrapHelp(paragraph, 40);
    assert.ok(widest(wrapped) <= 40, wrapped);
    assert.equal(wrapped.split(/\s+/).join(' '), paragraph.split(/\s+/).join(' '));
  });

  it('continues an option row under its description, not under its flags', () => {
    const row = '  -o, --output FILE  write the merged report to FILE (atomically) instead of stdout';
    assert.equal(
      wrapHelp(row, 60),
      '  -o, --output FILE  write the merged report to FILE\n                     (atomically) instead of stdout',
    );
  });

  it('keeps rows apart and takes a row continued on the next line as one', () => {
    const text = [
      '  0    no finding at or above --fail-on (baseline-suppressed findings never count), or',
      "       the run's own --exit-zero turned its 1 into 0",
      '  1    findings',
    ].join('\n');
    const wrapped = wrapHelp(text, 50).split('\n');
    assert.ok(wrapped.every((line) => line.length <= 50));
    assert.equal(wrapped.at(-1), '  1    findings');
    assert.ok(wrapped.slice(1, -1).every((line) => line.startsWith('       ') && line[7] !== ' '));
  });

  it('leaves a word longer than the width whole', () => {
    const long = 'x'.repeat(90);
    assert.equal(wrapHelp(`see ${long} here`, 80), `see\n${long}\nhere`);
  });
});

describe('helpWidth', () => {
  it("is a terminal's width, else 80", () => {
    assert.equal(helpWidth({ isTTY: true, columns: 132 }), 132);
    assert.equal(helpWidth({ isTTY: false, columns: 132 }), 80);
    assert.equal(helpWidth({}), 80);
    assert.equal(helpWidth(null), 80);
  });
});
