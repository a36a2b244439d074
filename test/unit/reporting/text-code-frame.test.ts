import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { FRAME_WIDTH, frameRequests, readExcerpts, renderFrame } from '../../../src/reporting/code-frame.js';
import { displayWidth } from '../../../src/reporting/output.js';

const dir = mkdtempSync(join(tmpdir(), 'code-frame-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const none = { gutter: (s: string) => s, marker: (s: string) => s };

function file(name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

describe('code frames', () => {
  it('keeps a bounded window of a very long line around the column', async () => {
    // One 300,000-character line (a minified document): the frame shows 100 characters, not the line.
    const line = `${'a'.repeat(150_000)}X${'b'.repeat(149_999)}`;
    const path = file('minified.json', `${line}\n`);
    const excerpts = await readExcerpts(path, frameRequests(1, 150_001));
    const frame = renderFrame(excerpts, 1, 150_001, none)!;
    const [text, caret] = frame.split('\n');
    assert.ok(text!.length < FRAME_WIDTH + 20, `frame line is ${text!.length} characters`);
    assert.equal(text![caret!.indexOf('^')], 'X');
    assert.ok(text!.includes('…a') && text!.endsWith('b…'));
  });

  it('reads gzip-compressed files', async () => {
    const path = file('doc.json.gz', gzipSync('{\n  "tools": 1\n}\n'));
    const frame = renderFrame(await readExcerpts(path, frameRequests(2, 3), { gzip: true }), 2, 3, none);
    assert.equal(frame, ['    1 | {', '  > 2 |   "tools": 1', '      |   ^', '    3 | }'].join('\n'));
  });

  it('underlines a span that ends on its line, up to its exclusive end column', async () => {
    const path = file('span.json', '{\n  "name": "a b",\n  "x": 1\n}\n');
    // `"name": "a b"`: columns 3 to 16 (exclusive), 13 characters.
    const excerpts = await readExcerpts(path, frameRequests(2, 3));
    const frame = renderFrame(excerpts, 2, 3, none, 16)!;
    const [, target, marker] = frame.split('\n');
    assert.equal(target, '  > 2 |   "name": "a b",');
    assert.equal(marker, `      |   ^${'~'.repeat(12)}`);
    // An empty span (the end of input) still gets its caret.
    assert.equal(renderFrame(excerpts, 2, 3, none, 3)!.split('\n')[2], '      |   ^');
  });

  it('handles CRLF, a missing final newline and a line past the end', async () => {
    const path = file('crlf.json', '{\r\n  "a": 1\r\n}');
    const excerpts = await readExcerpts(path, [...frameRequests(3, 1), { line: 9, from: 1 }]);
    assert.equal(excerpts.get('3:1')?.text, '}');
    assert.equal(excerpts.get('2:1')?.text, '  "a": 1');
    assert.equal(excerpts.has('4:1'), false);
    assert.equal(excerpts.has('9:1'), false);
    assert.equal(renderFrame(excerpts, 9, 1, none), null);
  });

  it('does not invent a line after a final newline', async () => {
    const path = file('nl.json', '{}\n');
    const excerpts = await readExcerpts(path, frameRequests(1, 1));
    assert.deepEqual([...excerpts.keys()], ['1:1']);
  });

  it('stops scanning at the byte cap', async () => {
    const path = file('deep.json', `${'x\n'.repeat(1000)}target\n`);
    const excerpts = await readExcerpts(path, [{ line: 1001, from: 1 }], { maxScanBytes: 100 });
    assert.equal(excerpts.size, 0);
    const uncapped = await readExcerpts(path, [{ line: 1001, from: 1 }]);
    assert.equal(uncapped.get('1001:1')?.text, 'target');
  });

  it('counts columns in UTF-16 code units, as reported, and shows control characters as one character', async () => {
    const path = file('utf8.json', '{"é€😀": "\u0007", "k": 1}\n');
    // Column of `"k"` in UTF-16 code units (the NDJSON contract): {=1 "=2 é=3 €=4 😀=5,6 "=7 :=8
    // space=9 "=10 \u0007=11 "=12 ,=13 space=14 "=15
    const frame = renderFrame(await readExcerpts(path, frameRequests(1, 15)), 1, 15, none)!;
    const [text, caret] = frame.split('\n');
    assert.ok(!text!.includes('\u0007'));
    // The emoji takes two terminal columns, so the caret is one space further than its code point index.
    assert.equal(caretColumnOf(caret!), displayColumnOf(text!, '"k"'));
  });

  it('keeps the caret under its column after astral characters cut off the start of a long line', async () => {
    // Two emoji (4 code units) early on a line long enough for the window to start after them.
    const line = `{"a": "😀😀", ${'"p": 1, '.repeat(20)}"target": 2}`;
    const column = line.indexOf('"target"') + 1;
    const path = file('astral.json', `${line}\n`);
    const [text, caret] = await frameLines(path, column);
    assert.ok(text!.includes('…'), 'the window starts after the emoji');
    assert.equal(caretColumnOf(caret!), displayColumnOf(text!, '"target"'));
  });

  it('does not count a byte order mark as a column, as the locator does not', async () => {
    const path = file('bom.json', '\ufeff{"mcpdesc": 5}\n');
    // The locator reports `"mcpdesc"` at column 2 of line 1: the BOM is not part of the JSON text.
    const excerpts = await readExcerpts(path, frameRequests(1, 2));
    assert.equal(excerpts.get('1:1')?.text, '{"mcpdesc": 5}');
    const [text, caret] = renderFrame(excerpts, 1, 2, none)!.split('\n');
    assert.equal(caretColumnOf(caret!), displayColumnOf(text!, '"mcpdesc"'));
  });

  it('shows a tab as a visible arrow, the caret still under its column', async () => {
    // YAML forbids tabs where it reads indentation; a space in the frame hid the character at fault.
    const path = file('tab.yaml', 'info:\n\tname: x\n');
    const [, text, caret] = renderFrame(await readExcerpts(path, frameRequests(2, 1)), 2, 1, none)!.split(
      '\n',
    );
    assert.equal(text, '  > 2 | →name: x');
    assert.equal(caretColumnOf(caret!), displayColumnOf(text!, '→'));
  });

  it('puts the caret past wide characters by their terminal width', async () => {
    const line = '{"name": "日本語", "x": 1}';
    const column = line.indexOf('"x"') + 1;
    const path = file('wide.json', `${line}\n`);
    const [text, caret] = await frameLines(path, column);
    assert.equal(caretColumnOf(caret!), displayColumnOf(text!, '"x"'));
  });
});

/** Terminal column of the caret, counted from the gutter's bar. */
/** The uncoloured frame of line 1 at `column`, as its lines: the source line, then the caret line. */
async function frameLines(path: string, column: number): Promise<string[]> {
  return renderFrame(await readExcerpts(path, frameRequests(1, column)), 1, column, none)!.split('\n');
}

function caretColumnOf(caret: string): number {
  return caret.indexOf('^') - caret.indexOf('|');
}

/** Terminal column where `needle` starts in a frame line, counted from the gutter's bar. */
function displayColumnOf(text: string, needle: string): number {
  const bar = text.indexOf('|');
  return displayWidth(text.slice(bar, text.indexOf(needle)));
}
