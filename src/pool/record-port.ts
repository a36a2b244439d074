// A large gzip JSON Lines file: gzip cannot be entered mid-stream, so one worker reads it whole
// (worker export `checkJsonLinesOverPort`), but its records come back over a MessagePort in batches as
// they are made, and the main thread passes them on as partial outcomes. The worker reads on only
// while the main thread is at most BATCHES_AHEAD batches behind, so a dump of millions of lines holds
// a few batches of records, not all of them (collected in the worker and returned at the end, a
// 365 MB dump of 90k documents gzipped peaked at 1.08 GB).
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { CheckOptions, DocumentResult, FileJob, FileOutcome, RuleTimings } from '../types.js';
import type { RecordPortTask } from '../worker/tasks.js';
import type { LineRangeTuning } from './line-ranges.js';
import { InputPieces, interrupted } from './pieces.js';

export function sendsRecordsOverPort(file: string, size: number, tuning: LineRangeTuning | null): boolean {
  return tuning !== null && size > tuning.portThresholdBytes && /\.(jsonl|ndjson)\.gz$/i.test(file);
}

export type RunPortTask = (task: RecordPortTask, transferList: MessagePort[]) => Promise<number>;

interface Batch {
  documents: DocumentResult[];
  end?: boolean;
  /** `--stats`: the worker's rule time since its previous batch. */
  ruleTimings?: RuleTimings;
}

/**
 * The records of `job` as the worker sends them: one outcome per batch, `partial` on all but the
 * last. A worker that dies (crash, heap limit) ends the file with its records so far and then the
 * failure on the next line; the file's one error record (thrown) when nothing came before.
 */
export async function* recordPortOutcomes(
  job: FileJob,
  options: CheckOptions,
  runTask: RunPortTask,
  signal?: AbortSignal,
): AsyncGenerator<FileOutcome> {
  const { port1, port2 } = new MessageChannel();
  const batches: Batch[] = [];
  let closed = false;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  const resume = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  port1.on('message', (batch: Batch) => {
    batches.push(batch);
    resume();
  });
  // The worker closes its end when it is done, and it is closed for it when the thread dies: the
  // messages it sent before arrive first.
  port1.on('close', () => {
    closed = true;
    resume();
  });
  const task = runTask({ job, options, port: port2 }, [port2]).then(
    () => undefined,
    (error: unknown) => {
      failure = error;
    },
  );
  const pieces = new InputPieces(job);
  signal?.addEventListener('abort', resume, { once: true });
  try {
    for (;;) {
      const batch = batches.shift();
      if (batch !== undefined) {
        if (batch.end === true) {
          yield pieces.last(batch.documents, batch.ruleTimings);
          return;
        }
        yield pieces.partial(batch.documents, batch.ruleTimings);
        // Taken: the worker may read on.
        port1.postMessage(1);
        continue;
      }
      if (signal?.aborted) throw interrupted();
      if (closed) {
        // Closed without its last batch: the worker died. Its task says why.
        await task;
        yield pieces.workerFailed(failure ?? new Error('the worker stopped before the end of the file'));
        return;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    // Stops a worker still reading (an interrupted run): its next batch finds the port closed.
    port1.close();
    signal?.removeEventListener('abort', resume);
  }
}
