import { Piscina } from 'piscina';
import { checkHugeFile } from './dist/src/pool/fanout.js';
import { checkStreamed, readHeader } from './dist/src/worker/streamed.js';
const file = 'corpus/generated/bench-dump-64MB.mcpdesc.json';
const opts = { target: null, ruleLevels: {}, maxDiagnosticsPerFile: 1000, streamThreshold: 0, maxFileSize: Infinity };
const pool = new Piscina({ filename: new URL('./dist/src/worker/slices.js', import.meta.url).href, minThreads: 2, maxThreads: 2 });
let taskMs = 0, tasks = 0;
const run = async (t, tl) => { const s = performance.now(); const r = await pool.run(t, { name: 'checkSlices', transferList: tl }); taskMs += performance.now() - s; tasks++; return r; };
for (const tuning of [{}, { maxInFlight: 8 }, { batchBytes: 256 * 1024, maxInFlight: 8 }, { batchBytes: 4 << 20, maxInFlight: 4 }]) {
  for (let i = 0; i < 2; i++) {
    taskMs = 0; tasks = 0;
    let t = performance.now(); await readHeader(file); const h = performance.now() - t;
    t = performance.now(); await checkHugeFile({ index: 0, path: file, file, size: 0 }, opts, run, tuning); const f = performance.now() - t;
    t = performance.now(); await checkStreamed({ index: 0, path: file, file, size: 0 }, opts); const s = performance.now() - t;
    console.log(JSON.stringify(tuning), `header ${h.toFixed(0)} fan ${f.toFixed(0)} single ${s.toFixed(0)} tasks ${tasks} avgTask ${(taskMs / tasks).toFixed(1)}ms`);
  }
}
await pool.destroy();
