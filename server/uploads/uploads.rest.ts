import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import { requireIdentity } from '../context/caller';
import { contextOf } from '../context/http';
import { badInput, payloadTooLarge } from '../shared/errors';

/** POST /api/uploads: multipart, image in the "file" field (other fields, such as upload_preset, are ignored). */
export function uploadsRouter({ maxUploadBytes }: { maxUploadBytes: number }): Router {
  const router = Router();
  const parseOneImage = multer({ storage: multer.memoryStorage(), limits: { fileSize: maxUploadBytes, files: 1, fields: 10 } }).single('file');
  const megabytes = Math.round((maxUploadBytes / (1024 * 1024)) * 10) / 10;

  // Refuse anonymous callers before reading a byte of the body.
  const signedInOnly: RequestHandler = (req, _res, next) => {
    requireIdentity(contextOf(req).caller);
    next();
  };
  const parse: RequestHandler = (req, res, next) => {
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

  router.post('/uploads', signedInOnly, parse, async (req, res) => {
    const { caller, services } = contextOf(req);
    const image = await services.uploads.uploadImage(caller, req.file?.buffer);
    res.status(201).json(image);
  });
  return router;
}
