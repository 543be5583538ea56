// POST /api/uploads over HTTP, as the web client (and the spec's image-hosting
// call) sends it: multipart/form-data with the image in the "file" field.
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { signUp, type TestAccount } from '../test/identity';
import { startTestApp, type TestApp } from '../test/test-app';

const NOT_AN_IMAGE = { code: 'BAD_USER_INPUT', message: 'Only JPEG, PNG, WebP or GIF images are accepted.' };
const DAMAGED = { code: 'BAD_USER_INPUT', message: 'The image could not be read; it may be damaged.' };
const ONE_FILE = { code: 'BAD_USER_INPUT', message: 'Send one image in the "file" field.' };
const NO_FILE = { code: 'BAD_USER_INPUT', message: 'Choose an image to upload.' };
const TOO_LARGE = { code: 'PAYLOAD_TOO_LARGE', message: 'Image must be at most 1 MB.' };

let app: TestApp;
let account: TestAccount;
let token: string;
beforeAll(async () => {
  app = await startTestApp();
  // A signed-up caller without a user record: registration uploads its photo before recording the sign-in.
  account = await signUp();
  token = account.idToken;
});
afterAll(async () => {
  await app?.close();
});

type Part = { field: string; bytes: Uint8Array | string; name?: string; type?: string };

function form(...parts: Part[]): FormData {
  const body = new FormData();
  for (const { field, bytes, name, type } of parts) {
    if (name === undefined) body.append(field, bytes as string);
    else body.append(field, new Blob([bytes as Uint8Array<ArrayBuffer>], { type: type ?? '' }), name);
  }
  return body;
}

const imageFile = (bytes: Uint8Array, name = 'photo.png', type = 'image/png'): Part => ({ field: 'file', bytes, name, type });

async function upload(body: FormData, options: { token?: string | null } = {}) {
  const auth = options.token === undefined ? token : options.token;
  return app.rest('POST', '/api/uploads', { body, ...(auth ? { token: auth } : {}) });
}

async function fetchImage(url: string) {
  const response = await fetch(`${app.url}${url}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, type: response.headers.get('content-type'), bytes };
}

const uploadedFiles = async () => (await fs.readdir(app.uploadDir)).filter((name) => name !== 'no-client').sort();

/** GET with the path exactly as given. */
function rawGet(pathname: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${app.url}${pathname}`, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

function solid(width: number, height: number, background = '#3a7bd5') {
  return sharp({ create: { width, height, channels: 3, background } });
}

/** Incompressible pixels, for files of a predictable size. */
function noise(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } });
}

describe('who may upload', () => {
  it('refuses a caller without a token, before anything is stored', async () => {
    const before = await uploadedFiles();
    const png = await solid(64, 48).png().toBuffer();
    const result = await upload(form(imageFile(png)), { token: null });
    expect(result).toEqual({ status: 401, body: { code: 'UNAUTHENTICATED', message: 'You must be signed in.' } });
    expect(await uploadedFiles()).toEqual(before);
  });

  it('refuses an invalid token', async () => {
    const before = await uploadedFiles();
    const png = await solid(64, 48).png().toBuffer();
    const result = await upload(form(imageFile(png)), { token: 'not-a-jwt' });
    expect(result).toEqual({ status: 401, body: { code: 'UNAUTHENTICATED', message: 'Invalid authentication token.' } });
    expect(await uploadedFiles()).toEqual(before);
  });
});

describe('accepted images', () => {
  it('needs only a valid token, not a user record', async () => {
    const result = await upload(form(imageFile(await solid(64, 48).png().toBuffer())));
    expect(result).toMatchObject({ status: 201, body: { width: 64, height: 48 } });
    expect(await app.db.user.count({ where: { firebaseUid: account.uid } })).toBe(0);
  });


  it.each([
    ['PNG', 'image/png', 'house.png', () => solid(800, 600).png().toBuffer(), 800, 600],
    ['JPEG', 'image/jpeg', 'house.jpg', () => solid(1200, 900).jpeg().toBuffer(), 1200, 900],
    ['GIF', 'image/gif', 'house.gif', () => solid(300, 200, '#c0392b').gif().toBuffer(), 300, 200],
    ['WebP', 'image/webp', 'house.webp', () => solid(500, 500, '#8e44ad').webp().toBuffer(), 500, 500],
  ])('stores a %s as WebP with a 640x480 thumbnail, both served by the app', async (_kind, type, name, make, width, height) => {
    const original = await make();
    const result = await upload(form(imageFile(original, name, type)));
    expect(result.status).toBe(201);
    expect(Object.keys(result.body).sort()).toEqual(['height', 'thumbnailUrl', 'url', 'width']);
    expect(result.body).toMatchObject({ width, height });
    expect(result.body.url).toMatch(/^\/uploads\/[\w-]+\.webp$/);
    expect(result.body.thumbnailUrl).toMatch(/^\/uploads\/[\w-]+\.webp$/);
    expect(result.body.thumbnailUrl).not.toBe(result.body.url);

    const full = await fetchImage(result.body.url);
    expect(full.status).toBe(200);
    expect(full.type).toBe('image/webp');
    expect(await sharp(full.bytes).metadata()).toMatchObject({ format: 'webp', width, height });

    const thumbnail = await fetchImage(result.body.thumbnailUrl);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.type).toBe('image/webp');
    expect(await sharp(thumbnail.bytes).metadata()).toMatchObject({ format: 'webp', width: 640, height: 480 });

    // What is served is what was written to the upload directory.
    expect(await fs.readFile(path.join(app.uploadDir, path.basename(result.body.url)))).toEqual(full.bytes);
  });

  it('scales images larger than 2000 px down to fit, keeping the aspect ratio', async () => {
    const result = await upload(form(imageFile(await solid(3000, 1500).png().toBuffer())));
    expect(result).toMatchObject({ status: 201, body: { width: 2000, height: 1000 } });
    expect(await sharp((await fetchImage(result.body.url)).bytes).metadata()).toMatchObject({ width: 2000, height: 1000 });
  });

  it('reports the frame size of an animated GIF, and keeps it animated', async () => {
    const frames = await Promise.all(['#e74c3c', '#2ecc71', '#3498db'].map((colour) => solid(200, 100, colour).png().toBuffer()));
    const gif = await sharp(frames, { join: { animated: true } }).gif({ delay: 100 }).toBuffer();
    const result = await upload(form(imageFile(gif, 'spin.gif', 'image/gif')));
    expect(result).toMatchObject({ status: 201, body: { width: 200, height: 100 } });
    const full = await sharp((await fetchImage(result.body.url)).bytes, { animated: true }).metadata();
    expect(full).toMatchObject({ format: 'webp', width: 200, height: 300, pages: 3, pageHeight: 100 });
    const thumbnail = await sharp((await fetchImage(result.body.thumbnailUrl)).bytes, { animated: true }).metadata();
    expect(thumbnail).toMatchObject({ format: 'webp', width: 640, height: 3 * 480, pages: 3, pageHeight: 480 });
  });

  it('drops EXIF (GPS included) and re-encodes the pixels', async () => {
    const jpeg = await noise(400, 300)
      .jpeg({ quality: 80 })
      .withExif({
        IFD0: { Copyright: 'secret-owner', Artist: 'Jane Seller' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
      })
      .toBuffer();
    const sent = await sharp(jpeg).metadata();
    expect(sent.exif?.includes('secret-owner')).toBe(true);
    expect(sent.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true); // GPS IFD pointer tag (0x8825, little-endian)

    const result = await upload(form(imageFile(jpeg, 'IMG_0001.jpg', 'image/jpeg')));
    expect(result).toMatchObject({ status: 201, body: { width: 400, height: 300 } });
    for (const url of [result.body.url, result.body.thumbnailUrl]) {
      const { bytes } = await fetchImage(url);
      const stored = await sharp(bytes).metadata();
      expect(stored.format).toBe('webp');
      expect(stored.exif).toBeUndefined();
      expect(stored.xmp).toBeUndefined();
      expect(bytes.includes('secret-owner')).toBe(false);
      expect(bytes.includes('Jane Seller')).toBe(false);
      expect(bytes.equals(jpeg)).toBe(false);
    }
  });

  it('applies the EXIF orientation before dropping it', async () => {
    // Stored 400x300 but tagged "rotate 90°": people see it 300x400.
    const jpeg = await solid(400, 300).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const result = await upload(form(imageFile(jpeg, 'portrait.jpg', 'image/jpeg')));
    expect(result).toMatchObject({ status: 201, body: { width: 300, height: 400 } });
    const stored = await sharp((await fetchImage(result.body.url)).bytes).metadata();
    expect(stored).toMatchObject({ width: 300, height: 400 });
    expect(stored.orientation).toBeUndefined();
  });
});

describe('what counts as an image', () => {
  it('judges by content, not by file name or declared type', async () => {
    const before = await uploadedFiles();
    const text = await upload(form(imageFile(new TextEncoder().encode('just some notes, not a picture'), 'photo.png', 'image/png')));
    expect(text).toEqual({ status: 400, body: NOT_AN_IMAGE });
    // An SVG (script-capable) is not accepted either, whatever it claims to be.
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    expect(await upload(form(imageFile(new TextEncoder().encode(svg), 'photo.svg', 'image/svg+xml')))).toEqual({ status: 400, body: NOT_AN_IMAGE });
    expect(await uploadedFiles()).toEqual(before);

    const png = await solid(120, 90).png().toBuffer();
    const misnamed = await upload(form(imageFile(png, 'notes.txt', 'text/plain')));
    expect(misnamed).toMatchObject({ status: 201, body: { width: 120, height: 90 } });
    expect((await fetchImage(misnamed.body.url)).type).toBe('image/webp');
  });

  it('answers 400 for damaged images whose magic bytes look right, and stores nothing', async () => {
    const before = await uploadedFiles();
    const png = await noise(300, 200).png().toBuffer();
    const jpeg = await noise(300, 200).jpeg().toBuffer();
    const gif = await noise(100, 100).gif().toBuffer();
    const webp = await noise(300, 200).webp().toBuffer();
    const garbage = Buffer.alloc(4096, 0x5a);
    const damaged: Array<[string, Buffer, string]> = [
      ['truncated PNG', png.subarray(0, Math.floor(png.length / 2)), 'image/png'],
      ['PNG magic only', png.subarray(0, 8), 'image/png'],
      ['PNG header then garbage', Buffer.concat([png.subarray(0, 8), garbage]), 'image/png'],
      ['truncated JPEG', jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'image/jpeg'],
      ['JPEG magic then garbage', Buffer.concat([jpeg.subarray(0, 3), garbage]), 'image/jpeg'],
      ['truncated GIF', gif.subarray(0, 40), 'image/gif'],
      ['truncated WebP', webp.subarray(0, Math.floor(webp.length / 3)), 'image/webp'],
    ];
    for (const [label, bytes, type] of damaged) {
      const result = await upload(form(imageFile(bytes, `${label}.bin`, type)));
      expect({ label, ...result }).toEqual({ label, status: 400, body: DAMAGED });
    }
    expect(await uploadedFiles()).toEqual(before);
  });

  it('refuses a small file that claims an enormous pixel count (decompression bomb)', async () => {
    // A valid 1x1 PNG whose header is rewritten to claim 8000x8000 pixels (over the 50 megapixel limit).
    const png = Buffer.from(await solid(1, 1).png().toBuffer());
    png.writeUInt32BE(8000, 16);
    png.writeUInt32BE(8000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29); // IHDR chunk CRC (type + data)
    expect(png.length).toBeLessThan(100);
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 8000, height: 8000 });
    const result = await upload(form(imageFile(png)));
    expect(result).toEqual({ status: 400, body: DAMAGED });
  });
});

describe('request shape', () => {
  it('answers 413 for an image over the size limit, and stores nothing', async () => {
    const before = await uploadedFiles();
    const big = await noise(720, 720).png({ compressionLevel: 0 }).toBuffer();
    expect(big.length).toBeGreaterThan(1.4 * 1024 * 1024);
    expect(big.length).toBeLessThan(1.7 * 1024 * 1024);
    const result = await upload(form(imageFile(big)));
    expect(result).toEqual({ status: 413, body: TOO_LARGE });
    expect(await uploadedFiles()).toEqual(before);
  });

  it('accepts an image just under the limit', async () => {
    const png = await noise(560, 560).png({ compressionLevel: 0 }).toBuffer();
    expect(png.length).toBeGreaterThan(0.85 * 1024 * 1024);
    expect(png.length).toBeLessThan(1024 * 1024);
    expect((await upload(form(imageFile(png)))).status).toBe(201);
  });

  it('wants exactly one file, in the "file" field', async () => {
    const before = await uploadedFiles();
    const png = await solid(64, 48).png().toBuffer();
    expect(await upload(form({ ...imageFile(png), field: 'image' }))).toEqual({ status: 400, body: ONE_FILE });
    expect(await upload(form(imageFile(png), imageFile(png, 'second.png')))).toEqual({ status: 400, body: ONE_FILE });
    expect(await upload(form({ field: 'upload_preset', bytes: 'opennest' }))).toEqual({ status: 400, body: NO_FILE });
    expect(await upload(form())).toEqual({ status: 400, body: NO_FILE });
    expect(await upload(form({ field: 'file', bytes: 'not a file, just text' }))).toEqual({ status: 400, body: NO_FILE });
    expect(await upload(form(imageFile(new Uint8Array(0), 'empty.png')))).toEqual({ status: 400, body: NO_FILE });
    expect(await uploadedFiles()).toEqual(before);
  });

  it('ignores the upload_preset field the image-hosting call sends', async () => {
    const png = await solid(64, 48).png().toBuffer();
    for (const body of [
      form({ field: 'upload_preset', bytes: 'opennest_unsigned' }, imageFile(png)),
      form(imageFile(png), { field: 'upload_preset', bytes: 'opennest_unsigned' }),
    ]) {
      const result = await upload(body);
      expect(result.status).toBe(201);
      expect(Object.keys(result.body).sort()).toEqual(['height', 'thumbnailUrl', 'url', 'width']);
      expect(result.body).toMatchObject({ width: 64, height: 48 });
    }
  });
});

describe('serving uploads', () => {
  it('answers 404 for an unknown upload', async () => {
    const response = await fetch(`${app.url}/uploads/00000000-0000-0000-0000-000000000000.webp`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found.' });
  });

  it('does not serve files outside the upload directory', async () => {
    // Sent as-is (fetch would normalise the dots away before they reach the server).
    for (const pathname of ['/uploads/../package.json', '/uploads/..%2fpackage.json', '/uploads/%2e%2e%2f%2e%2e%2fpackage.json', '/uploads/..%5cpackage.json']) {
      const response = await rawGet(pathname);
      expect({ pathname, clientError: response.status >= 400 && response.status < 500 }).toEqual({ pathname, clientError: true });
      expect(response.body).not.toContain('"name": "opennest"');
    }
  });
});
