// What a cold run pays for its code to get fast: the CLI's own run (`main()`, in-process, NDJSON into a
// writable that drops it) repeated in one process on the same directory. The first run pays V8's
// warm-up (unoptimised code, TurboFan compiling on helper threads); the later ones only the work. Per
// run, CPU of the main thread and of the process's other threads (/proc, Linux only), in ms.
//   node dist/bench/macro/warm.js DIR [RUNS]
import { readdirSync, readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import type * as Cli from '../../src/cli/main.js';

// The bundle the command runs (bin/mcpdesc-validate.js), not the modules it was built from.
const { main } = (await import(new URL('../../src/bundle/cli.js', import.meta.url).href)) as typeof Cli;

const [dir, runsArg] = process.argv.slice(2);
if (!dir) throw new Error('usage: warm DIR [RUNS]');
const runs = Number(runsArg ?? 6);

/** CPU ms so far of this process's main thread and of all its other threads. */
function threadCpu(): { main: number; others: number } {
  const ticks = 10; // ms per clock tick (USER_HZ = 100 on Linux)
  const out = { main: 0, others: 0 };
  for (const task of readdirSync('/proc/self/task')) {
    const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = (Number(fields[11]) + Number(fields[12])) * ticks;
    if (Number(task) === process.pid) out.main += ms;
    else out.others += ms;
  }
  return out;
}

const drop = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

const rows: string[] = [];
for (let run = 1; run <= runs; run++) {
  const before = threadCpu();
  await main(['--format', 'ndjson', '--no-progress', '--concurrency', '0', dir], {
    stdout: drop(),
    stderr: drop(),
  });
  const after = threadCpu();
  const mainMs = after.main - before.main;
  const others = after.others - before.others;
  rows.push(`run ${run}: ${mainMs + others} ms (main thread ${mainMs}, other threads ${others})`);
}
console.log(rows.join('\n'));
