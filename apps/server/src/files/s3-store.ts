import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import {
  CorruptObjectError,
  StoreUnavailableError,
  checkedAgainst,
  sha256Of,
  type ObjectStore,
} from './object-store.js';

export interface S3Settings {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Every call is given up after this long: a store whose disks are down holds requests open. */
  timeoutMs: number;
}

/** Not guessable from a file's id, and spread over prefixes as servers prefer. */
const keyOf = (sha256: string) => `files/${sha256.slice(0, 2)}/${sha256}`;

/**
 * The S3 kind of file store. `requestChecksumCalculation: 'WHEN_REQUIRED'`: the SDK's default
 * CRC checksums on every upload are refused by some S3-compatible servers; the content hash is checked here.
 */
export function s3Store(settings: S3Settings): ObjectStore {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // One retry of the SDK's own; the app's fallback (keep it in the database) handles the rest.
    maxAttempts: 2,
  });
  const name = `${settings.endpoint ?? 'AWS S3'} bucket ${settings.bucket}`;

  async function call<T>(what: string, send: (signal: AbortSignal) => Promise<T>): Promise<T> {
    try {
      return await send(AbortSignal.timeout(settings.timeoutMs));
    } catch (error) {
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode !== undefined) {
        if (error.$metadata.httpStatusCode < 500) throw error;
      }
      const reason = error instanceof Error ? error.message : String(error);
      throw new StoreUnavailableError(`The file store (${name}) did not ${what}: ${reason}`, { cause: error });
    }
  }

  return {
    name,
    async put(sha256, data) {
      await call('store a file', (abortSignal) =>
        client.send(
          new PutObjectCommand({
            Bucket: settings.bucket,
            Key: keyOf(sha256),
            Body: data,
            ContentLength: data.length,
            ContentType: 'application/octet-stream',
          }),
          { abortSignal },
        ),
      );
    },
    async get(sha256) {
      const bytes = await call('send a file', async (abortSignal) => {
        const res = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: keyOf(sha256) }), {
          abortSignal,
        });
        return Buffer.from(await res.Body!.transformToByteArray());
      });
      if (sha256Of(bytes) !== sha256) throw new CorruptObjectError(`The stored object ${sha256} fails its SHA-256`);
      return bytes;
    },
    async stream(sha256) {
      // Timed until the store answers, not while the body is read: a large file to a slow client takes long.
      const answered = new AbortController();
      const timer = setTimeout(() => answered.abort(new Error('no answer in time')), settings.timeoutMs);
      try {
        const res = await call('send a file', () =>
          client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: keyOf(sha256) }), {
            abortSignal: answered.signal,
          }),
        );
        return checkedAgainst(sha256, res.Body as Readable);
      } finally {
        clearTimeout(timer);
      }
    },
    async delete(sha256) {
      await call('delete a file', (abortSignal) =>
        client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: keyOf(sha256) }), { abortSignal }),
      );
    },
    async exists(sha256) {
      try {
        await call('answer', (abortSignal) =>
          client.send(new HeadObjectCommand({ Bucket: settings.bucket, Key: keyOf(sha256) }), { abortSignal }),
        );
        return true;
      } catch (error) {
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return false;
        throw error;
      }
    },
    async check() {
      try {
        await call('answer', (abortSignal) =>
          client.send(new HeadBucketCommand({ Bucket: settings.bucket }), { abortSignal }),
        );
      } catch (error) {
        const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
        if (status === 404)
          throw new Error(`FILE_STORE=s3: the bucket "${settings.bucket}" does not exist at ${name}`, {
            cause: error,
          });
        if (status === 403 || status === 401)
          throw new Error(
            `FILE_STORE=s3: ${name} refused S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY (HTTP ${status}); check the keys and the bucket's owner`,
            { cause: error },
          );
        throw error;
      }
    },
  };
}
