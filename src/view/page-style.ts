// The page's stylesheet (plain CSS, inlined into the page: the export must need no network).
export const PAGE_CSS = `
:root { --fg:#1d2430; --muted:#5f6b7a; --line:#d9dee5; --bg:#f6f7f9; --card:#fff; --accent:#2457c5; }
* { box-sizing: border-box; }
body { margin:0; font:14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color:var(--fg); background:var(--bg); }
header { display:flex; gap:16px; align-items:center; padding:10px 20px; background:#1d2430; color:#fff; position:sticky; top:0; z-index:2; }
header h1 { font-size:16px; margin:0; font-weight:600; }
header a { color:#fff; text-decoration:none; }
header input { flex:1; max-width:420px; padding:6px 10px; border-radius:6px; border:0; font-size:14px; }
main { padding:16px 20px; max-width:1280px; margin:0 auto; }
table { border-collapse:collapse; width:100%; background:var(--card); }
th, td { text-align:left; padding:6px 8px; border-bottom:1px solid var(--line); vertical-align:top; }
th { font-weight:600; color:var(--muted); font-size:12px; text-transform:uppercase; letter-spacing:.03em; }
tr.thread-row { cursor:pointer; }
tr.thread-row:hover { background:#eef3fd; }
.muted { color:var(--muted); }
.mono { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size:12px; }
.prompt { max-width:520px; overflow:hidden; text-overflow:ellipsis; white-space:nowrap; }
.layout { display:grid; grid-template-columns: minmax(0,1fr) minmax(0,1.15fr); gap:20px; }
@media (max-width: 1000px) { .layout { grid-template-columns: 1fr; } }
h2 { font-size:15px; margin:18px 0 8px; }
.card { background:var(--card); border:1px solid var(--line); border-radius:8px; padding:10px 12px; margin-bottom:10px; }
.item { border-left:3px solid var(--line); padding:4px 10px; margin:6px 0; }
.item .kind { font-size:11px; font-weight:600; text-transform:uppercase; color:var(--muted); letter-spacing:.04em; }
.item pre, .card pre { white-space:pre-wrap; word-break:break-word; margin:4px 0 0; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size:12px; max-height:320px; overflow:auto; }
.item.user { border-color:#2457c5; background:#f1f5fe; }
.item.assistant { border-color:#1f8a4c; }
.item.reasoning { border-color:#a0a8b4; color:#4a5463; }
.item.tool_call, .item.file_change { border-color:#c77d12; }
.item.tool_output { border-color:#e0b26a; }
.item.compaction { border-color:#8b3fb8; background:#faf4fd; }
.item.fork { border-color:#d0342c; background:#fdf3f2; }
.item.context { border-color:#c8ced6; color:#4a5463; }
.item.inherited { opacity:.6; }
.turn-head { font-weight:600; margin-top:14px; color:var(--muted); font-size:12px; }
button { font:inherit; font-size:12px; padding:2px 8px; border:1px solid var(--accent); color:var(--accent); background:#fff; border-radius:5px; cursor:pointer; }
button:hover { background:#eef3fd; }
.bar { display:flex; height:14px; border-radius:4px; overflow:hidden; margin:6px 0; background:#eee; }
.bar span { display:block; height:100%; }
.swatch { display:inline-block; width:10px; height:10px; border-radius:2px; margin-right:6px; vertical-align:middle; }
.composition td, .composition th { padding:3px 6px; font-size:12px; }
.num { text-align:right; font-variant-numeric: tabular-nums; }
.stable { font-size:12px; margin:6px 0; }
details summary { cursor:pointer; color:var(--accent); font-size:12px; margin-top:4px; }
.diff .add { background:#e6f6ea; } .diff .del { background:#fdecec; } .diff .gap { color:var(--muted); }
.note { font-size:12px; color:#8a5a00; background:#fff8e6; border:1px solid #f0dca8; padding:6px 8px; border-radius:6px; margin:8px 0; }
`;
