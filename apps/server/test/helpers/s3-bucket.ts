import { CreateBucketCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
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
