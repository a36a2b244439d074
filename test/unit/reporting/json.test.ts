import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createJsonReporter } from '../../../src/reporting/json.js';
import {
  assertGolden,
  memoryStream,
  runReporter,
  SAMPLE_DOCUMENTS,
  SAMPLE_RUN,
  SAMPLE_SUMMARY,
} from './sample-results.js';

describe('json reporter', () => {
  it('writes one JSON document {run, documents, summary}', async () => {
    const sink = memoryStream();
    await runReporter(createJsonReporter(sink.stream));
    const value = JSON.parse(sink.text());
    assert.deepEqual(Object.keys(value), ['run', 'documents', 'summary']);
    assert.deepEqual(value.run, SAMPLE_RUN);
    assert.deepEqual(value.documents, SAMPLE_DOCUMENTS);
    assert.deepEqual(value.summary, SAMPLE_SUMMARY);
    assertGolden('json.json', sink.text(), assert.equal);
  });

  it('is valid for a run without documents', async () => {
    const sink = memoryStream();
    await runReporter(createJsonReporter(sink.stream), []);
    assert.deepEqual(JSON.parse(sink.text()).documents, []);
  });
});
