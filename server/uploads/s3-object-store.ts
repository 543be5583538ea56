// Uploaded images in an S3-compatible bucket (AWS S3, MinIO, ...), shared by
// every API process. The bucket may stay private: the app streams each file
// back at the same /uploads/<key> URL the local store uses, so stored URLs, the
// REST `image` fields and the same-origin image policy do not depend on where
// the bytes are.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, type GetObjectCommandOutput } from '@aws-sdk/client-s3';
import type { RequestHandler, Response } from 'express';
import type { S3StorageConfig } from '../config';
import { AppError, notFound } from '../shared/errors';
import { contentTypeOf, IMMUTABLE_CACHE_CONTROL, isStorageKey, type ObjectStore } from './image-storage';

/** Seconds a client is told to wait before retrying while the object store is unreachable. */
export const STORAGE_RETRY_AFTER_SECONDS = 5;

/** The caller-facing error for an object store that cannot be reached (or refuses this app): nothing was stored. */
export const storageUnavailable = () =>
  new AppError('SERVICE_UNAVAILABLE', 'Image storage is temporarily unavailable; please retry in a few seconds.', undefined, STORAGE_RETRY_AFTER_SECONDS);

/** The HTTP status S3 answered with, when it answered at all (a network failure has none). */
const statusOf = (error: unknown): number | undefined => (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
const isMissing = (error: unknown) => statusOf(error) === 404 || (error as { name?: string })?.name === 'NoSuchKey';

export function s3ObjectStore(config: S3StorageConfig): ObjectStore & { client: S3Client } {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    // Unset: the SDK's default chain (environment, shared files, instance or task role).
    credentials: config.credentials,
    // An unreachable store must fail an upload in seconds (then 503), not hang it.
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 10_000 },
    maxAttempts: 2,
  });
  const Bucket = config.bucket;

  /** Status, validators and caching of a found object. */
  const setObjectHeaders = (res: Response, key: string, object: Pick<GetObjectCommandOutput, 'ContentType' | 'ContentLength' | 'ETag' | 'LastModified' | 'ContentRange'>) => {
    res.setHeader('Content-Type', object.ContentType || contentTypeOf(key));
    res.setHeader('Cache-Control', IMMUTABLE_CACHE_CONTROL);
    if (object.ETag) res.setHeader('ETag', object.ETag);
    if (object.LastModified) res.setHeader('Last-Modified', object.LastModified.toUTCString());
    if (object.ContentLength !== undefined) res.setHeader('Content-Length', String(object.ContentLength));
    res.setHeader('Accept-Ranges', 'bytes');
    if (object.ContentRange) res.setHeader('Content-Range', object.ContentRange);
  };

  const serve: RequestHandler = async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return next(Object.assign(new Error('Method Not Allowed'), { status: 405 }));
    }
    let key: string;
    try {
      key = decodeURIComponent(req.path.slice(1));
    } catch {
      return next(notFound());
    }
    // Only plain file names reach the bucket: no prefixes, no dots, nothing but what save() writes.
    if (!isStorageKey(key)) return next(notFound());
    const ifNoneMatch = req.headers['if-none-match'];
    const ifModifiedSince = req.headers['if-modified-since'];
    const conditions = {
      IfNoneMatch: ifNoneMatch || undefined,
      IfModifiedSince: !ifNoneMatch && ifModifiedSince && !Number.isNaN(Date.parse(ifModifiedSince)) ? new Date(ifModifiedSince) : undefined,
    };
    try {
      if (req.method === 'HEAD') {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key, ...conditions }), { abortSignal: abortOnClose(res) });
        setObjectHeaders(res, key, head);
        return res.status(200).end();
      }
      // One byte range from a start (`bytes=0-99`, `bytes=100-`, what browsers send) is passed on; anything else
      // (several ranges, a suffix `bytes=-100`, which not every S3-compatible server reads right) gets the whole object.
      const range = typeof req.headers.range === 'string' && /^bytes=\d+-\d*$/.test(req.headers.range) ? req.headers.range : undefined;
      const object = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: range, ...conditions }), { abortSignal: abortOnClose(res) });
      setObjectHeaders(res, key, object);
      res.status(object.ContentRange ? 206 : 200);
      await pipeline(object.Body as Readable, res);
    } catch (error) {
      if (res.headersSent) {
        // The stream broke after the answer began: the client sees a cut response, not a wrong one.
        res.destroy();
        return;
      }
      if (statusOf(error) === 304) {
        res.setHeader('Cache-Control', IMMUTABLE_CACHE_CONTROL);
        if (typeof ifNoneMatch === 'string') res.setHeader('ETag', ifNoneMatch.split(',')[0].trim());
        return res.status(304).end();
      }
      if (isMissing(error)) return next(notFound());
      if (statusOf(error) === 416) return res.status(416).setHeader('Content-Range', 'bytes */*').end();
      // Logged (with this cause) by the error handler, as every SERVICE_UNAVAILABLE is.
      next(Object.assign(storageUnavailable(), { cause: error }));
    }
  };

  return {
    client,
    async put(key, bytes, contentType) {
      try {
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, CacheControl: IMMUTABLE_CACHE_CONTROL }));
      } catch (error) {
        throw Object.assign(storageUnavailable(), { cause: error });
      }
    },
    async remove(keys) {
      const Objects = keys.filter(isStorageKey).map((Key) => ({ Key }));
      if (Objects.length) await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
    },
    serve,
  };
}

/** Stops the object store's answer when the client goes away before it is sent (after it was sent, aborting changes nothing). */
function abortOnClose(res: Response): AbortSignal {
  const controller = new AbortController();
  res.once('close', () => controller.abort());
  return controller.signal;
}
