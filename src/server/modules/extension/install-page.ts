const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The install page in Portuguese: the download starts by itself (meta refresh to the zip, which the
 * browser saves and stays here), then four steps for Chrome, Edge and Brave in developer mode.
 */
export function installPageHtml({ version, zipUrl }: { version: string; zipUrl: string | null }): string {
  const file = zipUrl ? escape(zipUrl) : '';
  const name = zipUrl ? escape(zipUrl.split('/').pop()!) : '';
  return `<!doctype html>
<html lang="pt-PT">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${zipUrl ? `<meta http-equiv="refresh" content="1;url=${file}">` : ''}
<title>Instalar a extensão da calculadora de ISV</title>
<meta name="robots" content="noindex">
<link rel="icon" href="/icon.svg" type="image/svg+xml">
<style>
:root{color-scheme:light dark;--bg:#f8fafc;--card:#fff;--fg:#0f172a;--muted:#475569;--accent:#1e3a8a;--border:#e2e8f0}
@media (prefers-color-scheme:dark){:root{--bg:#0b1120;--card:#111827;--fg:#e2e8f0;--muted:#94a3b8;--accent:#93c5fd;--border:#1f2937}}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:44rem;margin:0 auto;padding:2.5rem 1.25rem}
a{color:var(--accent)}h1{font-size:1.6rem;line-height:1.25;margin:.75rem 0}
.card{background:var(--card);border:1px solid var(--border);border-radius:.75rem;padding:1.25rem 1.5rem;margin:1.25rem 0}
.btn{display:inline-block;background:var(--accent);color:var(--card);text-decoration:none;font-weight:600;border-radius:.5rem;padding:.65rem 1.1rem}
ol{padding-left:1.25rem}li{margin:.45rem 0}code{background:var(--border);border-radius:.25rem;padding:.05rem .35rem}
.muted{color:var(--muted);font-size:.92rem}
</style>
</head>
<body>
<main>
<a href="/">← Voltar ao site</a>
<h1>Extensão da calculadora de ISV</h1>
<p>Em cada anúncio do AutoScout24, mobile.de ou Standvirtual, a extensão mostra quanto custa o carro entregue em Portugal: ISV com o detalhe do cálculo, IVA quando se aplica, transporte, legalização e o total.</p>
<div class="card">
${
  zipUrl
    ? `<p><strong>A transferência começa automaticamente.</strong> Se não começar:</p>
<p><a class="btn" href="${file}" download data-testid="extension-download">Transferir a extensão (versão ${escape(version)})</a></p>
<p class="muted">${name}</p>`
    : `<p><strong>A extensão ainda não está disponível para transferência neste servidor.</strong></p>`
}
</div>
<h2>Como instalar no Chrome, Edge ou Brave</h2>
<p class="muted">Até estar publicada na loja de extensões, instala-se em modo de programador:</p>
<ol>
<li>Descompacte o ficheiro transferido para uma pasta (por exemplo, <code>Documentos/extensao-isv</code>).</li>
<li>Abra <code>chrome://extensions</code> (no Edge, <code>edge://extensions</code>; no Brave, <code>brave://extensions</code>).</li>
<li>Ative o <strong>Modo de programador</strong>.</li>
<li>Clique em <strong>Carregar expandida</strong> (“Load unpacked”) e escolha a pasta descompactada.</li>
</ol>
<p>Abra um anúncio: o painel aparece à direita da página. Para atualizar, transfira a nova versão, substitua a pasta e clique em ↻ na extensão.</p>
<p class="muted">Equipa: nas opções da extensão indique o endereço do back office e um token de acesso (Edit Profile → Access tokens) para enviar o anúncio diretamente para uma proposta.</p>
</main>
</body>
</html>`;
}
