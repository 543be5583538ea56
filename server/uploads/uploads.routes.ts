// POST /api/uploads: multipart, image in the "file" field (other fields, such as upload_preset, are ignored).
import type { RequestHandler } from 'express';
import multer from 'multer';
import { ignored } from '../rest/inputs';
import { routesOf, type RestEnvironment, type ApiRoute } from '../rest/route';
import { uploadsAccess } from './uploads.access';
import { z } from '../rest/zod';
import { badInput, payloadTooLarge } from '../shared/errors';

const route = routesOf(uploadsAccess);

/** Reads one image of at most maxUploadBytes from the "file" field; runs only once the caller is signed in. */
function oneImageParser({ maxUploadBytes }: RestEnvironment): RequestHandler {
  const parseOneImage = multer({ storage: multer.memoryStorage(), limits: { fileSize: maxUploadBytes, files: 1, fields: 10 } }).single('file');
  const megabytes = Math.round((maxUploadBytes / (1024 * 1024)) * 10) / 10;
  return (req, res, next) => {
    parseOneImage(req, res, (error: unknown) => {
      if (!error) return next();
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') return next(payloadTooLarge(`Image must be at most ${megabytes} MB.`));
        if (error.code === 'LIMIT_UNEXPECTED_FILE' || error.code === 'LIMIT_FILE_COUNT') return next(badInput('Send one image in the "file" field.'));
        return next(badInput(`Upload refused: ${error.message}.`));
      }
      return next(badInput('The upload could not be read; send it as multipart/form-data.'));
    });
  };
}

// OpenAPI 3.1's way to say "bytes" (JSON Schema's contentMediaType), which the
// library's metadata type (shared with OpenAPI 3.0) does not list.
const binaryContent = { contentMediaType: 'application/octet-stream' };

export const uploadRoutes: ApiRoute[] = [
  route('POST /uploads', 'uploadImage', {
    spec: false,
    summary: 'Upload an image (any signed-in caller, record or not)',
    description:
      'Re-encoded to WebP (metadata stripped) with a thumbnail. 400 when the file is missing, not an image or damaged; 413 over MAX_UPLOAD_BYTES; 503 (with Retry-After) when the image storage cannot be reached, nothing stored.',
    refusals: [503],
    body: {
      kind: 'multipart',
      schema: z
        .object({
          file: z.string().openapi({ ...binaryContent, description: 'One JPEG, PNG, WebP or GIF image (judged by its bytes).' }),
          upload_preset: ignored('images are stored by the server’s own storage.'),
        })
        .openapi('UploadInput'),
      encoding: { file: { contentType: 'image/jpeg, image/png, image/webp, image/gif' } },
      parser: oneImageParser,
    },
    success: {
      status: 201,
      description: 'Where the image and its thumbnail are served.',
      schema: z
        .strictObject({
          url: z.string().openapi({ description: 'The re-encoded WebP image, under /uploads.' }),
          thumbnailUrl: z.string().openapi({ description: 'Its 640x480 thumbnail.' }),
          width: z.int().min(1),
          height: z.int().min(1),
        })
        .openapi('StoredImage'),
    },
    handler: async ({ req, context: { caller, services } }) => services.uploads.uploadImage(caller, req.file?.buffer),
  }),
];
