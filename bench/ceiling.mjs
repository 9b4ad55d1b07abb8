// The HTTP ceiling: a bare node:http server answering one fixed JSON body, nothing else.
// Its body is bench/reference-body.mjs, shaped like GET /api/auth/user's answer.
// Usage: PORT=1234 node bench/ceiling.mjs  (prints "listening <port>" once ready)
// SPIN_US=10 adds that much busy work to every answer: `bench/run.ts http` with BENCH_HTTP_SPIN
// measures what this machine charges per request for a known amount of added work.
import http from 'node:http';
import { referenceBody } from './reference-body.mjs';

const body = JSON.stringify(referenceBody);
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
