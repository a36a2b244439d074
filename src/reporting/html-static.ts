// The parts of the HTML report drawn here rather than in the browser: the verdict, the counts, the
// chart of findings by rule, the folder × rule heat map and the changes since the baseline or the
// compared run. They are plain HTML and inline SVG: they need no script (a mail client that blocks
// scripts still shows them), no charting library to pin and inline, and cost a few kilobytes, whatever
// the size of the run. Only the document table, which must sort, filter and page, is the script's.
// Everything taken from the run is escaped by htmlText.
import type { SummaryRecord } from '../types.js';
import type { PageCaps } from './html-data.js';
import { htmlText } from './html-escape.js';
import { type FolderTally, OTHER, type RuleTally } from './html-model.js';
import { plural } from './output.js';
import { reasonLines } from './reasons.js';

/** New, fixed and unchanged findings of one rule since an earlier run (baseline or compared report). */
export interface RuleChange {
  new: number;
  fixed: number;
  unchanged: number;
}

/** What a run with --baseline, or `report --compare`, says changed. */
export interface PageChanges {
  /** What the run is compared with, as the reader should see it ("the baseline baseline.ndjson"). */
  against: string;
  byRule: Record<string, RuleChange>;
  /** What makes the comparison less than exact. */
  notes: string[];
}

const n = (value: number) => value.toLocaleString('en-US');

function count(value: number, singular: string, pluralForm?: string): string {
  return plural(value, singular, pluralForm).replace(/^\d+/, n(value));
}

const VERDICT_WORD: Readonly<Record<number, string>> = {
  0: 'Passed',
  1: 'Failed',
  2: 'Incomplete',
  130: 'Interrupted',
};

/** Why the run's exit code is what it is, one reason a line: the summary's reasons, and what did not count. */
export function verdictReasons(summary: SummaryRecord): string[] {
  const lines = reasonLines(summary);
  const reasons = lines.map((line) => line.text);
  if (!lines.some((line) => line.kind === 'findings')) {
    reasons.push(
      summary.failOn === 'never'
        ? 'Findings never fail this run (fail on: never).'
        : `No finding at or above the failing level (${summary.failOn}).`,
    );
  }
  const accepted = summary.suppressed ?? { error: 0, warning: 0, info: 0 };
  const baselined = accepted.error + accepted.warning + accepted.info;
  if (baselined > 0) reasons.push(`${count(baselined, 'finding')} recorded in the baseline do not count.`);
  return reasons;
}

export function verdictSection(summary: SummaryRecord): string {
  const word = VERDICT_WORD[summary.exitCode] ?? `Exit code ${summary.exitCode}`;
  const kind = summary.exitCode === 0 ? 'pass' : summary.exitCode === 1 ? 'fail' : 'incomplete';
  const reasons = verdictReasons(summary)
    .map((r) => `<li>${htmlText(r)}</li>`)
    .join('');
  return (
    `<section class="verdict ${kind}" id="verdict"><h2><span class="word">${word}</span>` +
    ` <span class="exit">exit code ${summary.exitCode}</span></h2><ul>${reasons}</ul></section>`
  );
}

function tile(label: string, value: string, id: string, detail = ''): string {
  return `<div class="tile"><div class="label">${label}</div><div class="value" id="${id}">${value}</div>${detail}</div>`;
}

/** Counts by status and severity, the versions seen; the run's time and throughput are filled in by the script. */
export function countsSection(summary: SummaryRecord, versions: ReadonlyMap<string | null, number>): string {
  const { files, counts } = summary;
  const statuses = (['valid', 'invalid', 'error', 'skipped'] as const)
    .map((s) => `<span class="status-${s}">${n(files[s])} ${s}</span>`)
    .join(' · ');
  const severities = (['error', 'warning', 'info'] as const)
    .map(
      (s) =>
        `<span class="sev-${s}" id="count-${s}">${n(counts[s])}</span> ${s}${counts[s] === 1 ? '' : 's'}`,
    )
    .join(' · ');
  const seen = [...versions]
    .sort((a, b) => b[1] - a[1])
    .map(
      ([version, documents]) =>
        `<li><code>${version === null ? '<i>none declared</i>' : htmlText(version)}</code> ${n(documents)}</li>`,
    )
    .join('');
  const documents =
    summary.documents === files.total
      ? ''
      : `<div class="detail">${count(summary.documents, 'document')}</div>`;
  return (
    '<section class="counts" id="counts"><h2>Counts</h2><div class="tiles">' +
    tile('Files', n(files.total), 'files-total', `<div class="detail">${statuses}</div>${documents}`) +
    tile(
      'Findings',
      n(counts.error + counts.warning + counts.info),
      'findings-total',
      `<div class="detail">${severities}</div>`,
    ) +
    tile(
      'Tools',
      n(summary.tools),
      'tools-total',
      `<div class="detail">${(summary.bytes / 1e6).toFixed(1)} MB read</div>`,
    ) +
    tile(
      'Time',
      '<span data-fill="wall">–</span>',
      'wall',
      '<div class="detail" data-fill="throughput"></div>',
    ) +
    `</div><h3>Versions seen</h3><ul class="versions">${seen || '<li>none</li>'}</ul></section>`
  );
}

const BAR_AREA = 420;
const LABEL_WIDTH = 330;
const ROW_HEIGHT = 22;
const MAX_BARS = 40;
const SEGMENTS = ['error', 'warning', 'info', 'unlisted'] as const;

/** A horizontal stacked bar per rule with findings, largest first; each rule links to its page. */
export function ruleChart(
  rules: readonly RuleTally[],
  docsUrlOf: (id: string) => string | undefined,
): string {
  const totals = rules
    .map((r) => ({ rule: r, total: r.error + r.warning + r.info + r.unlisted }))
    .filter((t) => t.total > 0)
    .sort((a, b) => b.total - a.total || (a.rule.id < b.rule.id ? -1 : 1));
  if (totals.length === 0)
    return '<section class="chart" id="chart"><h2>Findings by rule</h2><p>No findings.</p></section>';
  const shown = totals.slice(0, MAX_BARS);
  const max = shown[0]!.total;
  const height = shown.length * ROW_HEIGHT + 8;
  const width = LABEL_WIDTH + BAR_AREA + 90;
  const bars = shown.map(({ rule, total }, i) => {
    const y = i * ROW_HEIGHT + 4;
    let x = LABEL_WIDTH;
    let rects = '';
    for (const segment of SEGMENTS) {
      const value = rule[segment];
      if (value === 0) continue;
      // At least a sliver, so a rule with one finding beside one with 25,000 still shows its colour.
      const w = Math.max(2, (value / max) * BAR_AREA);
      rects += `<rect class="seg-${segment}" x="${x.toFixed(1)}" y="${y + 3}" width="${w.toFixed(1)}" height="${ROW_HEIGHT - 8}"/>`;
      x += w;
    }
    const parts = SEGMENTS.filter((s) => rule[s] > 0).map((s) =>
      s === 'unlisted' ? `${n(rule[s])} not listed by the run` : count(rule[s], s),
    );
    const id = htmlText(rule.id);
    const docs = docsUrlOf(rule.id);
    const label = `<text class="rule" x="${LABEL_WIDTH - 8}" y="${y + ROW_HEIGHT / 2 + 4}">${id}</text>`;
    return (
      `<g class="bar" data-rule="${id}" data-count="${total}"><title>${id}: ${htmlText(parts.join(', '))}</title>` +
      (docs ? `<a href="${htmlText(docs)}" target="_blank" rel="noopener noreferrer">${label}</a>` : label) +
      `${rects}<text class="total" x="${(x + 6).toFixed(1)}" y="${y + ROW_HEIGHT / 2 + 4}">${n(total)}</text></g>`
    );
  });
  const more =
    totals.length > shown.length
      ? `<p class="note">${count(totals.length - shown.length, 'more rule')} with fewer findings: see the table's rule filter.</p>`
      : '';
  const legend = SEGMENTS.filter((s) => shown.some(({ rule }) => rule[s] > 0))
    .map(
      (s) =>
        `<span class="key seg-${s}"></span>${s === 'unlisted' ? 'not listed by the run (severity not recorded)' : `${s}s`}`,
    )
    .join(' ');
  return (
    `<section class="chart" id="chart"><h2>Findings by rule</h2><p class="legend">${legend}</p>` +
    `<svg role="img" aria-label="Findings by rule" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${bars.join('')}</svg>${more}</section>`
  );
}

const HEAT_ROWS = 30;
const HEAT_COLUMNS = 16;
const HEAT_LEVELS = 6;

/** Folders × rules, counts shaded on a log scale (a folder of 20,000 findings beside one of 3). */
export function heatMap(folders: ReadonlyMap<string, FolderTally>, rules: readonly RuleTally[]): string {
  if (folders.size < 2) return '';
  const ruleTotals = new Map<number, number>();
  for (const tally of folders.values())
    for (const [rule, count] of tally.byRule) ruleTotals.set(rule, (ruleTotals.get(rule) ?? 0) + count);
  const columns = [...ruleTotals]
    .filter(([, total]) => total > 0)
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, HEAT_COLUMNS)
    .map(([rule]) => rule);
  if (columns.length === 0) return '';
  const rows = [...folders.values()]
    .filter((f) => f.total > 0)
    .sort((a, b) => b.total - a.total || (a.folder < b.folder ? -1 : 1));
  const shown = rows.slice(0, HEAT_ROWS);
  const prefix = commonFolder(shown.map((f) => f.folder));
  let max = 1;
  for (const f of shown) for (const rule of columns) max = Math.max(max, f.byRule.get(rule) ?? 0);
  const level = (value: number) =>
    value === 0
      ? 0
      : 1 + Math.min(HEAT_LEVELS - 1, Math.floor((Math.log(value) / Math.log(max + 1)) * HEAT_LEVELS));
  const head = columns
    .map((rule) => {
      const id = rules[rule]!.id;
      return `<th title="${htmlText(id)}"><span>${htmlText(id.replace(/^mcpdesc\./, ''))}</span></th>`;
    })
    .join('');
  const body = shown
    .map((f) => {
      const cells = columns
        .map((rule) => {
          const value = f.byRule.get(rule) ?? 0;
          return `<td class="h${level(value)}">${value === 0 ? '' : n(value)}</td>`;
        })
        .join('');
      const name = f.folder === OTHER ? f.folder : f.folder.slice(prefix.length);
      return `<tr><th class="folder" title="${htmlText(f.folder)}">${htmlText(name)}</th><td class="sum">${n(f.total)}</td>${cells}</tr>`;
    })
    .join('');
  const more =
    rows.length > shown.length
      ? `<p class="note">${count(rows.length - shown.length, 'more folder')} with findings: see the table's folder filter.</p>`
      : '';
  return (
    `<section class="heat" id="heat"><h2>Findings by folder and rule</h2>` +
    (prefix === '' ? '' : `<p class="note">Folders under <code>${htmlText(prefix)}</code></p>`) +
    '<div class="scroll"><table class="heatmap">' +
    `<thead><tr><th>folder</th><th>all</th>${head}</tr></thead><tbody>${body}</tbody></table></div>${more}</section>`
  );
}

/** The folder (ending in '/') all of `folders` are inside, '' when none is shared. */
function commonFolder(folders: readonly string[]): string {
  const named = folders.filter((f) => f !== OTHER);
  if (named.length < 2) return '';
  let prefix = named[0]!;
  for (const folder of named) {
    while (prefix !== '' && !`${folder}/`.startsWith(`${prefix}/`)) {
      const slash = prefix.lastIndexOf('/');
      prefix = slash < 0 ? '' : prefix.slice(0, slash);
    }
  }
  // A folder that is the prefix itself would show as nothing.
  return prefix === '' || named.includes(prefix) ? '' : `${prefix}/`;
}

/** New, fixed and unchanged findings by rule; null when the run was compared with nothing. */
export function changesSection(changes: PageChanges | undefined): string {
  if (!changes) return '';
  const rows = Object.entries(changes.byRule)
    .filter(([, c]) => c.new + c.fixed > 0)
    .sort((a, b) => b[1].new - a[1].new || b[1].fixed - a[1].fixed || (a[0] < b[0] ? -1 : 1));
  const total = { new: 0, fixed: 0, unchanged: 0 };
  for (const c of Object.values(changes.byRule)) {
    total.new += c.new;
    total.fixed += c.fixed;
    total.unchanged += c.unchanged;
  }
  const body = rows
    .map(
      ([rule, c]) =>
        `<tr><td><code>${htmlText(rule)}</code></td><td class="num new">${c.new ? `+${n(c.new)}` : ''}</td>` +
        `<td class="num fixed">${c.fixed ? `−${n(c.fixed)}` : ''}</td><td class="num">${n(c.unchanged)}</td></tr>`,
    )
    .join('');
  const notes = changes.notes.map((note) => `<li>${htmlText(note)}</li>`).join('');
  return (
    `<section class="changes" id="changes"><h2>Since ${htmlText(changes.against)}</h2>` +
    `<p><span class="new" id="changes-new">${n(total.new)} new</span>, <span class="fixed" id="changes-fixed">${n(total.fixed)} fixed</span>, ${n(total.unchanged)} unchanged.</p>` +
    (rows.length > 0
      ? `<table class="grid"><thead><tr><th>rule</th><th>new</th><th>fixed</th><th>unchanged</th></tr></thead><tbody>${body}</tbody></table>`
      : '<p>No rule has new or fixed findings.</p>') +
    (notes ? `<ul class="notes">${notes}</ul>` : '') +
    '</section>'
  );
}

/** What the page leaves out of a large run, said where the reader looks for it. */
export function capsNote(caps: PageCaps): string {
  const lines: string[] = [];
  if (caps.listedRows < caps.documents) {
    lines.push(
      `The table lists ${n(caps.listedRows)} of ${count(caps.documents, 'document')} (at most ${n(caps.rows)} that need attention and ${n(caps.validRows)} valid ones, in the run's order).`,
    );
  }
  if (caps.findingsLeftOut > 0) {
    lines.push(
      `${n(caps.listedFindings)} of ${count(caps.findingsTotal, 'finding')} are listed with their position and message (at most ${n(caps.findings)}, errors first; ${n(caps.findingsLeftOut)} more are counted only).`,
    );
  }
  if (caps.framesLeftOut > 0) {
    lines.push(
      `${count(caps.framesLeftOut, 'listed finding')} ${caps.framesLeftOut === 1 ? 'has' : 'have'} no code frame: the page holds at most ${n(caps.frameChars)} characters of them.`,
    );
  }
  if (lines.length === 0) return '';
  return `<div class="caps" id="caps"><strong>Every count on this page is exact; the detail is capped.</strong><ul>${lines.map((l) => `<li>${htmlText(l)}</li>`).join('')}</ul></div>`;
}
