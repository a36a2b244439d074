// Spawn the real CLI (bin/mcpdesc-validate.js → dist) and parse its NDJSON.
import { type SpawnOptions, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
export const BIN = join(REPO_ROOT, 'bin/mcpdesc-validate.js');
/** The CLI entry that loads the worker MCPDESC_VALIDATE_TEST_WORKER names (tests only). */
export const TEST_BIN = join(REPO_ROOT, 'dist/test/helpers/cli-with-worker.js');
/** The compiled fault-injecting worker (test/helpers/faulty-worker.ts). */
export const FAULTY_WORKER = join(REPO_ROOT, 'dist/test/helpers/faulty-worker.js');

/**
 * The environment a spawned CLI runs in: the test process's, without the variables that change what the
 * CLI writes (Node's test runner sets FORCE_COLOR for its children on a terminal; CI runners set CI and
 * GITHUB_WORKSPACE), plus `extra`. Tests that want colour or CI behaviour say so in `extra`.
 */
export function cliEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['FORCE_COLOR', 'NO_COLOR', 'CI', 'GITHUB_ACTIONS', 'GITHUB_WORKSPACE'])
    delete env[name];
  return { ...env, ...extra };
}

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  records: Array<Record<string, unknown> & { type: string }>;
}

export function parseNdjson(text: string): CliResult['records'] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line));
}

export interface RunOptions {
  cwd: string;
  env?: Record<string, string>;
  stdin?: string | Buffer;
  /** Called with the child once it is spawned and with each stdout chunk. */
  onStdout?: (chunk: string, child: ReturnType<typeof spawn>) => void;
}

export function runCli(args: string[], options: RunOptions): Promise<CliResult> {
  const spawnOptions: SpawnOptions = {
    cwd: options.cwd,
    env: cliEnv(options.env),
    stdio: ['pipe', 'pipe', 'pipe'],
  };
  return new Promise((resolve, reject) => {
    const entry = options.env?.MCPDESC_VALIDATE_TEST_WORKER ? TEST_BIN : BIN;
    const child = spawn(process.execPath, [entry, ...args], spawnOptions);
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      options.onStdout?.(chunk, child);
    });
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      let records: CliResult['records'] = [];
      try {
        records = parseNdjson(stdout);
      } catch {
        records = [];
      }
      resolve({ code, signal, stdout, stderr, records });
    });
    child.stdin!.end(options.stdin ?? '');
  });
}

/**
 * The CLI with its stdout piped into `head -<lines>` (the reader leaves early), through bash so the pipe
 * is a real one. `status` is the CLI's own exit status (bash's PIPESTATUS), null if it was not printed.
 */
export function runCliIntoHead(
  args: string,
  lines: number,
  options: Pick<RunOptions, 'cwd' | 'env'> & { catInto?: string },
): Promise<{ stdout: string; stderr: string; status: number | null }> {
  // `catInto`: a file piped into the CLI's standard input (`cat FILE | cli | head`).
  const cat = options.catInto === undefined ? '' : `cat "${options.catInto}" | `;
  const status = options.catInto === undefined ? 'PIPESTATUS[0]' : 'PIPESTATUS[1]';
  return new Promise((resolve) => {
    const child = spawn(
      'bash',
      [
        '-c',
        `${cat}"${process.execPath}" "${BIN}" ${args} | head -${lines}; echo "status=\${${status}}" >&2`,
      ],
      { cwd: options.cwd, env: cliEnv(options.env) },
    );
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('close', () => {
      const status = /status=(\d+)/.exec(stderr);
      resolve({ stdout, stderr, status: status ? Number(status[1]) : null });
    });
  });
}

/**
 * Spawn the CLI, send SIGINT once `marker` shows on stdout, and wait for it to close. A CLI that
 * lingers after the interrupt is killed by a guard (a hang guard, not a timing assertion) so that the
 * test fails instead of hanging. stdin stays open (a pipe nobody writes to) when `openStdin`.
 */
export async function interruptWhen(
  args: string[],
  cwd: string,
  marker: string,
  openStdin = false,
): Promise<{ code: number | null; stdout: string }> {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd,
    env: cliEnv(),
    stdio: [openStdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let signalled = false;
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    if (!signalled && stdout.includes(marker)) {
      signalled = true;
      child.kill('SIGINT');
    }
  });
  child.stderr!.resume();
  const guard = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const code = await new Promise<number | null>((done) => child.on('close', done));
  clearTimeout(guard);
  child.stdin?.destroy();
  return { code, stdout };
}

export function tempDir(prefix: string, base = tmpdir()): { path: string; remove: () => void } {
  const path = mkdtempSync(join(base, `mcpdesc-${prefix}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}
