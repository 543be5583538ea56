import { requireIdentity, type Caller } from '../context/caller';
import { badInput } from '../shared/errors';
import { processImage } from './image-processing';
import type { ImageStorage, StoredImage } from './image-storage';

export function createUploadsService({ storage }: { storage: ImageStorage }) {
  return {
    /** Any signed-in caller (a record is not needed: registration uploads its photo first). */
    async uploadImage(caller: Caller, bytes: Buffer | undefined): Promise<StoredImage & { width: number; height: number }> {
      requireIdentity(caller);
      if (!bytes?.length) throw badInput('Choose an image to upload.');
      const image = await processImage(bytes);
      const stored = await storage.save(image);
      return { ...stored, width: image.width, height: image.height };
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
