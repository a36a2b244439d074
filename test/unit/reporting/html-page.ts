// Reading an HTML report back in tests: its embedded JSON blocks, its policy, its scripts.
import type { DocRow, PageMeta } from '../../../src/reporting/html-data.js';

export interface ParsedPage {
  rows: DocRow[];
  meta: PageMeta;
  /** Every `<script…>` opening tag, in order. */
  scriptTags: string[];
  /** The inline page script (the module). */
  script: string;
  style: string;
  policy: string;
}

function between(html: string, open: string, close: string): string {
  const start = html.indexOf(open);
  if (start < 0) throw new Error(`no ${open}`);
  const end = html.indexOf(close, start + open.length);
  if (end < 0) throw new Error(`no ${close} after ${open}`);
  return html.slice(start + open.length, end);
}

export function parsePage(html: string): ParsedPage {
  return {
    rows: JSON.parse(between(html, '<script type="application/json" id="mdv-rows">', '</script>')),
    meta: JSON.parse(between(html, '<script type="application/json" id="mdv-meta">', '</script>')),
    scriptTags: html.match(/<script\b[^>]*>/gi) ?? [],
    script: between(html, '<script type="module">', '</script>'),
    style: between(html, '<style>', '</style>'),
    policy: between(html, '<meta http-equiv="Content-Security-Policy" content="', '"'),
  };
}

/** The full path a row names, as the page shows it. */
export function rowPath(row: DocRow, meta: PageMeta): string {
  const folder = typeof row.f === 'number' ? meta.folders[row.f]! : row.f;
  return folder === '.' ? row.n : `${folder}/${row.n}`;
}
