import type { PGlite } from '@electric-sql/pglite';

/**
 * Known file sizes for PGlite on a data directory (docs/decisions/045-pglite-file-sizes.md).
 *
 * PostgreSQL learns a table's or an index's length with `lseek(fd, 0, SEEK_END)`: the planner for
 * every table and index a statement may use, the executor for every scan. Emscripten's Node.js file
 * system answers each one with an `fstat` of the real file, a system call and a Stats object: about
 * 100 per leads-list call, 12 % of the server's CPU under load. The files belong to this process
 * alone (the directory lock), so a length read once stays true until this same file system writes,
 * truncates, creates, renames or removes something. Reads, seeks and opens keep the lengths known;
 * a write forgets the written file's; any other change forgets them all.
 *
 * Reaches into PGlite's Emscripten module (PGlite is pinned, ADR 043): if the file system is not
 * the expected one, nothing is changed and false is returned.
 */
export function keepFileSizes(pg: PGlite): boolean {
  const fs = (pg as unknown as { Module?: { FS?: EmscriptenFs } }).Module?.FS;
  const nodefs = fs?.filesystems?.NODEFS;
  const streamOps = nodefs?.stream_ops;
  const nodeOps = nodefs?.node_ops;
  if (!fs || !streamOps?.llseek || !nodeOps || KEPT in nodefs) return false;
  Object.defineProperty(nodefs, KEPT, { value: true });

  let sizes = new WeakMap<object, number>();
  const forgetAll = () => {
    sizes = new WeakMap();
  };

  const llseek = streamOps.llseek.bind(streamOps) as (stream: Stream, offset: number, whence: number) => number;
  // write, msync and anything a later Emscripten adds: the stream's file may have changed length.
  forgetAfter(streamOps, (args) => sizes.delete((args[0] as Stream).node));
  // setattr (truncation), mknod, rename, unlink, rmdir, symlink and anything unknown.
  forgetAfter(nodeOps, forgetAll);
  streamOps.llseek = ((stream: Stream, offset: number, whence: number) => {
    if (whence !== SEEK_END || !fs.isFile(stream.node.mode)) return llseek(stream, offset, whence);
    let size = sizes.get(stream.node);
    if (size === undefined) {
      size = llseek(stream, 0, SEEK_END);
      sizes.set(stream.node, size);
    }
    const position = size + offset;
    if (position < 0) throw new fs.ErrnoError(EINVAL);
    return position;
  }) as Op;
  return true;
}

/** Every operation of `ops` that may change a length (not in LEAVES_SIZES) calls `forget` after it. */
function forgetAfter(ops: Record<string, Op>, forget: (args: unknown[]) => void) {
  for (const [name, op] of Object.entries(ops)) {
    if (LEAVES_SIZES.has(name)) continue;
    ops[name] = function (this: unknown, ...args: unknown[]) {
      try {
        return op.apply(this, args);
      } finally {
        forget(args);
      }
    };
  }
}

const KEPT = Symbol('keepFileSizes');
const SEEK_END = 2;
const EINVAL = 28;

/** Operations that never change a file's length. */
const LEAVES_SIZES = new Set([
  'open',
  'close',
  'dup',
  'read',
  'llseek',
  'mmap',
  'getattr',
  'lookup',
  'readdir',
  'readlink',
  'statfs',
]);

interface Stream {
  node: { mode: number };
}
type Op = (...args: unknown[]) => unknown;
interface EmscriptenFs {
  filesystems?: { NODEFS?: { stream_ops?: Record<string, Op>; node_ops?: Record<string, Op> } };
  isFile(mode: number): boolean;
  ErrnoError: new (errno: number) => Error;
}
