// The S3 image store against a real S3-compatible server (s3rver, started here on
// a free port over a temporary directory) through the real AWS SDK: what the
// adapter writes, what the app serves back at /uploads, and what an upload does
// when the store is down. The app under test stores its images only there.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { signUp } from '../test/identity';
import { startTestObjectStore, type TestObjectStore } from '../test/object-store';
import { startTestApp, type TestApp } from '../test/test-app';
import { imageStorageOver, type ImageStorage, type ObjectStore } from './image-storage';
import { s3ObjectStore } from './s3-object-store';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const UNAVAILABLE = { code: 'SERVICE_UNAVAILABLE', message: 'Image storage is temporarily unavailable; please retry in a few seconds.' };

let objects: TestObjectStore;
let app: TestApp;
/** A second adapter on the same bucket: what it writes, the app (its own adapter) must serve. */
let adapter: ReturnType<typeof s3ObjectStore>;
let storage: ImageStorage;
let token: string;

beforeAll(async () => {
  objects = await startTestObjectStore();
  app = await startTestApp({}, { imageStorage: objects.config });
  adapter = s3ObjectStore(objects.config);
  storage = imageStorageOver(adapter);
  token = (await signUp()).idToken;
});
afterAll(async () => {
  adapter?.client.destroy();
  await app?.close();
  await objects?.close();
});

const uniqueKey = (extension: string) => `${randomBytes(8).toString('hex')}.${extension}`;

async function get(pathname: string, headers: Record<string, string> = {}, method = 'GET') {
  const response = await fetch(`${app.url}${pathname}`, { method, headers });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** GET with the path exactly as given (fetch would normalise dots away). */
function rawGet(pathname: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${app.url}${pathname}`, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

function uploadForm(bytes: Buffer, name = 'house.png', type = 'image/png') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

describe('the adapter, on a real S3-compatible server', () => {
  it('puts an object and the app serves it back with its type, validators and immutable caching', async () => {
    const key = uniqueKey('webp');
    const bytes = randomBytes(3000);
    expect(await storage.store(key, bytes)).toBe(`/uploads/${key}`);

    const head = await adapter.client.send(new HeadObjectCommand({ Bucket: objects.bucket, Key: key }));
    expect(head).toMatchObject({ ContentType: 'image/webp', ContentLength: 3000 });

    const served = await get(`/uploads/${key}`);
    expect(served.status).toBe(200);
    expect(served.bytes.equals(bytes)).toBe(true);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('content-length')).toBe('3000');
    expect(served.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(served.headers.get('etag')).toBe(head.ETag);
    expect(served.headers.get('last-modified')).toBe(head.LastModified!.toUTCString());
    // Images are sent as they are, never re-compressed.
    expect(served.headers.get('content-encoding')).toBeNull();
  });

  it.each([
    ['webp', 'image/webp'],
    ['jpg', 'image/jpeg'],
    ['png', 'image/png'],
    ['gif', 'image/gif'],
  ])('stores and serves a .%s as %s', async (extension, type) => {
    const key = uniqueKey(extension);
    await storage.store(key, randomBytes(64));
    expect((await adapter.client.send(new HeadObjectCommand({ Bucket: objects.bucket, Key: key }))).ContentType).toBe(type);
    const served = await get(`/uploads/${key}`);
    expect({ status: served.status, type: served.headers.get('content-type') }).toEqual({ status: 200, type });
  });

  it('overwrites a key: the new bytes are served, with a new ETag', async () => {
    const key = uniqueKey('webp');
    const first = randomBytes(500);
    const second = randomBytes(700);
    await storage.store(key, first);
    const before = await get(`/uploads/${key}`);
    await storage.store(key, second);
    const after = await get(`/uploads/${key}`);
    expect(before.bytes.equals(first)).toBe(true);
    expect(after.bytes.equals(second)).toBe(true);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect(await objects.bytes(key)).toEqual(second);
  });

  it('answers 304 to a matching If-None-Match and 200 to another', async () => {
    const key = uniqueKey('jpg');
    const bytes = randomBytes(1000);
    await storage.store(key, bytes);
    const etag = (await get(`/uploads/${key}`)).headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);

    const revalidated = await get(`/uploads/${key}`, { 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.bytes.length).toBe(0);
    expect(revalidated.headers.get('etag')).toBe(etag);
    expect(revalidated.headers.get('cache-control')).toBe(IMMUTABLE);

    const changed = await get(`/uploads/${key}`, { 'if-none-match': '"something-else"' });
    expect(changed.status).toBe(200);
    expect(changed.bytes.equals(bytes)).toBe(true);
  });

  it('answers HEAD with the headers and no body', async () => {
    const key = uniqueKey('webp');
    await storage.store(key, randomBytes(1234));
    const head = await get(`/uploads/${key}`, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.bytes.length).toBe(0);
    expect(head.headers.get('content-length')).toBe('1234');
    expect(head.headers.get('content-type')).toBe('image/webp');
    expect((await get(`/uploads/${uniqueKey('webp')}`, {}, 'HEAD')).status).toBe(404);
  });

  it('answers a byte range with 206 and just those bytes', async () => {
    const key = uniqueKey('webp');
    const bytes = randomBytes(1000);
    await storage.store(key, bytes);
    const part = await get(`/uploads/${key}`, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(part.headers.get('content-length')).toBe('100');
    expect(part.bytes.equals(bytes.subarray(100, 200))).toBe(true);
    const rest = await get(`/uploads/${key}`, { range: 'bytes=990-' });
    expect({ status: rest.status, range: rest.headers.get('content-range'), same: rest.bytes.equals(bytes.subarray(990)) }).toEqual({ status: 206, range: 'bytes 990-999/1000', same: true });
    // Range forms it does not pass on: the whole object (a server may ignore Range).
    for (const range of ['bytes=0-1,5-6', 'bytes=-10', 'items=0-1']) {
      const whole = await get(`/uploads/${key}`, { range });
      expect({ range, status: whole.status, same: whole.bytes.equals(bytes) }).toEqual({ range, status: 200, same: true });
    }
    expect((await get(`/uploads/${key}`, { range: 'bytes=5000-' })).status).toBe(416);
  });

  it('streams a large object back byte for byte', async () => {
    const key = uniqueKey('webp');
    const bytes = randomBytes(12 * 1024 * 1024);
    await storage.store(key, bytes);
    const served = await get(`/uploads/${key}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-length')).toBe(String(bytes.length));
    expect(served.bytes.equals(bytes)).toBe(true);
  });

  it('answers 404 (the same JSON as the local store) for a missing key', async () => {
    const missing = await fetch(`${app.url}/uploads/00000000-0000-0000-0000-000000000000.webp`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found.' });
  });

  it('serves nothing but plain keys of its bucket: no traversal, no prefixes', async () => {
    await storage.store('package.json', Buffer.from('{"name": "in-the-bucket"}'));
    for (const pathname of ['/uploads/../package.json', '/uploads/..%2fpackage.json', '/uploads/%2e%2e%2f%2e%2e%2fpackage.json', '/uploads/..%5cpackage.json', '/uploads/a%2Fpackage.json', '/uploads/.hidden', '/uploads/%E0%A4%A', '/uploads/']) {
      const response = await rawGet(pathname);
      expect({ pathname, status: response.status }).toEqual({ pathname, status: 404 });
      expect(response.body).not.toContain('"name": "opennest"');
    }
    expect(await storage.store('ok.webp', Buffer.from('x'))).toBe('/uploads/ok.webp');
    await expect(storage.store('../escape.webp', Buffer.from('x'))).rejects.toThrow('Not a storage key: ../escape.webp');
    await expect(storage.store('a/b.webp', Buffer.from('x'))).rejects.toThrow('Not a storage key');
  });

  it('leaves no copies behind when one write of an image fails', async () => {
    const before = await objects.keys();
    // The real adapter, refusing one of the eight files an image is stored as.
    const failing: ObjectStore = { ...adapter, put: (key, bytes, type) => (key.endsWith('-960.jpg') ? Promise.reject(new Error('disk full')) : adapter.put(key, bytes, type)) };
    const image = await sharp({ create: { width: 1000, height: 800, channels: 3, background: '#16a085' } }).png().toBuffer();
    const { processImage } = await import('./image-processing');
    await expect(imageStorageOver(failing).save(await processImage(image))).rejects.toThrow('disk full');
    expect(await objects.keys()).toEqual(before);
  });
});

describe('POST /api/uploads with S3 configured', () => {
  it('stores the re-encoded image, its thumbnail and responsive copies as objects, served back through /uploads', async () => {
    const before = new Set(await objects.keys());
    const original = await sharp({ create: { width: 1800, height: 1200, channels: 3, background: '#2e86de' } }).png().toBuffer();
    const uploaded = await app.rest('POST', '/api/uploads', { token, body: uploadForm(original) });
    expect(uploaded).toMatchObject({ status: 201, body: { width: 1800, height: 1200 } });
    const { url, thumbnailUrl } = uploaded.body as { url: string; thumbnailUrl: string };
    const id = /^\/uploads\/([0-9a-f-]{36}-r)\.webp$/.exec(url)?.[1];
    expect(id).toBeDefined();
    expect(thumbnailUrl).toBe(`/uploads/${id}-thumb.webp`);

    const added = (await objects.keys()).filter((key) => !before.has(key));
    expect(added).toEqual(
      [`${id}.webp`, `${id}-thumb.webp`, ...[480, 960, 1600].flatMap((width) => [`${id}-${width}.webp`, `${id}-${width}.jpg`])].sort(),
    );
    for (const key of added) {
      const served = await get(`/uploads/${key}`);
      expect({ key, status: served.status, type: served.headers.get('content-type') }).toEqual({ key, status: 200, type: key.endsWith('.jpg') ? 'image/jpeg' : 'image/webp' });
      expect(served.bytes.equals(await objects.bytes(key))).toBe(true);
      expect(served.bytes.equals(original)).toBe(false);
    }
    expect(await sharp((await get(url)).bytes).metadata()).toMatchObject({ format: 'webp', width: 1800, height: 1200 });
    expect(await sharp((await get(thumbnailUrl)).bytes).metadata()).toMatchObject({ format: 'webp', width: 640, height: 480 });
    expect(await sharp((await get(`/uploads/${id}-960.jpg`)).bytes).metadata()).toMatchObject({ format: 'jpeg', width: 960, height: 640 });
    // Nothing went to the local disk.
    expect((await fs.readdir(app.uploadDir)).filter((name) => name !== 'no-client')).toEqual([]);
  });

  it('still refuses what is not an image before touching the store', async () => {
    const before = await objects.keys();
    const refused = await app.rest('POST', '/api/uploads', { token, body: uploadForm(Buffer.from('not a picture at all'), 'a.png') });
    expect(refused).toEqual({ status: 400, body: { code: 'BAD_USER_INPUT', message: 'Only JPEG, PNG, WebP or GIF images are accepted.' } });
    expect(await objects.keys()).toEqual(before);
  });

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After while the store is down, stores nothing, and works again once it is back', async () => {
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#e67e22' } }).jpeg().toBuffer();
    const earlier = await app.rest('POST', '/api/uploads', { token, body: uploadForm(photo, 'before.jpg', 'image/jpeg') });
    expect(earlier.status).toBe(201);
    const keysBefore = await objects.keys();

    await objects.stop();
    try {
      const response = await fetch(`${app.url}/api/uploads`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: uploadForm(photo, 'during.jpg', 'image/jpeg') });
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect(await response.json()).toEqual(UNAVAILABLE);
      // Serving answers 503 too (not 500, not a hang), without a stack trace.
      const served = await fetch(`${app.url}${earlier.body.url}`);
      expect(served.status).toBe(503);
      expect(await served.json()).toEqual(UNAVAILABLE);
    } finally {
      await objects.start();
    }
    expect(await objects.keys()).toEqual(keysBefore);

    // Back without restarting the app.
    const after = await app.rest('POST', '/api/uploads', { token, body: uploadForm(photo, 'after.jpg', 'image/jpeg') });
    expect(after.status).toBe(201);
    expect((await get(after.body.url)).status).toBe(200);
    expect((await get(earlier.body.url)).status).toBe(200);
  });
});
