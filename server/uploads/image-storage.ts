// Where uploaded images live. One interface, two object stores behind it: a
// directory on this machine (the embedded default, served by the app at
// /uploads) or an S3-compatible bucket (uploads/s3-object-store.ts), which every
// API process shares. Which one is decided once, from configuration, in
// uploads/create-image-storage.ts.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import express, { type RequestHandler } from 'express';
import { RESPONSIVE_WIDTHS, type ImageVariant } from './image-processing';

export interface StoredImage {
  url: string;
  thumbnailUrl: string;
}

/** `srcset` values for a stored photo: its widths in the modern format and in the fallback. */
export interface ResponsiveSources {
  webp: string;
  jpeg: string;
}

export interface ImageStorage {
  /** Stores an image with its thumbnail and responsive copies: all of them or, when one write fails, none (the error is thrown). */
  save(image: { full: Buffer; thumbnail: Buffer; extension: string; variants?: ImageVariant[] }): Promise<StoredImage>;
  /** Stores one file under `key` (a file name) and returns its public URL; every responsive width and format goes through it. */
  store(key: string, bytes: Buffer): Promise<string>;
  /** The thumbnail of a stored image's URL; other URLs (external images) are returned as they are. */
  thumbnailUrl(url: string): string;
  /** The srcsets of an image stored with responsive copies; null for others (older uploads, web addresses, animations). */
  responsiveSources(url: string): ResponsiveSources | null;
  /** Answers GET and HEAD for the stored files, mounted at the public path (`/uploads/<key>`): 404 for a missing key. */
  serve: RequestHandler;
}

/** What an image storage needs from the place its files go. */
export interface ObjectStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Removes the keys (missing ones are no error). */
  remove(keys: string[]): Promise<void>;
  serve: RequestHandler;
}

/** Images stored with responsive copies are named <uuid>-r.webp; their copies <uuid>-r-<width>.<webp|jpg>. */
const RESPONSIVE_MARK = '-r';

/** File names only: letters, digits, `_`, `-`, and dots between them (no `..`, no slash, no leading dot). */
export const isStorageKey = (key: string) => /^[\w-]+(\.[\w-]+)*$/.test(key);

/** Every stored name is a fresh UUID's, never rewritten: a URL's bytes never change. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };
export const contentTypeOf = (key: string) => CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

/** The image storage over `objects`, with its files' URLs under `publicPath`. */
export function imageStorageOver(objects: ObjectStore, publicPath = '/uploads'): ImageStorage {
  const put = async (key: string, bytes: Buffer) => {
    if (!isStorageKey(key)) throw new Error(`Not a storage key: ${key}`);
    await objects.put(key, bytes, contentTypeOf(key));
  };
  return {
    async save({ full, thumbnail, extension, variants = [] }) {
      const id = `${randomUUID()}${variants.length ? RESPONSIVE_MARK : ''}`;
      const files: Array<[string, Buffer]> = [
        ...variants.map((variant): [string, Buffer] => [`${id}-${variant.width}.${variant.format}`, variant.bytes]),
        [`${id}.${extension}`, full],
        [`${id}-thumb.${extension}`, thumbnail],
      ];
      // A URL is handed out only once every file it names is written; if one write
      // fails, the others are removed (best effort) so no orphan copies stay behind.
      const written = await Promise.allSettled(files.map(([key, bytes]) => put(key, bytes)));
      const failure = written.find((result) => result.status === 'rejected');
      if (failure) {
        await objects.remove(files.filter((_, index) => written[index].status === 'fulfilled').map(([key]) => key)).catch(() => undefined);
        throw failure.reason;
      }
      return { url: `${publicPath}/${id}.${extension}`, thumbnailUrl: `${publicPath}/${id}-thumb.${extension}` };
    },
    async store(key, bytes) {
      await put(key, bytes);
      return `${publicPath}/${key}`;
    },
    thumbnailUrl(url) {
      const match = new RegExp(`^${publicPath}/([0-9a-f-]{36}(?:${RESPONSIVE_MARK})?)\\.(\\w+)$`).exec(url);
      return match ? `${publicPath}/${match[1]}-thumb.${match[2]}` : url;
    },
    responsiveSources(url) {
      const match = new RegExp(`^${publicPath}/([0-9a-f-]{36}${RESPONSIVE_MARK})\\.webp$`).exec(url);
      if (!match) return null;
      const srcset = (format: string) => RESPONSIVE_WIDTHS.map((width) => `${publicPath}/${match[1]}-${width}.${format} ${width}w`).join(', ');
      return { webp: srcset('webp'), jpeg: srcset('jpg') };
    },
    serve: objects.serve,
  };
}

/** Files in `directory` (created when needed), served as they are from it. */
export function localObjectStore(directory: string): ObjectStore {
  return {
    async put(key, bytes) {
      await fs.mkdir(directory, { recursive: true });
      await fs.writeFile(path.join(directory, key), bytes);
    },
    async remove(keys) {
      await Promise.all(keys.filter(isStorageKey).map((key) => fs.rm(path.join(directory, key), { force: true })));
    },
    serve: express.static(directory, { index: false, immutable: true, maxAge: '365d', fallthrough: false }),
  };
}

export function createLocalImageStorage(directory: string, publicPath = '/uploads'): ImageStorage {
  return imageStorageOver(localObjectStore(directory), publicPath);
}
