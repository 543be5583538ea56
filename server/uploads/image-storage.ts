// Where uploaded images live. The embedded default is a directory served by the
// app at /uploads; a Cloudinary (unsigned preset) or S3 adapter only has to
// implement this interface and be chosen in createImageStorage().
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export interface StoredImage {
  url: string;
  thumbnailUrl: string;
}

export interface ImageStorage {
  save(image: { full: Buffer; thumbnail: Buffer; extension: string }): Promise<StoredImage>;
  /** The thumbnail of a stored image's URL; other URLs (external images) are returned as they are. */
  thumbnailUrl(url: string): string;
}

export function createLocalImageStorage(directory: string, publicPath = '/uploads'): ImageStorage {
  return {
    async save({ full, thumbnail, extension }) {
      await fs.mkdir(directory, { recursive: true });
      const id = randomUUID();
      const fullName = `${id}.${extension}`;
      const thumbnailName = `${id}-thumb.${extension}`;
      await Promise.all([fs.writeFile(path.join(directory, fullName), full), fs.writeFile(path.join(directory, thumbnailName), thumbnail)]);
      return { url: `${publicPath}/${fullName}`, thumbnailUrl: `${publicPath}/${thumbnailName}` };
    },
    thumbnailUrl(url) {
      const match = new RegExp(`^${publicPath}/([0-9a-f-]{36})\\.(\\w+)$`).exec(url);
      return match ? `${publicPath}/${match[1]}-thumb.${match[2]}` : url;
    },
  };
}
