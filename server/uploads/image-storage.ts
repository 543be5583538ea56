// Where uploaded images live. The embedded default is a directory served by the
// app at /uploads; a Cloudinary (unsigned preset) or S3 adapter only has to
// implement this interface and be chosen in createImageStorage().
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
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
  save(image: { full: Buffer; thumbnail: Buffer; extension: string; variants?: ImageVariant[] }): Promise<StoredImage>;
  /** Stores one file under `key` (a file name) and returns its public URL; every responsive width and format goes through it. */
  store(key: string, bytes: Buffer): Promise<string>;
  /** The thumbnail of a stored image's URL; other URLs (external images) are returned as they are. */
  thumbnailUrl(url: string): string;
  /** The srcsets of an image stored with responsive copies; null for others (older uploads, web addresses, animations). */
  responsiveSources(url: string): ResponsiveSources | null;
}

/** Images stored with responsive copies are named <uuid>-r.webp; their copies <uuid>-r-<width>.<webp|jpg>. */
const RESPONSIVE_MARK = '-r';

export function createLocalImageStorage(directory: string, publicPath = '/uploads'): ImageStorage {
  const store = async (key: string, bytes: Buffer) => {
    if (!/^[\w.-]+$/.test(key)) throw new Error(`Not a storage key: ${key}`);
    await fs.mkdir(directory, { recursive: true });
    await fs.writeFile(path.join(directory, key), bytes);
    return `${publicPath}/${key}`;
  };
  return {
    async save({ full, thumbnail, extension, variants = [] }) {
      await fs.mkdir(directory, { recursive: true });
      // The copies are written first: a URL naming them exists only once they do.
      const id = `${randomUUID()}${variants.length ? RESPONSIVE_MARK : ''}`;
      for (const variant of variants) await store(`${id}-${variant.width}.${variant.format}`, variant.bytes);
      const fullName = `${id}.${extension}`;
      const thumbnailName = `${id}-thumb.${extension}`;
      await Promise.all([fs.writeFile(path.join(directory, fullName), full), fs.writeFile(path.join(directory, thumbnailName), thumbnail)]);
      return { url: `${publicPath}/${fullName}`, thumbnailUrl: `${publicPath}/${thumbnailName}` };
    },
    store,
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
  };
}
