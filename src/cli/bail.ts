// --bail: counts the inputs that fail (findings at or above --fail-on that no baseline covers) as their
// last record is reported and, once enough have, has the pipeline start no more work
// (pool/pipeline.ts `halt`). The inputs it never started still get one record each, `skipped`.
import { errorDocument } from '../pool/pipeline.js';
import { failingCount, type SeverityCounts } from '../reports/verdict.js';
import { BAIL_SKIP_CODE, type DocumentResult, type FileJob } from '../types.js';
import type { FailOn } from './options.js';

export class Bail {
  /** Inputs with failing findings reported so far. */
  failed = 0;
  /** `skipped` records reported for inputs never started. */
  skipped = 0;
  /** Their names: --strict-baseline cannot call their baselined findings gone. */
  readonly skippedNames = new Set<string>();
  stopped = false;
  /** The input being reported (its documents may come in several pieces) has a failing finding. */
  private failing = false;

  constructor(
    readonly limit: number,
    private readonly failOn: FailOn,
  ) {}

  /** One reported document, with the counts that can fail the run (the baseline's taken out). */
  document(doc: DocumentResult, counts: SeverityCounts): void {
    if (doc.error?.code === BAIL_SKIP_CODE) {
      this.skipped++;
      this.skippedNames.add(doc.file);
    } else if (failingCount(this.failOn, counts) > 0) this.failing = true;
  }

  /** The last piece of an input was reported. */
  endInput(): void {
    if (this.failing && ++this.failed >= this.limit) this.stopped = true;
    this.failing = false;
  }

  /** The record of an input that was not started. Never read: `format` unknown, like a file over --max-file-size. */
  skippedDocument(job: FileJob): DocumentResult {
    // The limit, not the count so far: files already under way may still add failures after it.
    const message = `Not checked: --bail ${this.limit} stopped the run once ${this.limit === 1 ? '1 file had' : `${this.limit} files had`} findings at or above ${this.failOn}.`;
    // The pipeline's record of an input it could not check, as skipped rather than failed.
    return { ...errorDocument(job, BAIL_SKIP_CODE, message), status: 'skipped' };
  }
}
