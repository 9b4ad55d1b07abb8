// The HTTP ceiling: a bare node:http server answering one fixed JSON body, nothing else.
// Its body has the same shape and size as GET /api/auth/user, so the ratio app/ceiling is the
// cost of the framework, hooks, session check and serialisation, not of a bigger payload.
// Usage: PORT=1234 node bench/ceiling.mjs  (prints "listening <port>" once ready)
// SPIN_US=10 adds that much busy work to every answer: `bench/run.ts http` with BENCH_HTTP_SPIN
// measures what this machine charges per request for a known amount of added work.
import http from 'node:http';

const body = JSON.stringify({
  id: 1,
  username: 'bench',
  email: null,
  firstName: null,
  lastName: null,
  profileImageUrl: null,
  role: 'admin',
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const length = String(Buffer.byteLength(body));

const spinNs = BigInt(Math.round(Number(process.env.SPIN_US ?? 0) * 1000));
const spin = () => {
  const until = process.hrtime.bigint() + spinNs;
  while (process.hrtime.bigint() < until);
};

const server = http.createServer((req, res) => {
  if (spinNs) spin();
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': length });
  res.end(body);
});
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`listening ${server.address().port}`);
});
const stop = () => server.close(() => process.exit(0)) && server.closeAllConnections();
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
