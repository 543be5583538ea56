// docker-compose.yml cannot run on the project's machines (no Docker engine), so
// what can be checked without it is checked here: it parses, every variable it
// gives the Node services is one they read and loads into a valid configuration,
// and the proxy, object store and apps name each other consistently.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { loadConfig, projectRoot, SETTINGS } from '../config';
import { API_NODE_FLAGS } from './api-node-flags';

interface Service {
  image?: string;
  command?: string;
  entrypoint?: string;
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
}
const compose = parse(readFileSync(path.join(projectRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, Service> };
const { services } = compose;
const caddyfile = readFileSync(path.join(projectRoot, 'deploy', 'Caddyfile'), 'utf8');

/** `${NAME:?message}` / `${NAME:-default}` as Compose would fill them in, with a stand-in for required ones. */
const interpolated = (environment: Record<string, string>) =>
  Object.fromEntries(Object.entries(environment).map(([name, value]) => [name, String(value).replace(/\$\{(\w+)(?::[?-][^}]*)?\}/g, (_match, variable: string) => `${variable.toLowerCase()}_stand_in`)]));

const apps = ['app1', 'app2'];

it('has two app replicas behind the proxy, a job worker, and the services they share', () => {
  expect(Object.keys(services).sort()).toEqual(['app1', 'app2', 'auth', 'bucket', 'db', 'install', 'mail', 'minio', 'proxy', 'worker']);
  for (const name of apps) expect(services[name].command).toBe(`node ${API_NODE_FLAGS.join(' ')} --import tsx server/main.ts`);
  expect(services.worker.command).toBe('node --import tsx server/worker.ts');
});

it('gives the Node services only variables the server reads (declared in SETTINGS, the only ones loadConfig reads)', () => {
  for (const name of [...apps, 'worker']) {
    for (const variable of Object.keys(services[name].environment ?? {})) {
      expect({ service: name, variable, declared: variable in SETTINGS }).toEqual({ service: name, variable, declared: true });
    }
  }
});

it('configures each replica for S3 images, an external worker, the proxy and shared services', () => {
  for (const name of apps) {
    const config = loadConfig(interpolated(services[name].environment!));
    expect(config).toMatchObject({
      databaseUrl: 'postgresql://opennest:opennest@db:5432/opennest',
      imageStorage: { mode: 's3', bucket: 'opennest-images', endpoint: 'http://minio:9000', forcePathStyle: true },
      jobWorkers: false,
      trustProxy: 1,
      port: 4000,
      publicUrl: 'http://localhost:8080',
      mail: { mode: 'smtp', url: 'smtp://mail:1025' },
      payments: { mode: 'stripe' },
      firebase: { mode: 'external-emulator', emulatorHost: 'auth:9099' },
    });
  }
  // Only one replica seeds the demo data.
  expect(apps.map((name) => loadConfig(interpolated(services[name].environment!)).seedDemo)).toEqual([true, false]);
  const worker = loadConfig(interpolated(services.worker.environment!));
  expect(worker).toMatchObject({ databaseUrl: 'postgresql://opennest:opennest@db:5432/opennest', mail: { mode: 'smtp', url: 'smtp://mail:1025' } });
});

it('creates the bucket the apps use, in the object store they reach, with its credentials', () => {
  const app = loadConfig(interpolated(services.app1.environment!)).imageStorage;
  if (app.mode !== 's3') throw new Error('app1 does not store images in S3');
  expect(new URL(app.endpoint!).hostname).toBe('minio');
  expect(services.minio.environment).toEqual({ MINIO_ROOT_USER: app.credentials!.accessKeyId, MINIO_ROOT_PASSWORD: app.credentials!.secretAccessKey });
  expect(services.bucket.entrypoint).toContain(`mc alias set store ${app.endpoint} ${app.credentials!.accessKeyId} ${app.credentials!.secretAccessKey}`);
  expect(services.bucket.entrypoint).toContain(`mc mb --ignore-existing store/${app.bucket}`);
  for (const name of apps) expect(services[name].depends_on?.bucket).toEqual({ condition: 'service_completed_successfully' });
});

it('sends the proxy to both replicas on their port, and publishes no app port of its own', () => {
  const upstreams = /^\s*reverse_proxy ([^{#]+)\{/m.exec(caddyfile)?.[1].trim().split(/\s+/);
  expect(upstreams).toEqual(apps.map((name) => `${name}:${services[name].environment!.PORT}`));
  expect(caddyfile).toContain('health_uri /readyz');
  expect(services.proxy.ports).toEqual(['8080:80']);
  expect(services.proxy.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
  for (const name of [...apps, 'worker']) expect(services[name].ports).toBeUndefined();
});
