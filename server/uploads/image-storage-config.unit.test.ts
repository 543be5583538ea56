// Which image store the environment chooses (config.ts), and the start-up
// errors for a half-configured S3 store.
import { imageStorageConfig, loadConfig } from '../config';

const S3 = { S3_BUCKET: 'opennest-images', S3_REGION: 'eu-west-1' };

it('stores images in UPLOAD_DIR when S3_BUCKET is not set', () => {
  expect(imageStorageConfig({})).toEqual({ mode: 'local' });
  expect(loadConfig({}).imageStorage).toEqual({ mode: 'local' });
});

it('uses AWS S3 with the SDK credential chain when only the bucket and region are given', () => {
  expect(imageStorageConfig(S3)).toEqual({ mode: 's3', bucket: 'opennest-images', region: 'eu-west-1', endpoint: undefined, forcePathStyle: false, credentials: undefined });
  expect(imageStorageConfig({ S3_BUCKET: 'opennest-images', AWS_REGION: 'us-west-2' })).toMatchObject({ region: 'us-west-2' });
});

it('reaches a self-hosted store by path unless told otherwise, with the given keys', () => {
  const minio = { ...S3, S3_ENDPOINT: 'http://minio:9000/', S3_ACCESS_KEY_ID: 'opennest', S3_SECRET_ACCESS_KEY: 'a-secret-key' };
  expect(imageStorageConfig(minio)).toEqual({
    mode: 's3',
    bucket: 'opennest-images',
    region: 'eu-west-1',
    endpoint: 'http://minio:9000',
    forcePathStyle: true,
    credentials: { accessKeyId: 'opennest', secretAccessKey: 'a-secret-key' },
  });
  expect(imageStorageConfig({ ...minio, S3_FORCE_PATH_STYLE: 'false' })).toMatchObject({ forcePathStyle: false });
  expect(imageStorageConfig({ ...S3, S3_FORCE_PATH_STYLE: 'true' })).toMatchObject({ forcePathStyle: true });
});

it.each([
  [{ S3_BUCKET: 'opennest-images' }, 'S3_BUCKET is set, so S3_REGION is required too'],
  [{ ...S3, S3_ACCESS_KEY_ID: 'only-the-id' }, 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together'],
  [{ ...S3, S3_SECRET_ACCESS_KEY: 'only-the-secret' }, 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together'],
  [{ ...S3, S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT must be an http(s) URL such as http://minio:9000, got "minio:9000".'],
  [{ ...S3, S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE must be "true" or "false", got "yes".'],
  [{ ...S3, S3_BUCKET: 'Not_A_Bucket' }, 'S3_BUCKET must be a bucket name'],
  [{ S3_ENDPOINT: 'http://minio:9000', S3_REGION: 'us-east-1' }, 'S3_ENDPOINT, S3_REGION are set but S3_BUCKET is not'],
])('refuses to start with %j', (env, message) => {
  expect(() => loadConfig(env)).toThrow(message);
});

it('never puts the secret key in an error message', () => {
  expect(() => imageStorageConfig({ ...S3, S3_SECRET_ACCESS_KEY: 'super-secret-value' })).toThrow(expect.objectContaining({ message: expect.not.stringContaining('super-secret-value') }));
});
