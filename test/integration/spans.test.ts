// The end of each finding's span (`endLine`/`endColumn`, docs/cli.md "Spans") through the real CLI, one
// representative finding per input path: whole JSON, YAML, JSON Lines (also cut into byte ranges), gzip,
// streamed and fanned out; then what the SARIF and GitHub reports make of it.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { type CliRun, cli, type Rec, tempDir } from './scale-support.js';

const DOC = `{
  "mcpdesc": "0.7.0",
  "info": {"name": "spans", "version": "1.0.0"},
  "transports": [{"type": "stdio", "command": "x"}],
  "tools": [
    {
      "name": "bad name",
      "description": "d",
      "inputSchema": {"type": "object"},
      "input_schema": {
        "type": "object"
      }
    }
  ]
}
`;

const YAML = `mcpdesc: 0.7.0
info: {name: spans, version: 1.0.0}
transports:
  - {type: stdio, command: x}
tools:
  - name: bad name
    description: d
    inputSchema: {type: object}
    input_schema:
      type: object

`;

const LINE = JSON.stringify(JSON.parse(DOC));

const FILES: Record<string, string | Buffer> = {
  'doc.json': DOC,
  'doc.yaml': YAML,
  'lines.jsonl': `${LINE}\n\n${LINE}\n`,
  'gz.json.gz': gzipSync(DOC),
  'broken.json': '{"mcpdesc": "0.7.0",\n  "info": {"name": "x" "version": "1"}\n}\n',
  'cut.json': '{"mcpdesc": "0.7.0",\n  "info": {"name": "x"',
  'dup.json': '{"mcpdesc": "0.7.0",\n "mcpdesc": "0.7.0"}\n',
};

/** The text of `file` a finding's span covers (1-based lines, UTF-16 columns, end exclusive). */
function covered(text: string, r: Rec): string {
  const lines = text.split('\n');
  const at = (line: number, column: number) =>
    lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0) + column - 1;
  return text.slice(at(r.line as number, r.column as number), at(r.endLine as number, r.endColumn as number));
}

const diagnostics = (run: CliRun) => run.records.filter((r) => r.type === 'diagnostic');

describe('finding spans through the CLI', () => {
  const tmp = tempDir('spans');
  let whole: CliRun;
  let streamed: CliRun;
  before(async () => {
    for (const [name, content] of Object.entries(FILES)) writeFileSync(join(tmp.path, name), content);
    whole = await cli(['-f', 'ndjson', '--concurrency', '0', '.'], tmp.path);
    // Every JSON file streamed (fanned out over two threads; the gzip one from its decompressor), and the
    // JSON Lines file cut into byte ranges checked apart.
    process.env.MCPDESC_VALIDATE_TEST_JSONL_RANGE_BYTES = '64';
    try {
      streamed = await cli(['-f', 'ndjson', '--concurrency', '2', '--stream-threshold', '1', '.'], tmp.path);
    } finally {
      delete process.env.MCPDESC_VALIDATE_TEST_JSONL_RANGE_BYTES;
    }
  });
  after(() => tmp.remove());

  const find = (run: CliRun, file: string, pointer: string, n = 0) =>
    diagnostics(run).filter((r) => r.file === file && r.pointer === pointer)[n]!;
  const text = (file: string) => readFileSync(join(tmp.path, file), 'utf8');

  it('whole JSON and gzip: a member spans its name and value, an unknown member its whole value', () => {
    for (const file of ['doc.json', 'gz.json.gz']) {
      const source = file === 'doc.json' ? text(file) : DOC;
      assert.equal(covered(source, find(whole, file, '/tools/0/name')), '"name": "bad name"');
      assert.equal(
        covered(source, find(whole, file, '/tools/0/input_schema')),
        '"input_schema": {\n        "type": "object"\n      }',
      );
      assert.deepEqual(
        ['line', 'column', 'endLine', 'endColumn'].map((k) => find(whole, file, '/tools/0/name')[k]),
        [7, 7, 7, 25],
      );
    }
  });

  it('YAML: the entry from its key to the end of its value, without the trailing line break', () => {
    const source = text('doc.yaml');
    assert.equal(covered(source, find(whole, 'doc.yaml', '/tools/0/name')), 'name: bad name');
    assert.equal(
      covered(source, find(whole, 'doc.yaml', '/tools/0/input_schema')),
      'input_schema:\n      type: object',
    );
  });

  it('JSON Lines: spans on the line of their document', () => {
    const source = text('lines.jsonl');
    const second = find(whole, 'lines.jsonl', '/tools/0/name', 1);
    assert.deepEqual([second.line, second.endLine], [3, 3]);
    assert.equal(covered(source, second), '"name":"bad name"');
  });

  it('syntax findings span the offending character, or nothing at the end of input; a duplicate its name', () => {
    const broken = find(whole, 'broken.json', '');
    assert.deepEqual([broken.line, broken.column, broken.endLine, broken.endColumn], [2, 24, 2, 25]);
    assert.equal(covered(text('broken.json'), broken), '"');
    const cut = find(whole, 'cut.json', '');
    assert.deepEqual([cut.endLine, cut.endColumn], [cut.line, cut.column]);
    assert.equal(covered(text('dup.json'), find(whole, 'dup.json', '/mcpdesc')), '"mcpdesc"');
  });

  it('streamed, fanned out and range-split checks give the same records, spans included', () => {
    const files = diagnostics(streamed).map((r) => r.file);
    assert.ok(files.includes('doc.json') && files.includes('lines.jsonl'));
    assert.deepEqual(diagnostics(streamed), diagnostics(whole));
    const streamedFiles = streamed.records.filter((r) => r.type === 'file' && r.streamed === true);
    assert.ok(streamedFiles.some((r) => r.file === 'doc.json'));
  });

  it('SARIF regions end where NDJSON spans do; GitHub gets an inclusive endColumn, and lines only for a multi-line span', async () => {
    const sarif = await cli(['-f', 'sarif', '--concurrency', '0', 'doc.json'], tmp.path);
    type Result = {
      properties: { pointer: string };
      locations: Array<{ physicalLocation: { region: Record<string, number> } }>;
    };
    const results = JSON.parse(sarif.stdout).runs[0].results as Result[];
    const name = results.find((r) => r.properties.pointer === '/tools/0/name')!;
    assert.deepEqual(name.locations[0]!.physicalLocation.region, {
      startLine: 7,
      startColumn: 7,
      endLine: 7,
      endColumn: 25,
    });
    const github = await cli(['-f', 'github', '--concurrency', '0', 'doc.json'], tmp.path);
    const lines = github.stdout.split('\n');
    assert.ok(
      lines.some((l) => l.startsWith('::warning file=doc.json,line=7,endLine=7,col=7,endColumn=24,')),
      github.stdout,
    );
    // The runner drops columns of a span over several lines: none are sent.
    assert.ok(
      lines.some((l) =>
        l.startsWith('::error file=doc.json,line=10,endLine=12,title=mcpdesc.tool.members::'),
      ),
      github.stdout,
    );
  });
});
