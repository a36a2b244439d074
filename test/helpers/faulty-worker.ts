// TEST ONLY. A worker that wraps the real one and misbehaves on purpose for files whose name says so:
//   crash-*  the worker thread calls process.exit(3)
//   throw-*  the task throws
//   oom-*    the worker allocates until it hits its heap limit
//   slow-*   each file takes 25 ms longer (for interrupt tests)
// and, for the byte ranges of a large JSON Lines file (checkLineRange):
//   crash-*  the worker thread calls process.exit(3) on the range that starts at or after byte 4,000
// and, for a large gzip JSON Lines file whose records go over a port (checkJsonLinesOverPort):
//   crash-*  the worker thread calls process.exit(3) when it is about to send its third batch
// and, for the lines the main thread reads from standard input (checkJsonLineBatch):
//   a batch holding a line with the text `crash-worker` makes the worker thread call process.exit(3)
// and, for the element slices of a fanned-out JSON file (checkSlices):
//   a batch holding the text `crash-worker` makes the worker thread call process.exit(3)
// Loaded by test/helpers/cli-with-worker.ts (MCPDESC_VALIDATE_TEST_WORKER); production code never refers to it.

import type { CheckOptions, FileJob, FileOutcome } from '../../src/types.js';
import realWorker, {
  checkJsonLineBatch as realCheckJsonLineBatch,
  checkJsonLinesOverPort as realCheckJsonLinesOverPort,
  checkLineRange as realCheckLineRange,
  checkSlices as realCheckSlices,
} from '../../src/worker/index.js';
import type {
  LineBatchResult,
  LineBatchTask,
  LineRangeResult,
  LineRangeTask,
  RecordPortTask,
  SliceResult,
  SliceTask,
} from '../../src/worker/tasks.js';

function base(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export default async function faulty(task: {
  jobs: FileJob[];
  options: CheckOptions;
}): Promise<FileOutcome[]> {
  for (const job of task.jobs) {
    const name = base(job.path);
    if (name.startsWith('crash-')) process.exit(3);
    if (name.startsWith('throw-')) throw new Error(`planted failure for ${name}`);
    if (name.startsWith('oom-')) {
      const hog: string[][] = [];
      for (;;) hog.push(Array.from({ length: 100_000 }, (_, i) => `${i}-${hog.length}`));
    }
    if (name.startsWith('slow-')) await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return realWorker(task);
}

export async function checkLineRange(task: LineRangeTask): Promise<LineRangeResult> {
  if (base(task.job.path).startsWith('crash-') && task.start >= 4000) process.exit(3);
  return realCheckLineRange(task);
}

export async function checkJsonLinesOverPort(task: RecordPortTask): Promise<number> {
  if (base(task.job.path).startsWith('crash-')) {
    const post = task.port.postMessage.bind(task.port);
    let sent = 0;
    task.port.postMessage = (message: unknown) => {
      if (++sent === 3) process.exit(3);
      post(message);
    };
  }
  return realCheckJsonLinesOverPort(task);
}

export async function checkJsonLineBatch(task: LineBatchTask): Promise<LineBatchResult> {
  if (Buffer.from(task.batch.lines.bytes).includes('crash-worker')) process.exit(3);
  return realCheckJsonLineBatch(task);
}

export async function checkSlices(task: SliceTask): Promise<SliceResult> {
  if (Buffer.from(task.buffer, task.dataOffset).includes('crash-worker')) process.exit(3);
  return realCheckSlices(task);
}
