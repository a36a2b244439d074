// The outcomes of one input passed on in pieces (a large JSON Lines file, range by range or batch by
// batch): what went out so far, so that a failure after some records is placed on the line after the
// last one, as the single-worker reader places a read failure.
import type { DocumentResult, FileJob, FileOutcome, RuleTimings } from '../types.js';
import { errorDocument, failureReason } from './pipeline.js';

/**
 * A file's failure record placed on `line` with no bytes, its fields in the order the worker builds a
 * record with a line (after `byRule`, src/worker/results.ts), as the `json` report prints them.
 */
export function placeOnLine(failure: DocumentResult, line: number): DocumentResult {
  const placed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(failure)) {
    placed[key] = key === 'bytes' ? 0 : value;
    if (key === 'byRule') placed.line = line;
  }
  return placed as unknown as DocumentResult;
}

/** What a producer of pieces throws when the run is interrupted (the pipeline stops pulling). */
export function interrupted(): Error {
  return Object.assign(new Error('interrupted'), { code: 'ABORTED' });
}

export class InputPieces {
  private emitted = 0;
  private lastLine = 0;

  constructor(private readonly job: FileJob) {}

  /** Nothing was passed on yet. */
  get none(): boolean {
    return this.emitted === 0;
  }

  /** A piece with more to follow (`ruleTimings`: --stats, the worker's rule time that came with it). */
  partial(documents: DocumentResult[], ruleTimings?: RuleTimings): FileOutcome {
    this.count(documents);
    return withTimings({ index: this.job.index, documents, partial: true }, ruleTimings);
  }

  /** The input's last piece. */
  last(documents: DocumentResult[], ruleTimings?: RuleTimings): FileOutcome {
    this.count(documents);
    return withTimings({ index: this.job.index, documents }, ruleTimings);
  }

  /** `failure` placed on the line after the records passed on (as it is when none were). */
  afterRecords(failure: DocumentResult): DocumentResult {
    return this.emitted === 0 ? failure : placeOnLine(failure, this.lastLine + 1);
  }

  /**
   * The last piece of an input whose reading failed part-way (a read error, a size limit, found by the
   * worker): `documents`, then `failure` on the line after the last record.
   */
  failedAfter(documents: DocumentResult[], failure: DocumentResult, ruleTimings?: RuleTimings): FileOutcome {
    const last = documents[documents.length - 1];
    documents.push(
      last !== undefined ? placeOnLine(failure, (last.line ?? 0) + 1) : this.afterRecords(failure),
    );
    return this.last(documents, ruleTimings);
  }

  /**
   * The last piece after the worker failed (crash, heap limit): its error record after the records
   * passed on. Rethrows when there were none: the caller gives the file its one error record.
   */
  workerFailed(error: unknown): FileOutcome {
    if (this.emitted === 0) throw error;
    const { code, message } = failureReason(error);
    return this.last([this.afterRecords(errorDocument(this.job, code, message))]);
  }

  private count(documents: readonly DocumentResult[]): void {
    this.emitted += documents.length;
    const last = documents[documents.length - 1];
    if (last !== undefined) this.lastLine = last.line ?? this.lastLine;
  }
}

function withTimings(outcome: FileOutcome, ruleTimings: RuleTimings | undefined): FileOutcome {
  if (ruleTimings !== undefined) outcome.ruleTimings = ruleTimings;
  return outcome;
}
