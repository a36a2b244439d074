// --files-from: one path per line (CR tolerated), or NUL-separated with -0. Empty entries are skipped.
export function splitFileList(text: string, nulSeparated: boolean): string[] {
  const parts = nulSeparated ? text.split('\0') : text.split('\n').map((l) => l.replace(/\r$/, ''));
  return parts.filter((p) => p !== '');
}
