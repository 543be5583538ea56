// Node flags of every API process: `npm start` (start.ts), the Docker Compose
// replicas (docker-compose.yml, checked by docker-compose.unit.test.ts) and the
// benchmark's app processes (bench/run.ts) run server code with these.
//
// --max-semi-space-size=64 (MiB; V8's default is 16 on 64-bit): a GraphQL
// request allocates short-lived objects for every row, field and JSON chunk
// of its answer, and with the default young generation the collector took 8 %
// of the app's CPU in a profile of the place search at 100,000 listings. A larger young generation lets most of them die before a
// collection: in a pair of benchmark runs at 1,000 listings (stop 40), app B
// served 524 requests/s against 492 with V8's 16 MiB on "place + filters" and
// 370 against 353 on "keyword + filters", for up to about 30 MiB more
// resident memory per process.
export const API_NODE_FLAGS = ['--max-semi-space-size=64'] as const;
