// The one entry point of the batch protocol: a task's document source, checked. Whole files go through
// checkFile; every other source is JSON Lines and goes through the one line check (json-lines.ts), so
// a piece of an input gets the records the whole input would (the main thread places its failure and
// its no-document record among the pieces, src/pool/pieces.ts).
import { formatFromName } from '../parsing/format.js';
import { documentLines } from '../records.js';
import type { CheckOptions, DocumentResult, FileJob } from '../types.js';
import { checkFile } from './check-file.js';
import {
  batchLines,
  type CheckedLines,
  checkLines,
  noDocument,
  type RecordSink,
  rangeLines,
  streamedLines,
  wholeInput,
} from './json-lines.js';
import { engineOptions, jobBase } from './results.js';
import { withRuleTable, withRuleTimings } from './stats.js';
import type { CheckResult, CheckTask, SourceResult, StreamedPiece, StreamSource } from './tasks.js';

export async function checkSource(task: CheckTask): Promise<CheckResult> {
  const { source } = task;
  const options = withRuleTable(task.options);
  switch (source.kind) {
    case 'files':
      return checkFiles(source.jobs, options);
    case 'range': {
      const { job } = source;
      const base = jobBase(job, 'jsonl', false);
      const checked = await checkLines(rangeLines(source, options), base, options);
      // The file's last range (to its end) carries the record of a file with no document.
      const last = source.end === Number.POSITIVE_INFINITY;
      return [piece(job, checked, last ? () => noDocument(base, engineOptions(options)) : null, options)];
    }
    case 'lines': {
      const { job, batch } = source;
      const base = jobBase(job, 'jsonl', batch.gzip);
      const checked = await checkLines(batchLines(batch), base, options);
      const last = batch.end !== undefined;
      return [piece(job, checked, last ? () => noDocument(base, engineOptions(options)) : null, options)];
    }
    case 'stream':
      return [await checkStream(source, options)];
  }
}

/** A piece's result: its records, its unplaced failure, and (the last piece) the no-document record. */
function piece(
  job: FileJob,
  checked: CheckedLines,
  empty: (() => DocumentResult) | null,
  options: CheckOptions,
): SourceResult {
  // Records keep their diagnostics (no CheckOptions.ndjsonRecords): the main thread still numbers a
  // range's lines, and places the failure and the no-document record.
  const result: SourceResult = { index: job.index, documents: checked.documents };
  if (checked.failure !== undefined) result.failure = checked.failure;
  else {
    if (checked.newlines !== undefined) result.newlines = checked.newlines;
    if (empty !== null) result.empty = empty();
  }
  return withRuleTimings(result, options.ruleTimings);
}

/** Whole files, in order. Sequential on purpose: a worker is one core; parallelism comes from the pool. */
async function checkFiles(jobs: FileJob[], options: CheckOptions): Promise<CheckResult> {
  const results: SourceResult[] = [];
  for (const job of jobs) {
    const outcome = await checkFile(job, options);
    ndjson(outcome.documents, options);
    results.push(outcome);
  }
  // --stats: the batch's rule time rides on its last result (undefined, and nothing added, without).
  const last = results[results.length - 1];
  if (last) withRuleTimings(last, options.ruleTimings);
  return results;
}

/**
 * When the run's only output is NDJSON on stdout, a document comes back with its records already
 * written and without its diagnostics (CheckOptions.ndjsonRecords).
 */
function ndjson(documents: DocumentResult[], options: CheckOptions): DocumentResult[] {
  if (options.ndjsonRecords) {
    for (const document of documents) {
      document.ndjson = documentLines(document);
      document.diagnostics = [];
    }
  }
  return documents;
}

/** Batches the main thread may be behind by before the worker waits (each ack returns one). */
export const BATCHES_AHEAD = 2;

/**
 * A JSON Lines file read whole in this worker (gzip: it cannot be cut into byte ranges), its records
 * sent over the source's port in batches as they are made, so that a dump of millions of lines holds
 * a few batches, not all of its records; the result is the last piece. Reading waits while
 * BATCHES_AHEAD batches are unacknowledged. The main thread closing its end stops the check.
 */
async function checkStream(source: StreamSource, options: CheckOptions): Promise<SourceResult> {
  const { job, port } = source;
  const { gzip } = formatFromName(job.path);
  let credits = BATCHES_AHEAD;
  let sent = 0;
  let closed = false;
  let wake: (() => void) | null = null;
  const resume = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  port.on('message', () => {
    credits++;
    resume();
  });
  port.on('close', () => {
    closed = true;
    resume();
  });
  const sink: RecordSink = async (documents) => {
    while (credits === 0 && !closed) await new Promise<void>((r) => (wake = r));
    if (closed) throw new Error('the main thread stopped reading this file');
    credits--;
    sent++;
    port.postMessage(withRuleTimings<StreamedPiece>({ documents }, options.ruleTimings));
  };
  try {
    const base = jobBase(job, 'jsonl', gzip);
    const checked = await checkLines(streamedLines(job.path, gzip, options), base, options, sink);
    const documents = wholeInput(checked, base, options);
    return withRuleTimings<SourceResult>(
      { index: job.index, documents, portBatches: sent },
      options.ruleTimings,
    );
  } finally {
    port.close();
  }
}
