import { config } from 'zod';

// Zod 4 compiles a fast parser for object schemas with `new Function` unless told not to; under our
// CSP (script-src 'self', no 'unsafe-eval') that probe is a violation the console reports and
// Lighthouse counts against best practices. main.tsx imports this module first, so it runs before
// any schema is used in the browser (z.config({ jitless: true }); only `config` is imported so the
// entry does not carry zod itself). The server (Node, no CSP) keeps the compiled parsers.
config({ jitless: true });
