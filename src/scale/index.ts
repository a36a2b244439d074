// Scale-out: shards, merge, compare, baselines and the result cache. Entry points for the CLI:
//
//   --shard K/N        parseShard, inShard (filter the sorted input before dispatch)
//   merge / compare    runMerge, runCompare (args, out, err) → exit code
//   --cache            openCache (main thread: hint per job, record per outcome, save at the end);
//                      keyOfBytes + replay in the worker (cache-key.ts, worker-safe)
//   --baseline         loadBaseline, applyBaseline per document, staleEntries for --strict-baseline
//   --write-baseline   collectFindings per document, writeBaseline at the end
export type { Baseline, BaselineEntry, BaselineMatch, Finding, FindingCollector } from './baseline.js';
export {
  applyBaseline,
  BaselineError,
  collectFindings,
  describeStale,
  fingerprint,
  loadBaseline,
  staleEntries,
  writeBaseline,
} from './baseline.js';
export type { CacheSettings, CacheStats, ResultCache } from './cache.js';
export { cachePath, DEFAULT_CACHE_LOCATION, defaultCacheLocation, openCache, replayFile } from './cache.js';
export type { CachedDocumentResult, CacheHint, RunKeyParts } from './cache-key.js';
export { contentHash, formatKeyOf, keyOfBytes, replay, runKey } from './cache-key.js';
export type { ComparedFinding, CompareResult, ComparisonRecord } from './compare.js';
export { compareRuns } from './compare.js';
export type { MergeResult } from './merge.js';
export { mergeRuns, NON_RESULT_OPTIONS } from './merge.js';
export type { ReportSource } from './ndjson.js';
export type { Shard } from './shard.js';
export { compareDocumentKeys, inShard, normalizePath, parseShard, shardOf } from './shard.js';
export { COMPARE_USAGE, MERGE_USAGE, runCompare, runMerge } from './subcommands.js';
export type { FailOn, SeverityCounts } from './verdict.js';
export { failingCount } from './verdict.js';
