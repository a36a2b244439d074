// The CLI run in-process, main() with its output captured: for what a spawned CLI cannot show (a
// terminal as stdout) and for the unit tests, which spawn no process.
import { Writable } from 'node:stream';
import { main } from '../../src/cli/main.js';
import { type CliResult, cliEnv, parseNdjson } from './run-cli.js';

class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer, _e: BufferEncoding, cb: (error?: Error | null) => void) {
    this.text += chunk.toString();
    cb();
  }
}

export interface MainOptions {
  cwd: string;
  stdoutIsTTY?: boolean;
  /** The whole environment the command sees (nothing from the test process's). */
  env?: NodeJS.ProcessEnv;
}

export async function runMain(
  argv: string[],
  options: MainOptions,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new Capture();
  const stderr = new Capture();
  const saved = process.exitCode;
  try {
    const code = await main(argv, {
      stdout,
      stderr,
      stdoutIsTTY: options.stdoutIsTTY ?? false,
      stderrIsTTY: false,
      cwd: options.cwd,
      env: options.env ?? {},
    });
    return { code, stdout: stdout.text, stderr: stderr.text };
  } finally {
    process.exitCode = saved;
  }
}

/**
 * runCli's result from main() in-process, in the environment a spawned CLI gets: main() returns the code
 * it sets as the process's exit code, so a test of a verdict or a setting needs no process of its own.
 */
export async function runMainAsCli(
  args: string[],
  options: { cwd: string; env?: Record<string, string> },
): Promise<CliResult> {
  const r = await runMain(args, { cwd: options.cwd, env: cliEnv(options.env) });
  let records: CliResult['records'] = [];
  try {
    records = parseNdjson(r.stdout);
  } catch {
    records = [];
  }
  return { ...r, signal: null, records };
}
