import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCheckstyleReporter, FILE_CHECK } from '../../../src/reporting/checkstyle.js';
import { BAIL_SKIP_CODE } from '../../../src/types.js';
import { parseXml, type XmlElement, XmlError } from '../../helpers/xml.js';
import { assertGolden, diag, doc, memoryStream, runReporter, SAMPLE_DOCUMENTS } from './sample-results.js';

async function render(documents = SAMPLE_DOCUMENTS, cwd = '/repo') {
  const sink = memoryStream();
  await runReporter(createCheckstyleReporter(sink.stream, { cwd, root: cwd }), documents);
  return sink.text();
}

const SEVERITIES = new Set(['error', 'warning', 'info', 'ignore']);
const POSITIVE = /^[1-9][0-9]*$/;

/**
 * What readers of the format rely on (Checkstyle's XMLLogger writes it; Jenkins' analysis-model and
 * reviewdog read it): a `checkstyle` root with a version, `file` elements with a name, and in them
 * `error` elements with a 1-based `line`, an optional `column`, a severity Checkstyle knows, a message
 * and a source. Nothing else: a reader that meets an unknown element may drop the file.
 */
function assertCheckstyleShape(root: XmlElement): void {
  const only = (el: XmlElement, allowed: string[], required: string[]) => {
    for (const key of Object.keys(el.attributes))
      assert.ok(allowed.includes(key), `<${el.name}> has an unexpected attribute ${key}`);
    for (const key of required) assert.ok(Object.hasOwn(el.attributes, key), `<${el.name}> lacks ${key}`);
    assert.equal(el.text.trim(), '', `<${el.name}> holds text`);
  };
  assert.equal(root.name, 'checkstyle');
  only(root, ['version'], ['version']);
  for (const file of root.children) {
    assert.equal(file.name, 'file');
    only(file, ['name'], ['name']);
    assert.notEqual(file.attributes.name, '');
    for (const error of file.children) {
      assert.equal(error.name, 'error');
      only(
        error,
        ['line', 'column', 'severity', 'message', 'source'],
        ['line', 'severity', 'message', 'source'],
      );
      assert.match(error.attributes.line!, POSITIVE, `line ${error.attributes.line}`);
      if (error.attributes.column !== undefined)
        assert.match(error.attributes.column, POSITIVE, `column ${error.attributes.column}`);
      assert.ok(SEVERITIES.has(error.attributes.severity!), `severity ${error.attributes.severity}`);
      assert.equal(error.children.length, 0);
    }
  }
}

const entries = (root: XmlElement): Array<Record<string, string>> =>
  root.children.flatMap((f) => f.children.map((e) => ({ file: f.attributes.name!, ...e.attributes })));

describe('checkstyle reporter', () => {
  it('matches the golden output', async () => {
    assertGolden('checkstyle.xml', await render(), assert.equal);
  });

  it('is well-formed XML of the shape Checkstyle readers expect', async () => {
    const root = parseXml(await render());
    assertCheckstyleShape(root);
    // The checks must be able to say no, or passing them proves nothing.
    assert.throws(
      () => parseXml('<checkstyle version="4.3"><file name="a&b"></file></checkstyle>'),
      XmlError,
    );
    assert.throws(() => parseXml('<checkstyle><file name="a"></checkstyle>'), XmlError);
    const bad = parseXml(
      '<checkstyle version="4.3"><file name="a"><error line="0" severity="error" message="m" source="s"/></file></checkstyle>',
    );
    assert.throws(() => assertCheckstyleShape(bad), /line/);
    const fatal = parseXml(
      '<checkstyle version="4.3"><file name="a"><error line="1" severity="fatal" message="m" source="s"/></file></checkstyle>',
    );
    assert.throws(() => assertCheckstyleShape(fatal), /severity/);
  });

  it('lists every checked input once, and every listed finding with its position, severity and rule', async () => {
    const root = parseXml(await render());
    const names = root.children.map((f) => f.attributes.name);
    assert.deepEqual(names, [...new Set(SAMPLE_DOCUMENTS.map((d) => d.file))]);
    const listed = entries(root).filter((e) => e.source !== FILE_CHECK);
    const expected = SAMPLE_DOCUMENTS.flatMap((d) =>
      d.diagnostics.map((x) => ({
        file: d.file,
        line: String(x.line ?? d.line ?? 1),
        ...(x.line !== undefined && x.column !== undefined ? { column: String(x.column) } : {}),
        severity: x.severity,
        // The one character of the samples XML cannot carry (an ESC) is written as a visible escape.
        message: x.message.replaceAll('\u001b', '\\u001b'),
        source: x.ruleId,
      })),
    );
    assert.deepEqual(listed, expected);
  });

  it('keeps the documents of one JSON Lines file in one file element, at their lines', async () => {
    const root = parseXml(await render());
    const dump = root.children.filter((f) => f.attributes.name === 'registry/dump.jsonl');
    assert.equal(dump.length, 1);
    assert.deepEqual(
      dump[0]!.children.map((e) => [e.attributes.line, e.attributes.column, e.attributes.severity]),
      [
        ['2', '45', 'warning'],
        ['3', undefined, 'info'],
      ],
    );
  });

  it('gives a file that could not be checked, or was skipped, one entry that says why', async () => {
    const all = entries(parseXml(await render())).filter((e) => e.source === FILE_CHECK);
    assert.deepEqual(all, [
      {
        file: 'registry/private/secret.json',
        line: '1',
        severity: 'error',
        message: 'Could not check the file: permission denied (EACCES)',
        source: FILE_CHECK,
      },
      {
        file: 'registry/huge.json',
        line: '1',
        severity: 'warning',
        message: 'Skipped: file is 9876543210 bytes, over --max-file-size 2147483648 (E_TOO_LARGE)',
        source: FILE_CHECK,
      },
    ]);
  });

  it('escapes what documents put in messages and names, and gives it back decoded', async () => {
    const hostile = 'Tool "<x>" & \'y\'\n]]> \u001b[2J \u0000 \ud800 \ufffe\ttab';
    const name = 'reg/a "b" <&>.json';
    const xml = await render([
      doc(name, 0, [diag('mcpdesc.tool.members', 'error', hostile, '/tools/0', 1, 2)]),
    ]);
    assert.ok(!xml.includes('\u001b') && !xml.includes('\u0000'), 'no raw control characters');
    const root = parseXml(xml);
    assertCheckstyleShape(root);
    const [entry] = entries(root);
    assert.equal(entry!.file, name);
    // What XML cannot carry is written as a visible escape; everything else comes back as it was.
    assert.equal(entry!.message, 'Tool "<x>" & \'y\'\n]]> \\u001b[2J \\u0000 \\ud800 \\ufffe\ttab');
  });

  it('leaves out what a --baseline covers, and the inputs --bail never started', async () => {
    const accepted = { ...diag('mcpdesc.tool.members', 'error', 'old', '/tools/0', 3, 1), suppressed: true };
    const fresh = diag('mcpdesc.tool.members', 'error', 'new', '/tools/1', 4, 1);
    const root = parseXml(
      await render([
        doc('a.json', 0, [accepted, fresh]),
        doc('b.json', 1, [], {
          status: 'skipped',
          error: { code: BAIL_SKIP_CODE, message: 'not started: --bail 1 stopped the run' },
        }),
      ]),
    );
    assert.deepEqual(
      root.children.map((f) => f.attributes.name),
      ['a.json'],
    );
    assert.deepEqual(
      entries(root).map((e) => e.message),
      ['new'],
    );
  });

  it('writes paths relative to the repository root, with /', async () => {
    const sink = memoryStream();
    await runReporter(createCheckstyleReporter(sink.stream, { cwd: '/repo/sub', root: '/repo' }), [
      doc('x.json', 0, []),
      doc('/elsewhere/y.json', 1, []),
    ]);
    assert.deepEqual(
      parseXml(sink.text()).children.map((f) => f.attributes.name),
      ['sub/x.json', '/elsewhere/y.json'],
    );
  });

  it('streams: each document is written as it arrives', async () => {
    const sink = memoryStream();
    const reporter = createCheckstyleReporter(sink.stream, { cwd: '/repo' });
    await reporter.onStart(undefined as never);
    await reporter.onDocument(SAMPLE_DOCUMENTS[1]!);
    assert.match(sink.text(), /<error line="5" column="5" severity="error"/);
    await reporter.onEnd(undefined as never);
    assert.ok(sink.text().endsWith('  </file>\n</checkstyle>\n'));
  });

  it('an empty run is a valid report with no files', async () => {
    const root = parseXml(await render([]));
    assertCheckstyleShape(root);
    assert.deepEqual(root.children, []);
  });
});
