// The bundled worker entry (scripts/bundle.ts). The worker's code is bundled into one CommonJS module,
// worker-body.cjs, loaded with the V8 code cache the build wrote beside it (compiled-module.ts):
// every worker thread, and an in-process run, loads the worker anew, and Node 20 caches no ES
// module's compiled code, so each would parse its ~600 KB and compile the functions it runs again.
import { loadCompiled } from '../src/compiled-module.js';
import type * as Worker from '../src/worker/index.js';

const body = loadCompiled(new URL('./worker-body.cjs', import.meta.url)) as unknown as typeof Worker;

export const { check, checkSlices, checkHugeDocument, release } = body;
export default body.default;
