// Names for the `wasm-function[N]` frames of a V8 CPU profile of the server: PGlite's WebAssembly
// has no name section, but it exports about 1,900 of PostgreSQL's functions by name.
// Usage: node bench/wasm-function-names.mjs 259 3104 ...   (prints "N name" or "N (not exported)")
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const wasmFile = path.join(path.dirname(require.resolve('@electric-sql/pglite')), 'pglite.wasm');
const bytes = readFileSync(wasmFile);
let at = 8; // after the magic number and the version
const uleb = () => {
  let value = 0;
  let shift = 0;
  let byte;
  do {
    byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return value;
};
const name = () => {
  const length = uleb();
  at += length;
  return bytes.toString('utf8', at - length, at);
};
// A function's index counts the imported functions first, in V8's frames as in the export section.
const exported = new Map();
while (at < bytes.length) {
  const section = bytes[at++];
  const end = uleb() + at;
  if (section === 7) {
    for (let n = uleb(); n > 0; n--) {
      const exportName = name();
      const kind = bytes[at++];
      const index = uleb();
      if (kind === 0) exported.set(index, exportName);
    }
  }
  at = end;
}
for (const arg of process.argv.slice(2)) console.log(arg, exported.get(Number(arg)) ?? '(not exported)');
