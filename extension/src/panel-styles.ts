/** The panel's own styles, inside its shadow root: the marketplace's CSS never reaches it, nor ours the page. */
export const PANEL_WIDTH = 340;

export const PANEL_CSS = `
:host{all:initial}
*{box-sizing:border-box;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.panel{position:fixed;top:0;right:0;bottom:0;width:${PANEL_WIDTH}px;z-index:2147483646;display:flex;flex-direction:column;
  background:#fff;color:#0f172a;border-left:1px solid #cbd5e1;box-shadow:-4px 0 16px rgba(15,23,42,.08);font-size:13px;line-height:1.4}
.panel[hidden]{display:none}
header{display:flex;align-items:center;gap:6px;padding:10px 12px;background:#1e3a8a;color:#fff}
header h2{flex:1;margin:0;font-size:14px;font-weight:650}
header button{background:rgba(255,255,255,.14);color:#fff;border:0;border-radius:6px;padding:4px 8px;font-size:12px;cursor:pointer}
header button:hover{background:rgba(255,255,255,.26)}
.body{flex:1;overflow:auto;padding:12px}
.car{font-weight:650;font-size:14px}
.sub{color:#475569;font-size:12px;margin-top:2px}
.msg{padding:10px;border-radius:8px;background:#f1f5f9;color:#334155}
.msg.warn{background:#fef3c7;color:#78350f}
.msg.err{background:#fee2e2;color:#7f1d1d}
.msg.ok{background:#dcfce7;color:#14532d}
.fields{display:grid;grid-template-columns:1fr 1fr;gap:8px;margin:12px 0}
.fields label{display:grid;gap:3px;font-size:11px;color:#475569}
.fields label.wide,.fields .note.wide{grid-column:span 2}
input,select{font:inherit;font-size:13px;color:#0f172a;background:#fff;border:1px solid #cbd5e1;border-radius:6px;padding:5px 7px;width:100%}
input:focus,select:focus{outline:2px solid #93c5fd;border-color:#3b82f6}
input[aria-invalid=true]{border-color:#dc2626}
.hint{color:#b91c1c;font-size:11px}
dl{margin:0;display:grid;grid-template-columns:1fr auto;gap:3px 8px}
dt{color:#334155}dd{margin:0;text-align:right;font-variant-numeric:tabular-nums}
dl.breakdown{margin:2px 0 6px 10px;padding-left:8px;border-left:2px solid #e2e8f0;font-size:12px}
dl.breakdown dt,dl.breakdown dd{color:#64748b}
.isv dt,.isv dd{font-weight:600}
.total{margin-top:8px;padding-top:8px;border-top:1px solid #e2e8f0}
.total dt,.total dd{font-weight:700;font-size:15px;color:#0f172a}
.note{color:#64748b;font-size:11px;margin:6px 0 0}
.missing{margin:8px 0 0;padding-left:16px;color:#92400e;font-size:12px}
.actions{display:flex;flex-wrap:wrap;gap:6px;margin-top:12px}
.btn{font:inherit;font-size:13px;font-weight:600;border-radius:6px;padding:7px 10px;cursor:pointer;border:1px solid #1e3a8a;background:#1e3a8a;color:#fff}
.btn.secondary{background:#fff;color:#1e3a8a}
.btn:disabled{opacity:.6;cursor:default}
.send{margin-top:12px;padding-top:12px;border-top:1px solid #e2e8f0;display:grid;gap:8px}
.send h3{margin:0;font-size:13px}
.leads{display:grid;gap:4px;max-height:180px;overflow:auto}
.lead{display:block;text-align:left;font:inherit;font-size:12px;border:1px solid #e2e8f0;background:#fff;border-radius:6px;padding:6px 8px;cursor:pointer;color:#0f172a}
.lead[aria-checked=true]{border-color:#1e3a8a;background:#eff6ff}
.lead small{display:block;color:#64748b}
.link{background:none;border:0;padding:0;color:#1d4ed8;font:inherit;font-size:12px;cursor:pointer;text-align:left;text-decoration:underline}
.tab{position:fixed;right:0;top:40%;z-index:2147483646;writing-mode:vertical-rl;background:#1e3a8a;color:#fff;border:0;border-radius:8px 0 0 8px;
  padding:10px 6px;font:600 12px system-ui,sans-serif;cursor:pointer;box-shadow:-2px 2px 8px rgba(15,23,42,.2)}
.tab[hidden]{display:none}
`;
