// The files of a corpus directory as the ideal reads them (what ../shared/tools/ideal.mjs walks):
// every JSON, YAML and JSON Lines file below it, sorted. Only node:fs and node:path, so that the
// ideal's start-up stays Node's own.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export function corpusFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (d: string): void => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(json|ya?ml|jsonl|ndjson)$/.test(path)) files.push(path);
    }
  };
  walk(dir);
  return files.sort();
}
