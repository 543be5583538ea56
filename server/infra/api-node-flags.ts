// Node flags of every API process: `npm start` (start.ts), the Docker Compose
// replicas (docker-compose.yml, checked by docker-compose.unit.test.ts) and the
// benchmark's app processes (bench/run.ts) run server code with these.
//
// --max-semi-space-size=64 (MiB; V8's default is 16 on 64-bit): a GraphQL
// request allocates short-lived objects for every row, field and JSON chunk
// of its answer, and with the default young generation the collector ran
// every few requests (8 % of the app's CPU on the filtered search at 100,000
// listings). A larger young generation lets most of them die before a
// collection: in four interleaved benchmark runs at 1,000 listings, app B
// served 513 and 565 requests/s against 465 and 478 on "place + filters",
// 370 and 369 against 321 and 376 on "keyword + filters", for about 50 MiB
// more resident memory per process.
export const API_NODE_FLAGS = ['--max-semi-space-size=64'] as const;
