// Uploaded images are trusted by their bytes, never by name or declared type,
// and re-encoded so that nothing but pixels survives (EXIF, GPS, comments...).
import sharp from 'sharp';
import { badInput } from '../shared/errors';

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'gif';

/** Identifies JPEG, PNG, WebP and GIF from their magic numbers. */
export function sniffImageKind(bytes: Uint8Array): ImageKind | null {
  const starts = (signature: number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

/** A listing photo's responsive copies: each width in a modern format (WebP) and the fallback (JPEG). */
export const RESPONSIVE_WIDTHS = [480, 960, 1600] as const;
export const RESPONSIVE_FORMATS = ['webp', 'jpg'] as const;
export interface ImageVariant {
  width: (typeof RESPONSIVE_WIDTHS)[number];
  format: (typeof RESPONSIVE_FORMATS)[number];
  bytes: Buffer;
}

export interface ProcessedImage {
  full: Buffer;
  thumbnail: Buffer;
  /** Still images only (an animated GIF keeps its one animated WebP). */
  variants: ImageVariant[];
  width: number;
  height: number;
  contentType: 'image/webp';
  extension: 'webp';
}

export const NOT_AN_IMAGE_MESSAGE = 'Only JPEG, PNG, WebP or GIF images are accepted.';
const MAX_EDGE = 2000;
const THUMBNAIL_WIDTH = 640;

export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  const kind = sniffImageKind(bytes);
  if (!kind) throw badInput(NOT_AN_IMAGE_MESSAGE);
  try {
    // `limitInputPixels` stops decompression bombs; rotate() applies the EXIF
    // orientation before the metadata is dropped (sharp drops it by default).
    const source = sharp(bytes, { animated: kind === 'gif', limitInputPixels: 50_000_000 }).rotate();
    const full = await source
      .clone()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await source
      .clone()
      .resize({ width: THUMBNAIL_WIDTH, height: Math.round((THUMBNAIL_WIDTH * 3) / 4), fit: 'cover', withoutEnlargement: false })
      .webp({ quality: 75 })
      .toBuffer();
    // An animated image's frames are stacked vertically: its height is one frame's.
    const animated = Boolean(full.info.pages && full.info.pages > 1);
    const height = animated && full.info.pageHeight ? full.info.pageHeight : full.info.height;
    const variants: ImageVariant[] = [];
    if (!animated) {
      for (const width of RESPONSIVE_WIDTHS) {
        const resized = source.clone().resize({ width, withoutEnlargement: true });
        variants.push({ width, format: 'webp', bytes: await resized.clone().webp({ quality: 78 }).toBuffer() });
        variants.push({ width, format: 'jpg', bytes: await resized.clone().jpeg({ quality: 80, mozjpeg: true }).toBuffer() });
      }
    }
    return { full: full.data, thumbnail, variants, width: full.info.width, height, contentType: 'image/webp', extension: 'webp' };
  } catch {
    throw badInput('The image could not be read; it may be damaged.');
  }
}
