// The HTML audit report: one self-contained page (styles, script, data and charts inline; it loads
// nothing, and its Content-Security-Policy forbids it to) that a registry operator can mail around.
//
// Streamed like the other formats: the document rows are written as they arrive, as one JSON array
// inside a <script type="application/json"> element at the top of <body> (data, not shown), and only
// tallies bounded by the rules, folders and versions seen are kept. The visible page (verdict, counts,
// chart, heat map, table) follows the data, written at the end when the summary is known. The detail a
// page embeds is capped (PageLimits); counts stay exact, and the page says what it left out.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { DocumentResult, Reporter, RunRecord, SummaryRecord } from '../types.js';
import { docsUrl } from '../validation/docs.js';
import { RULES } from '../validation/rules/index.js';
import { framesOf } from './code-frame.js';
import type { PageMeta } from './html-data.js';
import { htmlText, scriptJson } from './html-escape.js';
import { createPageModel, DEFAULT_LIMITS, type PageLimits } from './html-model.js';
import {
  capsNote,
  changesSection,
  countsSection,
  heatMap,
  type PageChanges,
  ruleChart,
  verdictSection,
} from './html-static.js';
import { PAGE_CSS } from './html-styles.js';
import { writeChunk } from './output.js';

export type { PageChanges } from './html-static.js';

export interface HtmlReporterOptions {
  /** Directory the reported file names are relative to (to read them for code frames). */
  cwd?: string;
  /** Show the lines of each listed finding (reads the files that have findings again). */
  codeFrame?: boolean;
  limits?: Partial<PageLimits>;
  /** What changed since the baseline or a compared run, asked for at the end (undefined: nothing to say). */
  changes?: () => PageChanges | undefined;
}

const CLIENT_URL = new URL('./html-client/client.js', import.meta.url);
const CATALOGUE = new Set(RULES.map((rule) => rule.id));

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The compiled page script, checked to be safe to inline (it cannot end its own <script> element). */
async function clientScript(): Promise<string> {
  const code = await readFile(CLIENT_URL, 'utf8');
  if (/<\/script|<!--/i.test(code))
    throw new Error(`${CLIENT_URL.pathname} cannot be inlined: it holds </script or <!--`);
  return code;
}

export function createHtmlReporter(out: NodeJS.WritableStream, options: HtmlReporterOptions = {}): Reporter {
  const limits: PageLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const model = createPageModel(
    limits,
    RULES.map((rule) => rule.id),
  );
  const cwd = options.cwd ?? process.cwd();
  let run: RunRecord | null = null;
  let script = '';
  let rows = 0;
  // --stdin-filename: the piped document bears the name of a file that may hold other content.
  let stdinName: string | null = null;

  return {
    async onStart(record: RunRecord) {
      run = record;
      stdinName = typeof record.options.stdinFilename === 'string' ? record.options.stdinFilename : null;
      script = await clientScript();
      // Only this page's own style sheet and script may apply: nothing is fetched, and markup that got
      // in through some unescaped string could not run a script of its own.
      const policy =
        `default-src 'none'; style-src ${sha256(PAGE_CSS)}; script-src ${sha256(script)}; ` +
        "img-src 'none'; base-uri 'none'; form-action 'none'";
      await writeChunk(
        out,
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">\n' +
          `<meta http-equiv="Content-Security-Policy" content="${policy}">\n` +
          '<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
          `<title>mcpdesc-validate audit report</title>\n<style>${PAGE_CSS}</style>\n</head>\n<body>\n` +
          '<script type="application/json" id="mdv-rows">[',
      );
    },

    async onDocument(result: DocumentResult) {
      const listed = model.admit(result);
      if (listed === null) return;
      let frames: Map<(typeof listed)[number], string> | null = null;
      if (options.codeFrame && model.frameRoom > 0 && listed.length > 0 && result.file !== stdinName) {
        const plain = (s: string) => s;
        frames = await framesOf(result, listed, cwd, { gutter: plain, marker: () => plain });
      }
      // The text report indents frames under their finding; in the page each has a box of its own.
      if (frames) for (const [d, frame] of frames) frames.set(d, frame.replace(/^ {2}/gm, ''));
      const row = model.row(result, listed, frames ?? undefined);
      await writeChunk(out, `${rows === 0 ? '\n' : ',\n'}${scriptJson(row)}`);
      rows++;
    },

    async onEnd(summary: SummaryRecord) {
      const findings = summary.counts.error + summary.counts.warning + summary.counts.info;
      const meta: PageMeta = {
        run: { ...(run ?? {}) },
        summary: { ...summary },
        rules: model.rules.map((rule) =>
          CATALOGUE.has(rule.id) ? { id: rule.id, docs: docsUrl(rule.id) } : { id: rule.id },
        ),
        folders: [...model.rowFolders],
        messages: [...model.messages],
        versions: [...model.versions.keys()],
        caps: model.caps(summary.documents, findings),
      };
      const docsUrlOf = (id: string) => (CATALOGUE.has(id) ? docsUrl(id) : undefined);
      const tool = run ? `${run.tool.name} ${run.tool.version}` : 'mcpdesc-validate';
      const target = run?.target ? ` · target ${htmlText(run.target)}` : '';
      const shard = run?.shard ? ` · shard ${run.shard.index}/${run.shard.count}` : '';
      const page =
        `${rows > 0 ? '\n' : ''}]</script>\n` +
        `<script type="application/json" id="mdv-meta">${scriptJson(meta)}</script>\n` +
        `<header class="top"><h1>mcpdesc audit report</h1><div class="run">${htmlText(tool)}${target}${shard}` +
        ' · started <span data-fill="started"></span><br><code data-fill="argv"></code></div></header>\n<main>\n' +
        verdictSection(summary) +
        capsNote(meta.caps) +
        countsSection(summary, model.versions) +
        ruleChart(model.rules, docsUrlOf) +
        heatMap(model.folders, model.rules) +
        changesSection(options.changes?.()) +
        '<section class="documents" id="documents"><h2>Documents</h2>' +
        '<noscript><p>The document table needs JavaScript; everything above is plain HTML.</p></noscript>' +
        '<div id="filters"></div><div class="pager"><button id="page-prev" type="button">‹ previous</button>' +
        '<span id="page-info"></span><button id="page-next" type="button">next ›</button><span id="doc-count"></span></div>' +
        '<table id="doc-table"><thead><tr><th data-sort="path">file</th><th data-sort="status">status</th>' +
        '<th data-sort="e" class="num">errors</th><th data-sort="w" class="num">warnings</th>' +
        '<th data-sort="i" class="num">infos</th><th data-sort="version">mcpdesc</th></tr></thead>' +
        '<tbody id="doc-body"></tbody></table></section>\n</main>\n' +
        `<script type="module">${script}</script>\n</body></html>\n`;
      await writeChunk(out, page);
    },
  };
}
