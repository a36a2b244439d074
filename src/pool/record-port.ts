// A large gzip JSON Lines file: gzip cannot be entered mid-stream, so one worker reads it whole (a
// `stream` document source), but its records come back over a MessagePort in batches as they are
// made, and the main thread passes them on as partial outcomes; the task's result is the last piece. The worker reads on only
// while the main thread is at most BATCHES_AHEAD batches behind, so a dump of millions of lines holds
// a few batches of records, not all of them (collected in the worker and returned at the end, a
// 365 MB dump of 90k documents gzipped peaked at 1.08 GB).
import { MessageChannel } from 'node:worker_threads';
import type { FileJob, FileOutcome } from '../types.js';
import type { SourceResult, StreamedPiece } from '../worker/tasks.js';
import type { LineRangeTuning } from './line-ranges.js';
import { InputPieces, interrupted, type RunSource } from './pieces.js';

export function sendsRecordsOverPort(file: string, size: number, tuning: LineRangeTuning | null): boolean {
  return tuning !== null && size > tuning.portThresholdBytes && /\.(jsonl|ndjson)\.gz$/i.test(file);
}

/**
 * The records of `job` as the worker sends them: one outcome per batch, `partial` on all but the
 * last. A worker that dies (crash, heap limit) ends the file with its records so far and then the
 * failure on the next line; the file's one error record (thrown) when nothing came before.
 */
export async function* recordPortOutcomes(
  job: FileJob,
  runSource: RunSource,
  signal?: AbortSignal,
): AsyncGenerator<FileOutcome> {
  const { port1, port2 } = new MessageChannel();
  const batches: StreamedPiece[] = [];
  let closed = false;
  let last: SourceResult | null = null;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  const resume = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  let received = 0;
  port1.on('message', (batch: StreamedPiece) => {
    received++;
    batches.push(batch);
    resume();
  });
  // A thread that dies has its port closed for it: the messages it sent before arrive first.
  port1.on('close', () => {
    closed = true;
    resume();
  });
  let settled = false;
  const task = runSource({ kind: 'stream', job, port: port2 }).then(
    (result) => {
      last = result;
    },
    (error: unknown) => {
      failure = error;
    },
  );
  void task.then(() => {
    settled = true;
    resume();
  });
  const pieces = new InputPieces(job);
  signal?.addEventListener('abort', resume, { once: true });
  try {
    for (;;) {
      const batch = batches.shift();
      if (batch !== undefined) {
        yield pieces.partial(batch.documents, batch.ruleTimings);
        // Taken: the worker may read on.
        port1.postMessage(1);
        continue;
      }
      if (signal?.aborted) throw interrupted();
      // The result is the last piece, once every batch sent before it is in: the task's answer and
      // the port's messages travel on different channels.
      const result = last as SourceResult | null;
      if (result !== null && received >= (result.portBatches ?? 0)) {
        yield pieces.last(result.documents, result.ruleTimings);
        return;
      }
      if (settled && result === null && closed) {
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
