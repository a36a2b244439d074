// Input format from the file name; sniffed from the first bytes when the name says nothing.
import type { InputFormat } from '../types.js';

export interface DetectedFormat {
  format: Exclude<InputFormat, 'unknown'>;
  gzip: boolean;
}

const BY_EXTENSION: Record<string, DetectedFormat['format']> = {
  '.json': 'json',
  '.yaml': 'yaml',
  '.yml': 'yaml',
  '.jsonl': 'jsonl',
  '.ndjson': 'jsonl',
};

/** `x.json`, `x.yaml.gz`… → format and compression; null when the extension is not one of ours. */
export function formatFromName(name: string): { format: DetectedFormat['format'] | null; gzip: boolean } {
  let lower = name.toLowerCase();
  const gzip = lower.endsWith('.gz');
  if (gzip) lower = lower.slice(0, -3);
  const dot = lower.lastIndexOf('.');
  const slash = Math.max(lower.lastIndexOf('/'), lower.lastIndexOf('\\'));
  const ext = dot > slash ? lower.slice(dot) : '';
  return { format: BY_EXTENSION[ext] ?? null, gzip };
}

export function isGzipMagic(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** Unknown extension: the first non-space byte (after a BOM) `{` or `[` means JSON, anything else YAML. */
export function sniffFormat(bytes: Uint8Array): 'json' | 'yaml' {
  let i = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b !== 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d)
      return b === 0x7b || b === 0x5b ? 'json' : 'yaml';
    i++;
  }
  return 'json';
}
