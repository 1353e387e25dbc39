import {
  MAX_UPLOAD_BYTES,
  sniffImageType,
  UPLOAD_LIMITS,
  type ImageType,
  type UploadKind,
  type User,
} from '@hiu/domain';
import { checkImageSize, tooLarge } from '../http/image-limits.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, conflict, notFound } from '../http/errors.js';
import type { AppContext } from '../context.js';
import { seesApprovedOnly, siteAccess } from '../http/site-access.js';
import type { UnclaimedLimit, UnclaimedUploads } from './repository.js';
import { fileStream, type FileDeps } from './commands.js';
import { readIncoming } from './incoming-file.js';
import { receiveUpload } from './upload.js';

/** The largest photo or signature (a camera original has its own limit). */
export const MAX_FILE_BYTES = MAX_UPLOAD_BYTES;

/**
 * The most of an upload held at once before it is known whether it came whole: every photo and signature does
 * (docs/product.md#files); a camera original beyond it goes on to the store as it arrives.
 */
const PIECE_BYTES = 5 * 1024 * 1024; // S3's smallest part of a multipart upload but the last

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const satisfies readonly ImageType[];

/**
 * The app sends photos as JPEG and signatures as PNG. A PNG photo is refused: the PDF must decode a PNG
 * (about 3 s for 2048 x 2048 pixels), while it embeds a JPEG as it is.
 */
const ACCEPTED: Record<UploadKind, readonly ImageType[]> = {
  photo: ['image/jpeg', 'image/webp'],
  signature: ['image/png'],
  original: ['image/jpeg', 'image/webp'],
};

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

const NOT_AN_IMAGE = 'Send the image bytes as image/jpeg, image/png or image/webp';

/** Any other body is refused before it is read, however large it is. */
async function onlyImages(request: FastifyRequest) {
  const type = String(request.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  if (!(IMAGE_TYPES as readonly string[]).includes(type))
    throw new HttpError(415, 'unsupported_media_type', NOT_AN_IMAGE);
}

const mb = (bytes: number) => `${Math.ceil(bytes / 1024 / 1024)} MB`;

/** 429, not 413: the upload goes through by itself once the engineer's finished checks are submitted. */
function overLimit(held: UnclaimedUploads, limit: UnclaimedLimit): HttpError {
  return new HttpError(
    429,
    'too_many_uploads',
    `You have ${held.count} photos and signatures (${mb(held.bytes)}) that are not in a submitted report yet; ` +
      `one person may hold at most ${limit.count} (${mb(limit.bytes)}). Submit your finished checks and this one is sent by itself.`,
  );
}

const idParams = z.object({ id: z.uuid() });
const putQuery = z.object({ kind: z.enum(['photo', 'signature'], { message: 'kind must be photo or signature' }) });
const storedFile = z.object({
  id: z.uuid(),
  kind: z.enum(['photo', 'signature', 'original']),
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
    const deps: FileDeps = { db: ctx.database.db, files, objects: ctx.objects, log: app.log };

    // Scoped to this plugin: only the file routes accept image bodies, left unread as a stream; each upload reads
    // its own and stops at its kind's limit.
    app.addContentTypeParser([...IMAGE_TYPES], (_request, body, done) => done(null, body));

    app.put(
      '/api/files/:id',
      {
        config: { access: 'field' },
        onRequest: onlyImages,
        schema: {
          tags: ['files'],
          params: idParams,
          querystring: putQuery,
          response: { 200: storedFile, 201: storedFile },
        },
      },
      async (request, reply) => store(request.params.id, request.query.kind, request, reply),
    );

    // The camera original of a photo, on a site that keeps them (checked when its report is submitted).
    app.put(
      '/api/files/:id/original',
      {
        config: { access: 'field' },
        onRequest: onlyImages,
        schema: { tags: ['files'], params: idParams, response: { 200: storedFile, 201: storedFile } },
      },
      async (request, reply) => store(request.params.id, 'original', request, reply),
    );

    /**
     * Checks an upload's type and size before anything is decoded or kept, then stores it once under its id as it
     * arrives, hashed and counted on the way; past its kind's limit it stops at once (docs/product.md#files).
     */
    async function store(id: string, kind: UploadKind, request: FastifyRequest, reply: FastifyReply) {
      const body = request.body as Readable | undefined;
      if (!body || typeof body.iterator !== 'function') {
        throw new HttpError(415, 'unsupported_media_type', NOT_AN_IMAGE);
      }
      const { maxBytes } = UPLOAD_LIMITS[kind];
      // Refused before a byte is read when it says it is too large, and the socket closed so the rest is not read.
      const declared = Number(request.headers['content-length'] ?? NaN);
      try {
        if (declared > maxBytes) throw tooLarge(kind, declared);
        const incoming = await readIncoming(body, {
          maxBytes,
          pieceBytes: PIECE_BYTES,
          declaredBytes: Number.isSafeInteger(declared) ? declared : undefined,
          tooLarge: () => tooLarge(kind),
        });
        // Not kept in a variable: a large upload's first piece is handed on to the store, not held till the end.
        if (incoming.first.length === 0) throw new HttpError(400, 'bad_request', 'The file is empty');
        const contentType = sniffImageType(incoming.first);
        if (!contentType || !ACCEPTED[kind].includes(contentType)) {
          const what = kind === 'original' ? 'An original photo' : `A ${kind}`;
          throw new HttpError(
            415,
            'unsupported_media_type',
            `${what} must be ${kind === 'signature' ? 'a PNG image' : 'a JPEG or WebP image'}`,
          );
        }
        // A tiny file can claim a huge picture; the PDF would try to decode it. Its header is in the first piece.
        checkImageSize(incoming.first, contentType, kind);
        const limit = ctx.config.unclaimedUploads;
        const file = { id, ownerId: request.user!.id, kind, contentType };
        const result = await receiveUpload(deps, file, incoming, limit);
        if (result === 'conflict') throw conflict('A different file is already stored under this id');
        if (typeof result === 'object') throw overLimit(result.overLimit, limit);
        return reply.status(result === 'created' ? 201 : 200).send({ id, kind, contentType, size: incoming.size });
      } catch (error) {
        if (!body.readableEnded) reply.header('Connection', 'close');
        throw error;
      }
    }

    /**
     * Its uploader and admins; and a file of a filed report to whoever may read that report's evidence
     *: a supervisor of its site, a client of its site once it is approved.
     */
    const access = siteAccess(ctx.repos.members);
    const mayRead = async (user: User, file: { ownerId: string | null; reportId?: string | null }) => {
      if (file.ownerId === user.id || user.role === 'admin') return true;
      if (!file.reportId || (user.role !== 'supervisor' && !seesApprovedOnly(user))) return false;
      const report = await ctx.repos.reports.summary(file.reportId);
      if (!report || (seesApprovedOnly(user) && report.reviewState !== 'approved')) return false;
      return access.canSee(user, report.siteId);
    };

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
        const file = await files.describe(request.params.id);
        const user = request.user!;
        // Someone else's file answers like a missing one, so ids cannot be probed.
        if (!file || !(await mayRead(user, file))) throw notFound('File not found');
        const filename = `${file.kind}-${file.id}.${EXTENSIONS[file.contentType] ?? 'bin'}`;
        // Streamed from wherever it is and checked against its SHA-256 as it goes: a store that does not answer is
        // a 503 before anything is sent; bytes that fail the hash end the transfer short, never served whole [254].
        const body = await fileStream(deps, file);
        return reply
          .header('Content-Type', file.contentType)
          .header('Content-Length', file.size)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Disposition', `inline; filename="${filename}"`)
          .send(body);
      },
    );
  };
