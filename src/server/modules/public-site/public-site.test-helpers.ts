// The index.html Vite writes and the addresses the public-site tests use.

// index.html as Vite writes it: the server puts the page into it.
export const INDEX_HTML = `<!doctype html>
<html lang="pt-PT">
  <head>
    <meta charset="UTF-8" />
    <title>AutoImport</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

export const ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const HOST = 'carros.example.pt';
/** PUBLIC_URL; every request below comes with a forged Host, which no link may use. */
export const ORIGIN = `https://${HOST}`;
export const FORGED_HOST = 'attacker.example.net';
