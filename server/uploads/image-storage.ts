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
  };
}
