// The progress line: stderr only, only on a terminal and outside CI, redrawn at most 10×/s and erased
// before the run ends so it never mixes with what follows.
export interface ProgressState {
  done: number;
  planned: number;
  bytes: number;
  errors: number;
}

export function shouldShowProgress(flag: boolean, stderrIsTTY: boolean, env: NodeJS.ProcessEnv): boolean {
  return flag && stderrIsTTY && !env.CI && env.TERM !== 'dumb';
}

export function formatProgress(s: ProgressState, elapsedMs: number): string {
  const mbps = elapsedMs > 0 ? s.bytes / 1e6 / (elapsedMs / 1000) : 0;
  const pct = s.planned > 0 ? Math.floor((s.done / s.planned) * 100) : 100;
  return `${s.done}/${s.planned} files (${pct}%) · ${mbps.toFixed(1)} MB/s · ${s.errors} ${s.errors === 1 ? 'error' : 'errors'}`;
}

export class ProgressLine {
  #last = Number.NEGATIVE_INFINITY;
  #shown = false;
  readonly #started = performance.now();
  constructor(private readonly out: NodeJS.WritableStream) {}

  update(state: ProgressState): void {
    const now = performance.now();
    if (now - this.#last < 100) return;
    this.#last = now;
    this.#shown = true;
    this.out.write(`\r\x1b[K${formatProgress(state, now - this.#started)}`);
  }

  clear(): void {
    if (this.#shown) this.out.write('\r\x1b[K');
    this.#shown = false;
  }
}
