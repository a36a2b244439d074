// The exit-code rule shared by a run, `merge` and baselines: findings at or above `--fail-on` that a
// baseline did not suppress make exit code 1.

export type FailOn = 'error' | 'warning' | 'info' | 'never';

export interface SeverityCounts {
  error: number;
  warning: number;
  info: number;
}

export function isFailOn(value: unknown): value is FailOn {
  return value === 'error' || value === 'warning' || value === 'info' || value === 'never';
}

/** How many of `counts` are at or above `failOn`. */
export function failingCount(failOn: FailOn, counts: SeverityCounts): number {
  switch (failOn) {
    case 'never':
      return 0;
    case 'error':
      return counts.error;
    case 'warning':
      return counts.error + counts.warning;
    case 'info':
      return counts.error + counts.warning + counts.info;
  }
}

export function emptyCounts(): SeverityCounts {
  return { error: 0, warning: 0, info: 0 };
}
