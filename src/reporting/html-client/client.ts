// The HTML report's script: the document table (sort, filter, page, findings per document) and the
// few values that differ between two runs of the same results (time, throughput), read from the
// JSON the page embeds. Compiled on its own for the browser (tsconfig.json here) and inlined in every
// page; it loads nothing. Every string from the run reaches the page as a text node or an attribute
// value, never as markup.
import type { DocRow, FindingRow, PageMeta } from '../html-data.js';

const PAGE_SIZE = 100;
const STATUS = ['valid', 'invalid', 'error', 'skipped'];
const SEVERITY = ['error', 'warning', 'info'];

type Child = Node | string | null | undefined | false;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return node;
}

function readJson<T>(id: string): T {
  return JSON.parse(document.getElementById(id)?.textContent ?? 'null') as T;
}

const fmt = (n: number) => n.toLocaleString('en-US');

const meta = readJson<PageMeta>('mdv-meta');
const rows = readJson<DocRow[]>('mdv-rows');

function folderOf(row: DocRow): string {
  return typeof row.f === 'number' ? (meta.folders[row.f] ?? '') : row.f;
}

function pathOf(row: DocRow): string {
  const folder = folderOf(row);
  const file = folder === '.' ? row.n : folder === '/' ? `/${row.n}` : `${folder}/${row.n}`;
  return row.l === undefined ? file : `${file}:${row.l}`;
}

function ruleId(index: number): string {
  return meta.rules[index]?.id ?? '?';
}

function ruleLink(index: number): Node {
  const rule = meta.rules[index];
  const id = el('code', {}, ruleId(index));
  // Only the catalogue's own pages (https) are linked.
  if (!rule?.docs?.startsWith('https://')) return id;
  return el('a', { href: rule.docs, target: '_blank', rel: 'noopener noreferrer' }, id);
}

function fillRunFacts(): void {
  const summary = meta.summary as { wallMs?: number; throughput?: Record<string, number> };
  const run = meta.run as { startedAt?: string; argv?: string[]; tool?: { version?: string } };
  const set = (name: string, text: string) => {
    for (const node of document.querySelectorAll(`[data-fill="${name}"]`)) node.textContent = text;
  };
  if (typeof summary.wallMs === 'number') set('wall', `${(summary.wallMs / 1000).toFixed(2)} s`);
  const t = summary.throughput;
  if (t) set('throughput', `${fmt(t.filesPerSec ?? 0)} files/s · ${fmt(t.mbPerSec ?? 0)} MB/s`);
  if (run.startedAt) set('started', new Date(run.startedAt).toLocaleString());
  if (Array.isArray(run.argv)) set('argv', ['mcpdesc-validate', ...run.argv].join(' '));
  if (run.tool?.version) set('version', run.tool.version);
}

interface Filters {
  rule: number;
  severity: number;
  status: number;
  folder: string;
  text: string;
}

type SortKey = 'path' | 'status' | 'e' | 'w' | 'i' | 'version';

const state = {
  filters: { rule: -1, severity: -1, status: -1, folder: '', text: '' } as Filters,
  sort: 'e' as SortKey,
  descending: true,
  page: 0,
  open: new Set<DocRow>(),
};

const searchText = new Map<DocRow, string>();
function haystack(row: DocRow): string {
  let text = searchText.get(row);
  if (text === undefined) {
    text = [
      pathOf(row),
      ...row.d.map((f) => `${ruleId(f[0])} ${f[4]} ${meta.messages[f[5]] ?? ''}`),
      row.x ?? '',
    ]
      .join('\n')
      .toLowerCase();
    searchText.set(row, text);
  }
  return text;
}

function hasRule(row: DocRow, rule: number): boolean {
  for (let k = 0; k < row.r.length; k += 2) if (row.r[k] === rule && (row.r[k + 1] ?? 0) > 0) return true;
  return false;
}

function matches(row: DocRow, f: Filters): boolean {
  if (f.rule >= 0 && !hasRule(row, f.rule)) return false;
  if (f.severity >= 0 && [row.e, row.w, row.i][f.severity] === 0) return false;
  if (f.status >= 0 && row.s !== f.status) return false;
  if (f.folder !== '' && folderOf(row) !== f.folder) return false;
  if (f.text !== '' && !haystack(row).includes(f.text)) return false;
  return true;
}

const paths = new Map<DocRow, string>();
function sortPath(row: DocRow): string {
  let path = paths.get(row);
  if (path === undefined) {
    path = pathOf(row);
    paths.set(row, path);
  }
  return path;
}

function byPath(a: DocRow, b: DocRow): number {
  const pa = sortPath(a);
  const pb = sortPath(b);
  return pa < pb ? -1 : pa > pb ? 1 : 0;
}

function compare(a: DocRow, b: DocRow): number {
  const key = state.sort;
  const d =
    key === 'path'
      ? byPath(a, b)
      : key === 'version'
        ? a.v - b.v
        : key === 'status'
          ? a.s - b.s
          : a[key] - b[key];
  if (d !== 0) return state.descending ? -d : d;
  // Ties, whichever the direction: the worst documents first, then by name.
  return b.e - a.e || b.w - a.w || b.i - a.i || byPath(a, b);
}

function versionText(row: DocRow): string {
  const version = meta.versions[row.v];
  return version === undefined ? '' : version === null ? '—' : version;
}

function findingsTable(row: DocRow): HTMLElement {
  const body = el('tbody');
  for (const f of row.d) body.append(findingRow(f));
  const parts: Child[] = [];
  if (row.x) parts.push(el('p', { class: 'problem' }, row.x));
  if (row.d.length > 0)
    parts.push(
      el(
        'table',
        { class: 'findings' },
        el(
          'thead',
          {},
          el(
            'tr',
            {},
            el('th', {}, 'line:col'),
            el('th', {}, 'severity'),
            el('th', {}, 'rule'),
            el('th', {}, 'where and what'),
          ),
        ),
        body,
      ),
    );
  if (row.u > 0)
    parts.push(
      el(
        'p',
        { class: 'note' },
        `${fmt(row.u)} more finding${row.u === 1 ? '' : 's'} not listed on this page.`,
      ),
    );
  if (parts.length === 0) parts.push(el('p', { class: 'note' }, 'No findings.'));
  return el('div', { class: 'detail' }, ...parts);
}

function findingRow(f: FindingRow): HTMLElement {
  const [rule, severity, line, column, pointer, messageIndex, inBaseline, frame] = f;
  const message = meta.messages[messageIndex] ?? '';
  const where = line === null ? '' : column === null ? String(line) : `${line}:${column}`;
  const what = el(
    'td',
    {},
    el('div', { class: 'message' }, message, inBaseline ? el('span', { class: 'tag' }, 'in baseline') : null),
    el('div', { class: 'pointer' }, el('code', {}, pointer === '' ? '/' : pointer)),
    frame === undefined ? null : el('pre', { class: 'frame' }, frame),
  );
  const name = SEVERITY[severity] ?? 'error';
  return el(
    'tr',
    {},
    el('td', { class: 'num' }, where),
    el('td', {}, el('span', { class: `sev sev-${name}` }, name)),
    el('td', {}, ruleLink(rule)),
    what,
  );
}

function documentRow(row: DocRow): HTMLElement[] {
  const open = state.open.has(row);
  const toggle = el(
    'button',
    { class: 'toggle', 'aria-expanded': String(open), title: 'findings' },
    open ? '▾' : '▸',
  );
  const tr = el(
    'tr',
    { class: 'doc' },
    el('td', { class: 'path' }, toggle, ' ', pathOf(row)),
    el('td', {}, el('span', { class: `status status-${STATUS[row.s] ?? ''}` }, STATUS[row.s] ?? '?')),
    el('td', { class: 'num sev-error' }, row.e ? fmt(row.e) : ''),
    el('td', { class: 'num sev-warning' }, row.w ? fmt(row.w) : ''),
    el('td', { class: 'num sev-info' }, row.i ? fmt(row.i) : ''),
    el('td', {}, versionText(row)),
  );
  tr.addEventListener('click', () => {
    if (state.open.has(row)) state.open.delete(row);
    else state.open.add(row);
    render();
  });
  if (!open) return [tr];
  const cell = el('td', { colspan: '6' }, findingsTable(row));
  return [tr, el('tr', { class: 'details' }, cell)];
}

let filtered: DocRow[] = rows;

function refilter(): void {
  filtered = rows.filter((row) => matches(row, state.filters));
  filtered.sort(compare);
  state.page = 0;
}

function render(): void {
  const body = document.getElementById('doc-body');
  if (!body) return;
  const pages = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE));
  state.page = Math.min(state.page, pages - 1);
  const start = state.page * PAGE_SIZE;
  const shown = filtered.slice(start, start + PAGE_SIZE);
  body.replaceChildren(...shown.flatMap(documentRow));
  const count = document.getElementById('doc-count');
  if (count) {
    count.textContent =
      filtered.length === 0
        ? `No document of ${fmt(rows.length)} matches.`
        : `${fmt(start + 1)}–${fmt(start + shown.length)} of ${fmt(filtered.length)} documents` +
          (filtered.length === rows.length ? '' : ` (filtered from ${fmt(rows.length)})`);
  }
  const pageInfo = document.getElementById('page-info');
  if (pageInfo) pageInfo.textContent = `page ${fmt(state.page + 1)} of ${fmt(pages)}`;
  (document.getElementById('page-prev') as HTMLButtonElement | null)?.toggleAttribute(
    'disabled',
    state.page === 0,
  );
  (document.getElementById('page-next') as HTMLButtonElement | null)?.toggleAttribute(
    'disabled',
    state.page >= pages - 1,
  );
  for (const th of document.querySelectorAll<HTMLElement>('#doc-table th[data-sort]')) {
    const active = th.dataset.sort === state.sort;
    th.setAttribute('aria-sort', active ? (state.descending ? 'descending' : 'ascending') : 'none');
  }
}

function select(id: string, label: string, options: Array<[string, string]>): HTMLSelectElement {
  const node = el('select', { id, 'aria-label': label }, el('option', { value: '' }, `any ${label}`));
  for (const [value, text] of options) node.append(el('option', { value }, text));
  return node;
}

function buildControls(): void {
  const host = document.getElementById('filters');
  if (!host) return;
  const ruleCounts = new Map<number, number>();
  const folders = new Map<string, number>();
  for (const row of rows) {
    for (let k = 0; k < row.r.length; k += 2) {
      const rule = row.r[k] ?? 0;
      ruleCounts.set(rule, (ruleCounts.get(rule) ?? 0) + 1);
    }
    const folder = folderOf(row);
    folders.set(folder, (folders.get(folder) ?? 0) + 1);
  }
  const ruleOptions: Array<[string, string]> = [...ruleCounts]
    .sort((a, b) => (ruleId(a[0]) < ruleId(b[0]) ? -1 : 1))
    .map(([rule, docs]) => [String(rule), `${ruleId(rule)} (${fmt(docs)})`]);
  const folderOptions: Array<[string, string]> = [...folders]
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .map(([folder, docs]) => [folder, `${folder} (${fmt(docs)})`]);
  const controls: HTMLElement[] = [
    select('filter-rule', 'rule', ruleOptions),
    select(
      'filter-severity',
      'severity',
      SEVERITY.map((s, i) => [String(i), `with ${s}s`]),
    ),
    select(
      'filter-status',
      'status',
      STATUS.map((s, i) => [String(i), s]),
    ),
  ];
  if (folders.size > 1) controls.push(select('filter-folder', 'folder', folderOptions));
  const text = el('input', {
    id: 'filter-text',
    type: 'search',
    placeholder: 'file, rule, pointer or message',
    'aria-label': 'text',
  });
  controls.push(text);
  host.replaceChildren(...controls);

  const number = (id: string) => {
    const value = (document.getElementById(id) as HTMLSelectElement | null)?.value ?? '';
    return value === '' ? -1 : Number(value);
  };
  const apply = () => {
    state.filters = {
      rule: number('filter-rule'),
      severity: number('filter-severity'),
      status: number('filter-status'),
      folder: (document.getElementById('filter-folder') as HTMLSelectElement | null)?.value ?? '',
      text: text.value.trim().toLowerCase(),
    };
    refilter();
    render();
  };
  for (const node of host.querySelectorAll('select')) node.addEventListener('change', apply);
  let timer: ReturnType<typeof setTimeout> | undefined;
  text.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(apply, 150);
  });
}

function buildTable(): void {
  const head = document.querySelector('#doc-table thead tr');
  for (const th of head?.querySelectorAll<HTMLElement>('th[data-sort]') ?? []) {
    th.addEventListener('click', () => {
      const key = th.dataset.sort as SortKey;
      if (state.sort === key) state.descending = !state.descending;
      else {
        state.sort = key;
        state.descending = key !== 'path';
      }
      refilter();
      render();
    });
  }
  document.getElementById('page-prev')?.addEventListener('click', () => {
    state.page--;
    render();
  });
  document.getElementById('page-next')?.addEventListener('click', () => {
    state.page++;
    render();
  });
}

fillRunFacts();
const files = (meta.summary as { files?: { total?: number } }).files?.total ?? rows.length;
document.title = `mcpdesc-validate: ${fmt(files)} files`;
buildControls();
buildTable();
refilter();
render();
document.body.dataset.ready = 'true';
