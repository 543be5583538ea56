// A real S3-compatible server for tests (s3rver: the S3 REST API over files in a
// temporary directory, with SigV4 checking), on a free port, with one bucket.
// The app's S3 store talks to it through the real AWS SDK, as to MinIO or AWS.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { ImageStorageConfig } from '../config';
import { s3ObjectStore } from '../uploads/s3-object-store';

/** s3rver accepts only these credentials (it checks every request's signature with them). */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestObjectStore {
  endpoint: string;
  bucket: string;
  /** The app configuration that stores images in this bucket. */
  config: Extract<ImageStorageConfig, { mode: 's3' }>;
  /** The same as environment variables (for an app process: README "Image storage"). */
  env: Record<string, string>;
  /** An object's bytes (read through S3). */
  bytes(key: string): Promise<Buffer>;
  /** The bucket's keys, sorted (read through S3, not from s3rver's files). */
  keys(): Promise<string[]>;
  /** Stops answering (connections refused) until start() is called again; the objects stay. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestObjectStore(bucket = 'opennest-test-images'): Promise<TestObjectStore> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'opennest-s3-'));
  let port = 0;
  let server: S3rver | null = null;
  const start = async () => {
    server = new S3rver({ address: '127.0.0.1', port, directory, silent: true, configureBuckets: [{ name: bucket }] });
    port = (await server.run()).port;
  };
  const stop = async () => {
    const running = server;
    server = null;
    if (!running) return;
    const closed = running.close();
    // The SDK keeps connections alive: end them, or close() waits for their idle timeout.
    running.httpServer?.closeAllConnections();
    await closed;
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  const config = { mode: 's3' as const, bucket, region: 'us-east-1', endpoint, forcePathStyle: true, credentials: CREDENTIALS };
  const reader = s3ObjectStore(config).client;
  return {
    endpoint,
    bucket,
    config,
    env: { S3_BUCKET: bucket, S3_REGION: config.region, S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId, S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey },
    async bytes(key) {
      const object = await reader.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await object.Body!.transformToByteArray());
    },
    async keys() {
      const listed = await reader.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
    },
    stop,
    start,
    async close() {
      reader.destroy();
      await stop();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
