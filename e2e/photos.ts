// Photos the browser journeys upload: plain-coloured images, made before a file's
// tests in the system's temporary folder and removed after them.
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

interface PhotoShape {
  width: number;
  height: number;
  format?: 'png' | 'jpeg';
}

/** One photo a colour, `name` telling the file's photos from another file's; the paths exist once the file's tests run. */
export function photosForFile(name: string, colours: readonly string[], { width, height, format = 'png' }: PhotoShape): string[] {
  const extension = format === 'jpeg' ? 'jpg' : format;
  const paths = colours.map((_, index) => path.join(os.tmpdir(), `opennest-e2e-${name}-${process.pid}-${index + 1}.${extension}`));
  beforeAll(async () => {
    for (const [index, colour] of colours.entries()) await sharp({ create: { width, height, channels: 3, background: colour } }).toFormat(format).toFile(paths[index]);
  });
  afterAll(() => Promise.all(paths.map((photo) => rm(photo, { force: true }))));
  return paths;
}

/** One photo in `colour` (photosForFile). */
export const photoForFile = (name: string, colour: string, shape: PhotoShape): string => photosForFile(name, [colour], shape)[0];
