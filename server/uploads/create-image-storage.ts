// The one place the image storage is chosen from configuration (`npm start`,
// test apps, the benchmark's app processes all come through here).
import type { AppConfig } from '../config';
import { createLocalImageStorage, imageStorageOver, type ImageStorage } from './image-storage';
import { s3ObjectStore } from './s3-object-store';

export function createImageStorage(config: Pick<AppConfig, 'imageStorage' | 'uploadDir'>): ImageStorage {
  const chosen = config.imageStorage;
  return chosen.mode === 's3' ? imageStorageOver(s3ObjectStore(chosen)) : createLocalImageStorage(config.uploadDir);
}
