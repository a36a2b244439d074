// The command's V8 flags, set before anything of the tool is loaded; its worker threads share them.
// A run is short and its hot code is warm after a few files: at V8's default interrupt budget the
// optimising compiler works on many functions that are barely warm yet, on helper threads whose CPU
// the run pays for. A larger budget tiers them up later (bench/results/throughput.md, row 3).
// V8 takes a code cache only under the flags it was made with: scripts/build-code-cache.ts writes
// the caches once as the library runs (no flags) and once under these, each named by its V8 tag.
import { setFlagsFromString } from 'node:v8';

export const CLI_V8_FLAGS = ['--interrupt-budget=300000'];

export function applyCliV8Flags() {
  for (const flag of CLI_V8_FLAGS) setFlagsFromString(flag);
}
