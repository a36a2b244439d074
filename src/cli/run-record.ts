// The first NDJSON record of a validation run: what ran, on what, with which options.
import { createHash } from 'node:crypto';
import type { DiscoveredFile } from '../discovery/discover.js';
import { type RunRecord, SPEC_VERSIONS } from '../types.js';
import type { CliIo, CliSettings } from './run.js';

export interface RunFacts {
  startedAt: string;
  threads: number;
  cache: boolean;
  /** Every matched input, before --shard, and the inputs of this run. */
  all: readonly DiscoveredFile[];
  files: number;
}

export function runRecordOf(settings: CliSettings, io: CliIo, facts: RunFacts): RunRecord {
  const stdinName = settings.stdinFilename ?? null;
  return {
    type: 'run',
    schemaVersion: 1,
    tool: { name: 'mcpdesc-validate', version: io.version },
    startedAt: facts.startedAt,
    cwd: io.cwd,
    argv: settings.argv,
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    options: {
      failOn: settings.failOn,
      ruleLevels: settings.ruleLevels,
      maxDiagnosticsPerFile: settings.maxDiagnosticsPerFile,
      streamThreshold: settings.streamThreshold,
      maxFileSize: Number.isFinite(settings.maxFileSize) ? settings.maxFileSize : null,
      maxElementSize: settings.maxElementBytes ?? null,
      quiet: settings.quiet,
      formats: settings.formats.map((f) => (f.path === null ? f.name : `${f.name}=${f.path}`)),
      ...(facts.cache ? { cache: true } : {}),
      ...(settings.baseline !== null ? { baseline: settings.baseline } : {}),
      ...(settings.strictBaseline ? { strictBaseline: true } : {}),
      // Options that change records or the verdict: `merge` refuses shards that differ in them.
      ...(settings.maxWarnings != null ? { maxWarnings: settings.maxWarnings } : {}),
      ...(settings.exitZero ? { exitZero: true } : {}),
      ...(settings.bail ? { bail: settings.bail } : {}),
      ...(stdinName !== null ? { stdinFilename: stdinName } : {}),
      ...(settings.allowEmpty === true ? { allowEmpty: true } : {}),
      // Where the settings came from, for a CI log; `merge` ignores it (the settings themselves are above).
      ...(settings.configFile ? { config: settings.configFile } : {}),
      ...(settings.stats ? { stats: true } : {}),
    },
    specVersions: [...SPEC_VERSIONS],
    target: settings.target,
    concurrency: facts.threads,
    shard: settings.shard,
    filesPlanned: facts.files,
    inputs: inputListOf(facts.all),
  };
}

/** What `merge` compares to tell shards of one run from shards of different inputs (RunRecord `inputs`). */
function inputListOf(files: readonly DiscoveredFile[]): NonNullable<RunRecord['inputs']> {
  const hash = createHash('sha256');
  for (const f of files) hash.update(`${f.file}\0`);
  return { files: files.length, sha256: hash.digest('hex') };
}
