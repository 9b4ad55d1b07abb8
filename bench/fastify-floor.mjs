// The framework floor: Fastify's own hello world answering the ceiling's JSON body (bench/ceiling.mjs)
// from a route with no hook, no schema and no logger. The target for the app (app/ceiling
// >= 0.7) assumed this reaches 0.93 of the ceiling; `bench/run.ts http` measures it next to the
// ceiling and the app on every run, so the app's ratio can be read against what Fastify alone gets.
// Usage: PORT=1234 node bench/fastify-floor.mjs  (prints "listening <port>" once ready)
import Fastify from 'fastify';
import { referenceBody } from './reference-body.mjs';

const app = Fastify({ logger: false, keepAliveTimeout: 72_000 });
app.get('/', () => referenceBody);
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`listening ${app.server.address().port}`);
const stop = () => app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
