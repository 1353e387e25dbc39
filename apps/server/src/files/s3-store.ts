import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import {
  CorruptObjectError,
  StoreUnavailableError,
  checkedAgainst,
  sha256Of,
  type ObjectStore,
  type ReceivedObject,
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
  const options = {
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // One retry of the SDK's own; the app's fallback (keep it in the database) handles the rest.
    maxAttempts: 2,
  } as const;
  const client = new S3Client(options);
  // Streamed uploads have a client of their own whose requests give up when the store is silent for the timeout:
  // an upload lasts as long as the phone takes to send it, so it cannot have one deadline; each part is sent from
  // memory at the store's speed.
  const uploadClient = new S3Client({
    ...options,
    requestHandler: { requestTimeout: settings.timeoutMs, connectionTimeout: settings.timeoutMs },
  });
  const name = `${settings.endpoint ?? 'AWS S3'} bucket ${settings.bucket}`;

  /** A refusal (4xx) is the caller's to handle; anything else means the store is not answering. */
  const isStoreFailure = (error: unknown) =>
    !(
      error instanceof S3ServiceException &&
      error.$metadata.httpStatusCode !== undefined &&
      error.$metadata.httpStatusCode < 500
    );
  const unavailable = (what: string, error: unknown) =>
    new StoreUnavailableError(
      `The file store (${name}) did not ${what}: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );

  async function call<T>(what: string, send: (signal: AbortSignal) => Promise<T>): Promise<T> {
    try {
      return await send(AbortSignal.timeout(settings.timeoutMs));
    } catch (error) {
      throw isStoreFailure(error) ? unavailable(what, error) : error;
    }
  }

  /** A request of a streamed upload: given up when the store is silent for the timeout, however long it lasts. */
  async function uploading<T>(send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      throw isStoreFailure(error) ? unavailable('store a file', error) : error;
    }
  }

  async function exists(sha256: string) {
    try {
      await call('answer', (abortSignal) =>
        client.send(new HeadObjectCommand({ Bucket: settings.bucket, Key: keyOf(sha256) }), { abortSignal }),
      );
      return true;
    } catch (error) {
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return false;
      throw error;
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
    async receive(tag, body) {
      const key = `uploads/${tag}/${randomUUID()}`;
      const object = { Bucket: settings.bucket, Key: key };
      let UploadId: string | undefined;
      const Parts: { PartNumber: number; ETag?: string }[] = [];
      try {
        // A part per piece, each sent before the next is read: the server holds one piece, never the file.
        for await (const piece of body) {
          UploadId ??= (
            await uploading(() =>
              uploadClient.send(
                new CreateMultipartUploadCommand({ ...object, ContentType: 'application/octet-stream' }),
              ),
            )
          ).UploadId;
          const PartNumber = Parts.length + 1;
          const part = { ...object, UploadId, PartNumber, Body: piece, ContentLength: piece.length };
          Parts.push({
            PartNumber,
            ETag: (await uploading(() => uploadClient.send(new UploadPartCommand(part)))).ETag,
          });
        }
        await uploading(() =>
          uploadClient.send(new CompleteMultipartUploadCommand({ ...object, UploadId, MultipartUpload: { Parts } })),
        );
      } catch (error) {
        // Too large, cut off or the store failing: the parts sent so far are dropped. An abort that fails leaves an
        // unfinished upload, space and not a file, which a bucket's lifecycle rule ends (README.md).
        if (UploadId)
          await uploading(() => uploadClient.send(new AbortMultipartUploadCommand({ ...object, UploadId }))).catch(
            () => undefined,
          );
        throw error;
      }
      const received: ReceivedObject = {
        async keep(sha256) {
          if (await exists(sha256)) return;
          await call('store a file', (abortSignal) =>
            client.send(
              new CopyObjectCommand({
                Bucket: settings.bucket,
                Key: keyOf(sha256),
                CopySource: `${settings.bucket}/${key}`,
                ContentType: 'application/octet-stream',
              }),
              { abortSignal },
            ),
          );
        },
        async discard() {
          await call('delete a file', (abortSignal) =>
            client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key }), { abortSignal }),
          );
        },
      };
      return received;
    },
    async delete(sha256) {
      await call('delete a file', (abortSignal) =>
        client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: keyOf(sha256) }), { abortSignal }),
      );
    },
    exists,
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
    async *names() {
      let token: string | undefined;
      do {
        const page = await call('list its files', (abortSignal) =>
          client.send(
            new ListObjectsV2Command({ Bucket: settings.bucket, Prefix: 'files/', ContinuationToken: token }),
            { abortSignal },
          ),
        );
        for (const object of page.Contents ?? []) {
          const sha256 = object.Key?.split('/').at(-1);
          if (sha256 && /^[0-9a-f]{64}$/.test(sha256)) yield sha256;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
