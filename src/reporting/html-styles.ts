// The HTML report's style sheet, inlined in every page (it opens offline: no font, no image, no
// external sheet). System fonts; colours that keep their meaning in print and for colour-blind
// readers (severity is also written out, never shown by colour alone).
export const PAGE_CSS = `
:root { --error: #c62828; --warning: #b26a00; --info: #1565c0; --unlisted: #9e9e9e; --ok: #2e7d32;
  --line: #d0d7de; --muted: #57606a; --bg-soft: #f6f8fa; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
body { margin: 0; color: #1f2328; background: #fff; font-size: 14px; line-height: 1.45; }
header.top { padding: 16px 24px; border-bottom: 1px solid var(--line); background: var(--bg-soft); }
header.top h1 { margin: 0 0 4px; font-size: 20px; }
header.top .run { color: var(--muted); font-size: 13px; word-break: break-all; }
main { padding: 8px 24px 48px; max-width: 1280px; }
h2 { font-size: 17px; margin: 24px 0 8px; }
h3 { font-size: 14px; margin: 16px 0 4px; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px; }
.verdict { border-left: 6px solid var(--muted); padding: 4px 16px; background: var(--bg-soft); margin-top: 16px; }
.verdict.pass { border-color: var(--ok); } .verdict.fail { border-color: var(--error); } .verdict.incomplete { border-color: var(--warning); }
.verdict h2 { margin: 8px 0 4px; } .verdict .exit { color: var(--muted); font-size: 13px; font-weight: normal; }
.verdict.pass .word { color: var(--ok); } .verdict.fail .word { color: var(--error); } .verdict.incomplete .word { color: var(--warning); }
.verdict ul { margin: 4px 0 8px; padding-left: 20px; }
.tiles { display: flex; flex-wrap: wrap; gap: 12px; }
.tile { border: 1px solid var(--line); border-radius: 6px; padding: 8px 14px; min-width: 170px; }
.tile .label { color: var(--muted); font-size: 12px; text-transform: uppercase; letter-spacing: .04em; }
.tile .value { font-size: 24px; font-weight: 600; }
.tile .detail { font-size: 12.5px; color: var(--muted); }
.versions { list-style: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: 6px 16px; }
.sev-error { color: var(--error); } .sev-warning { color: var(--warning); } .sev-info { color: var(--info); }
.status-valid { color: var(--ok); } .status-invalid { color: var(--error); } .status-error { color: var(--warning); } .status-skipped { color: var(--muted); }
svg text { font-size: 12px; fill: #1f2328; }
svg text.rule { text-anchor: end; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
svg a text.rule { fill: #0969da; } svg a:hover text.rule { text-decoration: underline; }
svg text.total { fill: var(--muted); }
.seg-error { fill: var(--error); background: var(--error); } .seg-warning { fill: #f0a000; background: #f0a000; }
.seg-info { fill: var(--info); background: var(--info); } .seg-unlisted { fill: var(--unlisted); background: var(--unlisted); }
.legend .key { display: inline-block; width: 10px; height: 10px; margin: 0 4px 0 12px; border-radius: 2px; }
.legend .key:first-child { margin-left: 0; }
.note { color: var(--muted); font-size: 13px; }
.caps { border: 1px solid #d4a72c; background: #fff8c5; border-radius: 6px; padding: 8px 14px; margin-top: 16px; }
.caps ul { margin: 4px 0; padding-left: 20px; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; }
table.heatmap th, table.heatmap td { border: 1px solid #fff; padding: 2px 6px; font-size: 12px; }
table.heatmap thead th { vertical-align: bottom; height: 150px; white-space: nowrap; }
table.heatmap thead th span { display: inline-block; writing-mode: vertical-rl; transform: rotate(180deg); font-weight: normal; font-family: ui-monospace, monospace; }
table.heatmap th.folder { text-align: left; font-weight: normal; max-width: 320px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
table.heatmap td { text-align: right; min-width: 34px; }
table.heatmap td.sum { font-weight: 600; }
.h0 { background: var(--bg-soft); } .h1 { background: #fde0dc; } .h2 { background: #f9bdbb; } .h3 { background: #f69988; }
.h4 { background: #f36c60; color: #fff; } .h5 { background: #e84e40; color: #fff; } .h6 { background: #b0120a; color: #fff; }
table.grid th, table.grid td { border-bottom: 1px solid var(--line); padding: 3px 10px; text-align: left; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.new { color: var(--error); } .fixed { color: var(--ok); }
#filters { display: flex; flex-wrap: wrap; gap: 8px; margin: 8px 0; }
#filters select, #filters input { font: inherit; padding: 4px 6px; border: 1px solid var(--line); border-radius: 6px; }
#filters input { min-width: 260px; }
.pager { display: flex; gap: 12px; align-items: center; margin: 8px 0; color: var(--muted); }
.pager button { font: inherit; padding: 2px 10px; }
#doc-table { width: 100%; }
#doc-table th { text-align: left; border-bottom: 2px solid var(--line); padding: 4px 8px; cursor: pointer; user-select: none; white-space: nowrap; }
#doc-table th.num { text-align: right; }
#doc-table th[aria-sort="descending"]::after { content: " ▾"; } #doc-table th[aria-sort="ascending"]::after { content: " ▴"; }
#doc-table td { border-bottom: 1px solid var(--line); padding: 3px 8px; vertical-align: top; }
#doc-table tr.doc { cursor: pointer; } #doc-table tr.doc:hover { background: var(--bg-soft); }
#doc-table td.path { word-break: break-all; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px; }
button.toggle { border: none; background: none; padding: 0 4px; cursor: pointer; font: inherit; }
tr.details > td { background: var(--bg-soft); padding: 6px 12px 10px 28px; }
table.findings td, table.findings th { padding: 2px 8px; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; }
.message { white-space: pre-wrap; word-break: break-word; }
.pointer { color: var(--muted); word-break: break-all; }
.tag { margin-left: 8px; font-size: 11px; padding: 0 6px; border-radius: 8px; background: #ddf4ff; color: #0969da; }
pre.frame { margin: 4px 0 0; padding: 6px 8px; background: #fff; border: 1px solid var(--line); overflow-x: auto; }
.problem { color: var(--warning); }
@media print { #filters, .pager, button.toggle { display: none; } }
`;
