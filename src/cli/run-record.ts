// The first NDJSON record of a validation run: what ran, on what, with which options.
import { createHash } from 'node:crypto';
import type { DiscoveredFile } from '../discovery/discover.js';
import { type RunRecord, SPEC_VERSIONS } from '../types.js';
import { RECORD_TREATMENTS, type RecordKey } from './option-table.js';
import type { CliIo, CliSettings } from './run.js';

export interface RunFacts {
  startedAt: string;
  threads: number;
  cache: boolean;
  /** Every matched input, before --shard, and the inputs of this run. */
  all: readonly DiscoveredFile[];
  files: number;
}

/**
 * The settings whose value is written otherwise than the run holds it, as the run record and
 * --print-config (config.ts) both show them: a limit not set is null, a report as `-f` names it.
 */
export function shownSettings(settings: CliSettings) {
  return {
    maxFileSize: Number.isFinite(settings.maxFileSize) ? settings.maxFileSize : null,
    maxElementSize: settings.maxElementBytes ?? null,
    formats: settings.formats.map((f) => (f.path === null ? f.name : `${f.name}=${f.path}`)),
  };
}

/** What the run used for each option the record carries: after the config file, with the defaults. */
function usedValues(settings: CliSettings, facts: RunFacts): Record<RecordKey, unknown> {
  return {
    failOn: settings.failOn,
    ruleLevels: settings.ruleLevels,
    maxDiagnosticsPerFile: settings.maxDiagnosticsPerFile,
    streamThreshold: settings.streamThreshold,
    quiet: settings.quiet,
    ...shownSettings(settings),
    cache: facts.cache,
    baseline: settings.baseline,
    strictBaseline: settings.strictBaseline,
    maxWarnings: settings.maxWarnings,
    exitZero: settings.exitZero,
    bail: settings.bail,
    stdinFilename: settings.stdinFilename,
    allowEmpty: settings.allowEmpty,
    // Where the settings came from, for a CI log.
    config: settings.configFile,
    stats: settings.stats,
  };
}

/**
 * The record's `options` as the option table lays them out: its keys in its order, an option written
 * only when set left out when null, false or absent.
 */
export function recordOptions(values: Record<RecordKey, unknown>): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const { key, written } of RECORD_TREATMENTS) {
    const value = values[key];
    if (written === 'set' && (value === null || value === undefined || value === false)) continue;
    options[key] = value;
  }
  return options;
}

export function runRecordOf(settings: CliSettings, io: CliIo, facts: RunFacts): RunRecord {
  return {
    type: 'run',
    schemaVersion: 1,
    tool: { name: 'mcpdesc-validate', version: io.version },
    startedAt: facts.startedAt,
    cwd: io.cwd,
    argv: settings.argv,
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    options: recordOptions(usedValues(settings, facts)),
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
