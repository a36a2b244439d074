// The bundled worker entry (scripts/bundle.ts). The worker's code is bundled into one CommonJS module,
// worker-body.cjs, loaded with the V8 code cache the build wrote beside it (compiled-module.ts):
// every worker thread, and an in-process run, loads the worker anew, and Node 20 caches no ES
// module's compiled code, so each would parse its ~600 KB and compile the functions it runs again.
import { setFlagsFromString } from 'node:v8';
import { isMainThread } from 'node:worker_threads';
import { loadCompiled } from '../src/compiled-module.js';
import type * as Worker from '../src/worker/index.js';

// The command's later tier-up (bin/v8-flags.js) pays where one thread checks every file; a pool's
// threads each check a share and measured worse with it, so a pool runs at V8's default budget. Set
// before the body loads: the code cache it finds is the one made under the flags then in force.
if (!isMainThread) setFlagsFromString('--interrupt-budget=67584');

const body = loadCompiled(new URL('./worker-body.cjs', import.meta.url)) as unknown as typeof Worker;

export const { check, checkSlices, checkHugeDocument, release } = body;
export default body.default;
