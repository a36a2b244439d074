// TEST ONLY. A worker that wraps the real one and misbehaves on purpose for files whose name says so:
//   crash-*  the worker thread calls process.exit(3)
//   throw-*  the task throws
//   oom-*    the worker allocates until it hits its heap limit
//   slow-*   each file takes 25 ms longer (for interrupt tests)
// and, for the byte ranges of a large JSON Lines file (a `range` source):
//   crash-*  the worker thread calls process.exit(3) on the range that starts at or after byte 4,000
// and, for a large gzip JSON Lines file whose records go over a port (a `stream` source):
//   crash-*  the worker thread calls process.exit(3) when it is about to send its third batch
// and, for the lines the main thread reads from standard input (a `lines` source):
//   a batch holding a line with the text `crash-worker` makes the worker thread call process.exit(3)
// and, for the element slices of a fanned-out JSON file (checkSlices):
//   a batch holding the text `crash-worker` makes the worker thread call process.exit(3)
// Loaded by test/helpers/cli-with-worker.ts (MCPDESC_VALIDATE_TEST_WORKER); production code never refers to it.

import realCheck, { checkSlices as realCheckSlices } from '../../src/worker/index.js';
import type {
  CheckResult,
  CheckTask,
  DocumentSource,
  SliceResult,
  SliceTask,
} from '../../src/worker/tasks.js';

function base(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The batch protocol's entry (`check`, the default export), misbehaving as the name says. */
export default async function faulty(task: CheckTask): Promise<CheckResult> {
  await misbehave(task.source);
  return realCheck(task);
}

export { faulty as check };

async function misbehave(source: DocumentSource): Promise<void> {
  switch (source.kind) {
    case 'files':
      for (const job of source.jobs) await misbehaveOnFile(base(job.path));
      return;
    case 'range':
      if (base(source.job.path).startsWith('crash-') && source.start >= 4000) process.exit(3);
      return;
    case 'stream':
      if (base(source.job.path).startsWith('crash-')) {
        const { port } = source;
        const post = port.postMessage.bind(port);
        let sent = 0;
        port.postMessage = (message: unknown) => {
          if (++sent === 3) process.exit(3);
          post(message);
        };
      }
      return;
    case 'lines':
      if (Buffer.from(source.batch.lines.bytes).includes('crash-worker')) process.exit(3);
      return;
  }
}

async function misbehaveOnFile(name: string): Promise<void> {
  if (name.startsWith('crash-')) process.exit(3);
  if (name.startsWith('throw-')) throw new Error(`planted failure for ${name}`);
  if (name.startsWith('oom-')) {
    const hog: string[][] = [];
    for (;;) hog.push(Array.from({ length: 100_000 }, (_, i) => `${i}-${hog.length}`));
  }
  if (name.startsWith('slow-')) await new Promise((resolve) => setTimeout(resolve, 25));
}

export async function checkSlices(task: SliceTask): Promise<SliceResult> {
  if (Buffer.from(task.buffer, task.dataOffset).includes('crash-worker')) process.exit(3);
  return realCheckSlices(task);
}
