import assert from 'node:assert/strict';
import { once } from 'node:events';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { createNdjsonReporter } from '../../../src/reporting/ndjson.js';
import type { DocumentResult, RunRecord, SummaryRecord } from '../../../src/types.js';

function result(over: Partial<DocumentResult> = {}): DocumentResult {
  return {
    index: 0,
    file: 'a/b.json',
    status: 'invalid',
    format: 'json',
    bytes: 120,
    mcpdesc: '0.7.0',
    errors: 1,
    warnings: 1,
    infos: 0,
    tools: 2,
    durationMs: 1.23456,
    truncated: false,
    byRule: { 'mcpdesc.x.y': 1, 'mcpdesc.x.z': 1 },
    diagnostics: [
      {
        ruleId: 'mcpdesc.x.y',
        severity: 'error',
        message: 'bad\nthing',
        pointer: '/tools/0',
        path: ['tools', 0],
        specSection: '9.1',
        docsUrl: 'https://example.org/y',
        line: 3,
        column: 5,
        endLine: 4,
        endColumn: 2,
      },
      {
        ruleId: 'mcpdesc.x.z',
        severity: 'warning',
        message: 'meh',
        pointer: '',
        path: [],
        specSection: '3',
        docsUrl: 'https://example.org/z',
      },
    ],
    ...over,
  };
}

class Sink extends Writable {
  chunks: string[] = [];
  constructor(highWaterMark: number) {
    super({ highWaterMark, decodeStrings: false });
  }
  override _write(chunk: string, _enc: BufferEncoding, cb: () => void) {
    this.chunks.push(chunk);
    setTimeout(cb, 1);
  }
}

describe('ndjson reporter', () => {
  it('writes a document as its diagnostics then its file record, one JSON object per line', async () => {
    const sink = new Sink(1 << 20);
    await createNdjsonReporter(sink).onDocument(result({ line: 7, compression: 'gzip' }));
    const text = sink.chunks.join('');
    assert.ok(text.endsWith('\n'));
    const lines = text
      .split('\n')
      .slice(0, -1)
      .map((l) => JSON.parse(l));
    assert.deepEqual(
      lines.map((l) => l.type),
      ['diagnostic', 'diagnostic', 'file'],
    );
    assert.deepEqual(lines[0], {
      type: 'diagnostic',
      file: 'a/b.json',
      ruleId: 'mcpdesc.x.y',
      severity: 'error',
      message: 'bad\nthing',
      pointer: '/tools/0',
      path: ['tools', 0],
      line: 3,
      column: 5,
      endLine: 4,
      endColumn: 2,
      specSection: '9.1',
      docsUrl: 'https://example.org/y',
    });
    // An unplaced finding has neither a start nor an end.
    assert.deepEqual(
      [lines[1].line, lines[1].column, lines[1].endLine, lines[1].endColumn],
      [null, null, null, null],
    );
    assert.deepEqual(lines[2], {
      type: 'file',
      file: 'a/b.json',
      line: 7,
      status: 'invalid',
      format: 'json',
      compression: 'gzip',
      bytes: 120,
      mcpdesc: '0.7.0',
      errors: 1,
      warnings: 1,
      infos: 0,
      tools: 2,
      durationMs: 1.235,
      truncated: false,
    });
  });

  it('marks baseline-suppressed diagnostics and cache-replayed files, and only those', async () => {
    const sink = new Sink(1 << 20);
    const fresh = result();
    const replayed = result({ cached: true });
    replayed.diagnostics = [{ ...replayed.diagnostics[0]!, suppressed: true }, replayed.diagnostics[1]!];
    const reporter = createNdjsonReporter(sink);
    await reporter.onDocument(fresh);
    await reporter.onDocument(replayed);
    sink.end();
    await once(sink, 'finish');
    const lines = sink.chunks
      .join('')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.deepEqual(
      lines.map((l) => [l.type, l.suppressed, l.cached]),
      [
        ['diagnostic', undefined, undefined],
        ['diagnostic', undefined, undefined],
        ['file', undefined, undefined],
        ['diagnostic', true, undefined],
        ['diagnostic', undefined, undefined],
        ['file', undefined, true],
      ],
    );
  });

  it('carries the reason of an error record', async () => {
    const sink = new Sink(1 << 20);
    await createNdjsonReporter(sink).onDocument(
      result({ status: 'error', diagnostics: [], error: { code: 'EACCES', message: 'permission denied' } }),
    );
    assert.deepEqual(JSON.parse(sink.chunks.join('')).error, {
      code: 'EACCES',
      message: 'permission denied',
    });
  });

  it('waits for drain when the stream is full instead of buffering', async () => {
    const sink = new Sink(16);
    const reporter = createNdjsonReporter(sink);
    const pending = reporter.onDocument(result());
    assert.ok(pending instanceof Promise, 'a full stream makes onDocument wait');
    let drained = false;
    sink.once('drain', () => {
      drained = true;
    });
    await pending;
    assert.equal(drained, true);
  });

  it('does not hang when the stream is destroyed while waiting', async () => {
    const sink = new Sink(16);
    sink.on('error', () => {});
    const pending = createNdjsonReporter(sink).onDocument(result());
    sink.destroy(Object.assign(new Error('EPIPE'), { code: 'EPIPE' }));
    await pending;
  });

  it('writes the records a worker already wrote for a document as they are', async () => {
    const sink = new Sink(1 << 20);
    const ndjson = '{"type":"diagnostic","file":"w.json"}\n{"type":"file","file":"w.json"}\n';
    await createNdjsonReporter(sink).onDocument(result({ file: 'w.json', diagnostics: [], ndjson }));
    assert.equal(sink.chunks.join(''), ndjson);
  });

  it('writes the run and summary records as given', async () => {
    const sink = new Sink(1 << 20);
    const reporter = createNdjsonReporter(sink);
    await reporter.onStart({ type: 'run', filesPlanned: 3 } as unknown as RunRecord);
    await reporter.onEnd({ type: 'summary', exitCode: 1 } as unknown as SummaryRecord);
    sink.end();
    await once(sink, 'finish');
    assert.deepEqual(sink.chunks.join('').split('\n'), [
      '{"type":"run","filesPlanned":3}',
      '{"type":"summary","exitCode":1}',
      '',
    ]);
  });
});
