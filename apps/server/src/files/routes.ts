import {
  MAX_UPLOAD_BYTES,
  sniffImageType,
  UPLOAD_LIMITS,
  type ImageType,
  type UploadKind,
  type User,
} from '@hiu/domain';
import { checkImageSize } from '../http/image-limits.js';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, conflict, notFound } from '../http/errors.js';
import type { AppContext } from '../context.js';
import { seesApprovedOnly, siteAccess } from '../http/site-access.js';
import type { UnclaimedLimit, UnclaimedUploads } from './repository.js';
import { fileStream, uploadFile, type FileDeps } from './commands.js';

/** The request body limit: the largest file any kind may be (each kind's own limit is checked after). */
export const MAX_FILE_BYTES = MAX_UPLOAD_BYTES;

/** Twice that, so a file a little over its kind's limit is told that limit rather than only 'too large'. */
const BODY_LIMIT = 2 * MAX_FILE_BYTES;

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

/** A camera original's body limit: its own route, so photos and signatures keep theirs. */
const ORIGINAL_BODY_LIMIT = UPLOAD_LIMITS.original.maxBytes + 1024 * 1024;

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

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

    // Scoped to this plugin: only the file routes accept image bodies, with their own size limit.
    app.addContentTypeParser([...IMAGE_TYPES], { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );

    app.put(
      '/api/files/:id',
      {
        config: { access: 'field' },
        bodyLimit: BODY_LIMIT,
        schema: {
          tags: ['files'],
          params: idParams,
          querystring: putQuery,
          response: { 200: storedFile, 201: storedFile },
        },
      },
      async (request, reply) => store(request.params.id, request.query.kind, request.body, request.user!.id, reply),
    );

    // The camera original of a photo, on a site that keeps them (checked when its report is submitted).
    app.put(
      '/api/files/:id/original',
      {
        config: { access: 'field' },
        bodyLimit: ORIGINAL_BODY_LIMIT,
        schema: { tags: ['files'], params: idParams, response: { 200: storedFile, 201: storedFile } },
      },
      async (request, reply) => store(request.params.id, 'original', request.body, request.user!.id, reply),
    );

    /** Checks an upload's type and size before anything is decoded, then stores it once under its id. */
    async function store(id: string, kind: UploadKind, data: unknown, ownerId: string, reply: FastifyReply) {
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
        const what = kind === 'original' ? 'An original photo' : `A ${kind}`;
        throw new HttpError(
          415,
          'unsupported_media_type',
          `${what} must be ${kind === 'signature' ? 'a PNG image' : 'a JPEG or WebP image'}`,
        );
      }
      // A tiny file can claim a huge picture; the PDF would try to decode it.
      checkImageSize(data, contentType, kind);
      const limit = ctx.config.unclaimedUploads;
      const result = await uploadFile(deps, { id, ownerId, kind, contentType, data }, limit);
      if (result === 'conflict') throw conflict('A different file is already stored under this id');
      if (typeof result === 'object') throw overLimit(result.overLimit, limit);
      return reply.status(result === 'created' ? 201 : 200).send({ id, kind, contentType, size: data.length });
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
