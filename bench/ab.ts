// Two builds of the CLI side by side on the same arguments: A B A B … after one warm-up run of each,
// CPU (user + sys, GC threads included) and wall of every run, and the median of the per-pair ratios
// B ÷ A. The way to measure a change against the commit before it on a shared, drifting machine.
// `node dist/bench/ab.js --help` for the options.
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { isMain } from '../corpus/generator/main.js';
import { median, round, type TimedRun, timed } from './lib.js';

export const USAGE = `usage: node dist/bench/ab.js --a DIR_A --b DIR_B [options] -- CLI_ARGS…

Runs two builds of mcpdesc-validate on the same arguments in pairs (A B, then B A, alternating), after
one warm-up run of each, and prints the median of the per-pair ratios B ÷ A of CPU (user + sys, GC
and compiler threads included) and of wall time, with every pair's ratio. stdout is discarded.

  --a DIR, --b DIR                 built checkouts (each with bin/mcpdesc-validate.js); the same one
                                   for both sides to compare two settings
  --pairs N                        pairs to time (default 7)
  --a-arg X, --b-arg X             a CLI argument for one side only (repeat for more)
  --a-node-arg X, --b-node-arg X   an option of node itself for one side only (a V8 flag)
  -h, --help                       this text
  -- CLI_ARGS…                     everything after -- is the CLI's arguments, for both sides

example: node dist/bench/ab.js --a ../main --b . --pairs 9 -- /work/gen/real -f ndjson`;

function readOptions(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      a: { type: 'string' },
      b: { type: 'string' },
      pairs: { type: 'string', default: '7' },
      'a-arg': { type: 'string', multiple: true, default: [] },
      'b-arg': { type: 'string', multiple: true, default: [] },
      'a-node-arg': { type: 'string', multiple: true, default: [] },
      'b-node-arg': { type: 'string', multiple: true, default: [] },
      help: { type: 'boolean', short: 'h' },
    },
  });
  return values;
}

/** What to run: both sides' extra CLI and node arguments as [A, B]. */
export interface AbPlan {
  dirs: [string, string];
  pairs: number;
  extra: [string[], string[]];
  node: [string[], string[]];
  cliArgs: string[];
}

/** The command line read: the plan, a request for the usage, or why it is wrong (one line). */
export function parseAbArgs(argv: readonly string[]): AbPlan | 'help' | { error: string } {
  const split = argv.indexOf('--');
  let values: ReturnType<typeof readOptions>;
  try {
    values = readOptions(argv.slice(0, split === -1 ? undefined : split));
  } catch (error) {
    const { code, message } = error as Error & { code?: string };
    const option = /'([^']+)'/.exec(message)?.[1];
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option) return { error: `unknown option ${option}` };
    return { error: message.split('\n')[0]! };
  }
  if (values.help) return 'help';
  const cliArgs = split === -1 ? [] : argv.slice(split + 1);
  const pairs = Number(values.pairs);
  if (!values.a || !values.b) return { error: 'both --a DIR_A and --b DIR_B are needed' };
  if (!Number.isInteger(pairs) || pairs < 1)
    return { error: `--pairs must be a whole number ≥ 1, got ${values.pairs}` };
  if (cliArgs.length === 0) return { error: 'no CLI arguments: give them after --' };
  return {
    dirs: [values.a, values.b],
    pairs,
    extra: [values['a-arg'], values['b-arg']],
    node: [values['a-node-arg'], values['b-node-arg']],
    cliArgs,
  };
}

/** The command: its usage on --help (exit 0); a bad command line is one line of error, then the usage line (2). */
export async function ab(
  argv: readonly string[],
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  const plan = parseAbArgs(argv);
  if (plan === 'help') {
    out(USAGE);
    return 0;
  }
  if ('error' in plan) {
    err(`ab: ${plan.error}`);
    err(`${USAGE.split('\n')[0]} (--help: the options)`);
    return 2;
  }
  await measure(plan, out);
  return 0;
}

async function measure({ dirs, pairs, extra, node, cliArgs }: AbPlan, out: (line: string) => void) {
  const bins = dirs.map((dir) => join(resolve(dir), 'bin/mcpdesc-validate.js'));
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
    out(
      `${name}: A ${round(median(a!), 0)} ms, B ${round(median(b!), 0)} ms, B ÷ A ${round(median(ratios), 3)} ` +
        `(pairs ${ratios.map((r) => round(r, 2)).join(' ')})`,
    );
  };
  out(`${pairs} pairs of: mcpdesc-validate ${cliArgs.join(' ')}`);
  if (extra.some((e) => e.length > 0)) out(`A adds: ${extra[0].join(' ')}; B adds: ${extra[1].join(' ')}`);
  show('cpu ', (r) => r.cpuMs);
  show('wall', (r) => r.wallMs);
  const codes = new Set(runs.flat().map((r) => r.code));
  if (codes.size > 1) out(`exit codes differ between runs: ${[...codes].join(', ')}`);
}

if (isMain(import.meta.url)) {
  ab(process.argv.slice(2), console.log, console.error).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(`ab: ${(error as Error).message}`);
      process.exitCode = 2;
    },
  );
}
