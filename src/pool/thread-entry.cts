// Each pool thread's first module, CommonJS: Piscina require()s it, and a thread terminated while
// require() instantiates an ES module graph (Node 20.19+) aborts the whole process. It import()s the
// worker module (URL in workerData); Piscina awaits each export before calling it.
import type { WorkerEntries } from '../worker/tasks.js';

import workerThreads = require('node:worker_threads');

type Loaded = Partial<WorkerEntries> & { default?: WorkerEntries['check'] };

const { workerUrl } = workerThreads.workerData as { workerUrl: string };
const loaded = import(workerUrl) as Promise<Loaded>;

/** Export `name` of the worker module, once loaded (a module without it fails the task that asks). */
function entry<K extends keyof Loaded>(name: K): Promise<NonNullable<Loaded[K]>> {
  const found = loaded.then((module) => {
    const fn = module[name];
    if (typeof fn !== 'function') throw new Error(`the worker module has no export named ${String(name)}`);
    return fn as NonNullable<Loaded[K]>;
  });
  // Awaited only by a task that names it: until then its failure is the load's, reported there.
  found.catch(() => undefined);
  return found;
}

// `__esModule`: Piscina then takes these exports as they are. `default` serves the batch protocol (its
// tasks carry no name, runner.ts), `checkSlices` the slice tasks.
export = {
  __esModule: true,
  default: entry('default'),
  checkSlices: entry('checkSlices'),
};
