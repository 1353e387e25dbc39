import {
  CreateBucketCommand,
  DeleteObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../../src/files/s3-store.js';

/** The tests' own bucket; an operator makes theirs (the app never creates one). */
export async function createBucketIfMissing(s: S3Settings): Promise<void> {
  const client = new S3Client({
    endpoint: s.endpoint,
    region: s.region,
    forcePathStyle: s.forcePathStyle,
    credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
  });
  try {
    await client.send(new CreateBucketCommand({ Bucket: s.bucket }), { abortSignal: AbortSignal.timeout(30_000) });
  } catch (error) {
    const taken = error instanceof S3ServiceException && /BucketAlready(OwnedByYou|Exists)/.test(error.name);
    if (!taken) throw error;
  } finally {
    client.destroy();
  }
}

function clientOf(s: S3Settings) {
  return new S3Client({
    endpoint: s.endpoint,
    region: s.region,
    forcePathStyle: s.forcePathStyle,
    credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
  });
}

/** The hashes of every file object in the bucket (`files/<2 hex>/<sha256>`), read from the store's own listing. */
export async function storedObjectHashes(s: S3Settings): Promise<string[]> {
  const client = clientOf(s);
  const hashes: string[] = [];
  try {
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: s.bucket, Prefix: 'files/', ContinuationToken: token }),
        { abortSignal: AbortSignal.timeout(30_000) },
      );
      for (const o of page.Contents ?? []) hashes.push(o.Key!.split('/').at(-1)!);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  } finally {
    client.destroy();
  }
  return hashes.sort();
}

/** Deletes every file object in the bucket: a test that counts them starts from none. */
export async function emptyBucket(s: S3Settings): Promise<void> {
  const client = clientOf(s);
  try {
    for (const sha256 of await storedObjectHashes(s)) {
      await client.send(new DeleteObjectCommand({ Bucket: s.bucket, Key: `files/${sha256.slice(0, 2)}/${sha256}` }), {
        abortSignal: AbortSignal.timeout(30_000),
      });
    }
  } finally {
    client.destroy();
  }
}
