// Two builds of the CLI side by side on the same arguments: A B A B … after one warm-up run of each,
// CPU (user + sys, GC threads included) and wall of every run, and the median of the per-pair ratios
// B ÷ A. The way to measure a change against the commit before it on a shared, drifting machine.
//   node dist/bench/ab.js --a DIR_A --b DIR_B [--pairs 7] [--a-arg X]… [--b-arg Y]… [--b-node-arg Z]… -- CLI_ARGS…
// DIR_A and DIR_B are built checkouts (each with bin/mcpdesc-validate.js; the same one to compare two
// settings); --a-arg / --b-arg add CLI arguments to one side only, --a-node-arg / --b-node-arg options
// of node itself (a V8 flag); stdout is discarded.
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { median, round, type TimedRun, timed } from './lib.js';

const split = process.argv.indexOf('--');
const { values } = parseArgs({
  args: process.argv.slice(2, split === -1 ? undefined : split),
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    pairs: { type: 'string', default: '7' },
    'a-arg': { type: 'string', multiple: true, default: [] },
    'b-arg': { type: 'string', multiple: true, default: [] },
    'a-node-arg': { type: 'string', multiple: true, default: [] },
    'b-node-arg': { type: 'string', multiple: true, default: [] },
  },
});
const cliArgs = split === -1 ? [] : process.argv.slice(split + 1);
const pairs = Number(values.pairs);

async function main(): Promise<number> {
  if (!values.a || !values.b || cliArgs.length === 0 || !(pairs >= 1)) {
    console.error('usage: node dist/bench/ab.js --a DIR_A --b DIR_B [--pairs N] -- CLI_ARGS…');
    return 2;
  }
  const bins = [values.a, values.b].map((dir) => join(resolve(dir), 'bin/mcpdesc-validate.js'));
  const extra = [values['a-arg'] ?? [], values['b-arg'] ?? []];
  const node = [values['a-node-arg'] ?? [], values['b-node-arg'] ?? []];
  const run = (k: number) => timed(process.execPath, [...node[k]!, bins[k]!, ...extra[k]!, ...cliArgs]);
  await run(0);
  await run(1);
  const runs: [TimedRun[], TimedRun[]] = [[], []];
  for (let i = 0; i < pairs; i++) {
    // Alternate which build goes first, so neither always runs right after the other's cache effects.
    const order = i % 2 === 0 ? [0, 1] : [1, 0];
    for (const k of order) runs[k as 0 | 1].push(await run(k));
  }
  const show = (name: string, pick: (r: TimedRun) => number) => {
    const [a, b] = runs.map((rs) => rs.map(pick));
    const ratios = a!.map((x, i) => b![i]! / x);
    console.log(
      `${name}: A ${round(median(a!), 0)} ms, B ${round(median(b!), 0)} ms, B ÷ A ${round(median(ratios), 3)} ` +
        `(pairs ${ratios.map((r) => round(r, 2)).join(' ')})`,
    );
  };
  console.log(`${pairs} pairs of: mcpdesc-validate ${cliArgs.join(' ')}`);
  if (extra.some((e) => e.length > 0))
    console.log(`A adds: ${extra[0]!.join(' ')}; B adds: ${extra[1]!.join(' ')}`);
  show('cpu ', (r) => r.cpuMs);
  show('wall', (r) => r.wallMs);
  const codes = new Set(runs.flat().map((r) => r.code));
  if (codes.size > 1) console.log(`exit codes differ between runs: ${[...codes].join(', ')}`);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`ab: ${(error as Error).message}`);
    process.exitCode = 2;
  },
);
