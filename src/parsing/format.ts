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

function isBlank(b: number): boolean {
  return b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;
}

/**
 * JSON Lines in bytes that have no name to tell (standard input): the first non-blank line is a whole
 * JSON object and a later line starts with `{`. Such text is neither one JSON document (a value after
 * the first) nor one YAML document (two flow mappings), so reading it as JSON Lines takes nothing valid
 * away. A pretty-printed document's first line (`{`, `{"a": 1,`) is not a whole object.
 */
export function looksLikeJsonLines(bytes: Uint8Array): boolean {
  let i = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && isBlank(bytes[i]!)) i++;
  if (bytes[i] !== 0x7b) return false;
  const newline = bytes.indexOf(0x0a, i);
  if (newline === -1) return false;
  let next = newline + 1;
  while (next < bytes.length && isBlank(bytes[next]!)) next++;
  if (bytes[next] !== 0x7b) return false;
  try {
    const first: unknown = JSON.parse(
      Buffer.from(bytes.buffer, bytes.byteOffset + i, newline - i).toString('utf8'),
    );
    return first !== null && typeof first === 'object' && !Array.isArray(first);
  } catch {
    return false;
  }
}
