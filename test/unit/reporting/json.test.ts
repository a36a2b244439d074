import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createJsonReporter } from '../../../src/reporting/json.js';
import type { DocumentResult } from '../../../src/types.js';
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

  // Whole files, JSON Lines documents, error records, cache replays and `report` build their results
  // in different member orders (a JSON Lines document's `line` came after `diagnostics`): the same
  // result must still be written the same, so that `report -f json` equals the run's own json.
  it('writes a document the same whatever the order its members were built in', async () => {
    const reversed = SAMPLE_DOCUMENTS.map((d) => {
      const copy: Record<string, unknown> = {};
      for (const key of Object.keys(d).reverse()) copy[key] = (d as unknown as Record<string, unknown>)[key];
      copy.byRule = Object.fromEntries(Object.entries(d.byRule).reverse());
      copy.diagnostics = d.diagnostics.map((x) => Object.fromEntries(Object.entries(x).reverse()));
      return copy as unknown as DocumentResult;
    });
    const a = memoryStream();
    await runReporter(createJsonReporter(a.stream));
    const b = memoryStream();
    // The same summary: only the documents are built differently.
    await runReporter(createJsonReporter(b.stream), reversed, SAMPLE_RUN, SAMPLE_SUMMARY);
    assert.equal(b.text(), a.text());
  });

  it('is valid for a run without documents', async () => {
    const sink = memoryStream();
    await runReporter(createJsonReporter(sink.stream), []);
    assert.deepEqual(JSON.parse(sink.text()).documents, []);
  });
});
