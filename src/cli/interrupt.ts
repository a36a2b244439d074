// SIGINT and SIGTERM for a whole command, from its first read on: the first signal aborts the work
// (which then ends as it does, exit 130 with its summary), a second one gets the default behaviour.
//
// A file the command opens itself (--config, --files-from, --ignore-path, --baseline, the reports of
// `report`, `merge` and `compare`) may be a named pipe. Opening one for reading waits in the kernel,
// on a libuv thread, until a writer opens it; no signal ends that wait, and the pending open kept the
// process alive after the first signal. So a read goes through `reading`, and a signal that comes
// while it waits opens the pipe for writing (non-blocking) and closes it: the open returns, the read
// sees the end of the pipe, and the caller, seeing `interrupted`, stops there.
import { closeSync, constants, openSync, statSync } from 'node:fs';

export interface Interrupt {
  /** Aborted by the first signal. */
  readonly signal: AbortSignal;
  readonly interrupted: boolean;
  /**
   * Run `read`, which opens the files `paths` (a path that is no named pipe needs nothing); a signal
   * while it waits on one of them ends the wait. `read`'s own result or error stands: check
   * `interrupted` afterwards.
   */
  reading<T>(paths: readonly string[], read: () => Promise<T>): Promise<T>;
  /** Stop listening (the signals get their default behaviour again). */
  stop(): void;
}

/** How often a pipe is released again while its read has not ended (its open may not be waiting yet). */
const RELEASE_EVERY_MS = 50;

/** Let a reader waiting in open(2) on the named pipe `path` go: be its writer for a moment. */
function release(path: string): void {
  try {
    if (!statSync(path).isFIFO()) return;
    // ENXIO: no reader yet (its open has not reached the kernel); the next round tries again.
    closeSync(openSync(path, constants.O_WRONLY | constants.O_NONBLOCK));
  } catch {}
}

export function listenForInterrupt(signals: NodeJS.EventEmitter = process): Interrupt {
  const controller = new AbortController();
  const pending = new Set<readonly string[]>();
  let timer: NodeJS.Timeout | null = null;
  const releaseAll = () => {
    for (const paths of pending) for (const path of paths) release(path);
  };
  // Released now, and again until the reads end: an open may reach the kernel after the signal.
  const releasing = () => {
    releaseAll();
    if (pending.size > 0) timer ??= setInterval(releaseAll, RELEASE_EVERY_MS);
  };
  const onSignal = () => {
    stop();
    controller.abort();
    releasing();
  };
  const stop = () => {
    signals.off('SIGINT', onSignal);
    signals.off('SIGTERM', onSignal);
  };
  signals.on('SIGINT', onSignal);
  signals.on('SIGTERM', onSignal);
  return {
    signal: controller.signal,
    get interrupted() {
      return controller.signal.aborted;
    },
    async reading(paths, read) {
      pending.add(paths);
      if (controller.signal.aborted) releasing();
      try {
        return await read();
      } finally {
        pending.delete(paths);
        if (pending.size === 0 && timer !== null) {
          clearInterval(timer);
          timer = null;
        }
      }
    },
    stop,
  };
}

/** For a command run without signal handling (called directly, as tests do). */
export const UNINTERRUPTED: Pick<Interrupt, 'interrupted' | 'reading'> = {
  interrupted: false,
  reading: (_paths, read) => read(),
};
