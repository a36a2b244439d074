import { escapeName } from './walk-fs.js';

// --files-from: one path per line (CR tolerated), or NUL-separated with -0. Empty entries are skipped.
export function splitFileList(text: string, nulSeparated: boolean): string[] {
  const parts = nulSeparated ? text.split('\0') : text.split('\n').map((l) => l.replace(/\r$/, ''));
  return parts.filter((p) => p !== '');
}

/**
 * The same from the list's bytes: a path that is not UTF-8 (`find -print0` lists names as they are) is
 * returned escaped (walk-fs.ts `escapeName`), with its bytes in `raw` under that name to open it by.
 */
export function splitFileListBytes(
  bytes: Buffer,
  nulSeparated: boolean,
): { paths: string[]; raw: Map<string, Buffer> } {
  const paths: string[] = [];
  const raw = new Map<string, Buffer>();
  const separator = nulSeparated ? 0 : 0x0a;
  let start = 0;
  while (start <= bytes.length) {
    let end = bytes.indexOf(separator, start);
    if (end === -1) end = bytes.length;
    let entry = bytes.subarray(start, end);
    if (!nulSeparated && entry.at(-1) === 0x0d) entry = entry.subarray(0, -1);
    start = end + 1;
    if (entry.length === 0) continue;
    const path = escapeName(entry);
    if (!Buffer.from(path, 'utf8').equals(entry)) raw.set(path, Buffer.from(entry));
    paths.push(path);
  }
  return { paths, raw };
}
