import { checkImageSize } from '../http/image-limits.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, conflict, notFound } from '../http/errors.js';
import type { AppContext } from '../app.js';

/** A phone photo after on-device reduction is well under 1 MB; 8 MB leaves room for an unreduced one. */
export const MAX_FILE_BYTES = 8 * 1024 * 1024;

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
type ImageType = (typeof IMAGE_TYPES)[number];

const ACCEPTED: Record<'photo' | 'signature', readonly ImageType[]> = {
  photo: IMAGE_TYPES,
  signature: ['image/png'],
};

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** What the bytes are, from their signature; the Content-Type header is only a claim. */
export function sniffImageType(data: Buffer): ImageType | undefined {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') {
    return 'image/webp';
  }
  return undefined;
}

const idParams = z.object({ id: z.uuid() });
const putQuery = z.object({ kind: z.enum(['photo', 'signature'], { message: 'kind must be photo or signature' }) });
const storedFile = z.object({
  id: z.uuid(),
  kind: z.enum(['photo', 'signature']),
  contentType: z.string(),
  size: z.number().int(),
});

/**
 * Photos and signatures, uploaded as raw bytes under the id the device gave them (so a retried upload
 * stores the file once) and referred to from wizard data as /api/files/{id}.
 */
export const fileRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { files } = ctx.repos;

    // Scoped to this plugin: only the file routes accept image bodies, with their own size limit.
    app.addContentTypeParser(
      [...IMAGE_TYPES],
      { parseAs: 'buffer', bodyLimit: MAX_FILE_BYTES },
      (_request, body, done) => done(null, body),
    );

    app.put(
      '/api/files/:id',
      {
        config: { access: 'field' },
        bodyLimit: MAX_FILE_BYTES,
        schema: {
          tags: ['files'],
          params: idParams,
          querystring: putQuery,
          response: { 200: storedFile, 201: storedFile },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const { kind } = request.query;
        const data = request.body;
        if (!Buffer.isBuffer(data)) {
          throw new HttpError(
            415,
            'unsupported_media_type',
            'Send the image bytes as image/jpeg, image/png or image/webp',
          );
        }
        if (data.length === 0) throw new HttpError(400, 'bad_request', 'The file is empty');
        const contentType = sniffImageType(data);
        if (!contentType || !ACCEPTED[kind].includes(contentType)) {
          const allowed = kind === 'signature' ? 'a PNG image' : 'a JPEG, PNG or WebP image';
          throw new HttpError(415, 'unsupported_media_type', `A ${kind} must be ${allowed}`);
        }
        // A tiny file can claim a huge picture; the PDF would try to decode it.
        checkImageSize(data, contentType, kind);
        const result = await files.put({ id, ownerId: request.user!.id, kind, contentType, data });
        if (result === 'conflict') throw conflict('A different file is already stored under this id');
        return reply.status(result === 'created' ? 201 : 200).send({ id, kind, contentType, size: data.length });
      },
    );

    app.get(
      '/api/files/:id',
      {
        schema: { tags: ['files'], params: idParams },
        // Runs after the app-wide no-store hook: a file never changes under its id, so the browser may keep it.
        onSend: async (_request, reply, payload) => {
          if (reply.statusCode === 200) reply.header('Cache-Control', 'private, max-age=31536000, immutable');
          return payload;
        },
      },
      async (request, reply) => {
        const file = await files.get(request.params.id);
        const user = request.user!;
        // Someone else's file answers like a missing one, so ids cannot be probed.
        if (!file || (file.ownerId !== user.id && user.role !== 'admin')) throw notFound('File not found');
        const filename = `${file.kind}-${file.id}.${EXTENSIONS[file.contentType] ?? 'bin'}`;
        return reply
          .header('Content-Type', file.contentType)
          .header('Content-Length', file.size)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Disposition', `inline; filename="${filename}"`)
          .send(file.data);
      },
    );
  };
