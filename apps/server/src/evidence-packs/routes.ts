import { Readable } from 'node:stream';
import { makeZip } from 'client-zip';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { evidencePackSchema, SUPERSEDED_PACK_MESSAGES, type User } from '@hiu/domain';
import { attachment } from '../exports/content-disposition.js';
import { HttpError, notFound } from '../http/errors.js';
import { siteAccess } from '../http/site-access.js';
import type { AppContext } from '../context.js';
import { requestPack } from './commands.js';
import { packContentsDigest } from './contents-digest.js';
import { fileStream } from '../files/commands.js';
import { serverFiles } from '../files/server-files.js';

const idParams = z.object({ id: z.uuid() });
/** Files of a pack read ahead of the one being sent, when they are small enough to read whole. */
const READ_AHEAD = 4;
/** A pack's file larger than this is streamed rather than read whole. */
const WHOLE_BYTES = 1024 * 1024;

/**
 * Handover evidence packs: the site's supervisors, clients and assessors and the admins ask for one, follow its
 * progress and download it. Engineers do not handle packs (`oversight`).
 */
export const evidencePackRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { evidencePacks, sites, files } = ctx.repos;
    const streamDeps = { files, objects: ctx.objects };
    const packFiles = serverFiles({ db: ctx.database.db, files, objects: ctx.objects, log: app.log });
    const access = siteAccess(ctx.repos.members);
    const readable = async (user: User, packId: string) => {
      const pack = await evidencePacks.get(packId);
      if (!pack || !(await access.canSee(user, pack.siteId))) throw notFound('Evidence pack not found');
      return pack;
    };

    app.post(
      '/api/sites/:id/evidence-packs',
      {
        // A client may build again too, when the pack on screen is superseded (docs/product.md#evidence-pack).
        config: { access: 'oversight' },
        schema: { tags: ['evidence packs'], params: idParams, response: { 202: evidencePackSchema } },
      },
      async (request, reply) => {
        await access.orNotFound(request.user!, request.params.id);
        if (!(await sites.byId(request.params.id))) throw notFound('Site not found');
        // A pack already being made is the answer: never a second job for the same site.
        const { pack } = await requestPack(ctx.database.db, request.user, request.params.id);
        ctx.jobs.nudge();
        return reply.status(202).send(pack);
      },
    );

    app.get(
      '/api/sites/:id/evidence-packs',
      {
        config: { access: 'oversight' },
        schema: { tags: ['evidence packs'], params: idParams, response: { 200: z.array(evidencePackSchema) } },
      },
      async (request) => {
        await access.orNotFound(request.user!, request.params.id);
        return evidencePacks.ofSite(request.params.id);
      },
    );

    app.get(
      '/api/evidence-packs/:id',
      {
        config: { access: 'oversight' },
        schema: { tags: ['evidence packs'], params: idParams, response: { 200: evidencePackSchema } },
      },
      async (request) => {
        const { contents: _c, requestedBy: _r, ...pack } = await readable(request.user!, request.params.id);
        return pack;
      },
    );

    app.get(
      '/api/evidence-packs/:id/download',
      { config: { access: 'oversight' }, schema: { tags: ['evidence packs'], params: idParams } },
      async (request, reply) => {
        const pack = await readable(request.user!, request.params.id);
        if (pack.state !== 'done')
          throw new HttpError(
            409,
            'conflict',
            `This pack is not built yet: ${pack.done} of ${pack.total} reports done`,
          );
        if (pack.expiresAt && Date.parse(pack.expiresAt) < Date.now())
          throw new HttpError(410, 'gone', 'This pack has expired: build a new one');
        // The site moved on since: the sentence the dashboard shows, never a ZIP that no longer tells the site.
        if (pack.superseded) throw new HttpError(410, 'gone', SUPERSEDED_PACK_MESSAGES[pack.superseded]);
        const present = await evidencePacks.existingFiles(pack.contents.map((c) => c.fileId));
        if (pack.contents.some((c) => !present.has(c.fileId)))
          throw new HttpError(
            410,
            'gone',
            'Reports of this pack were reviewed or corrected since it was built: build a new one',
          );
        const site = await sites.byId(pack.siteId);
        const packSha256 = packContentsDigest(pack.contents);
        const manifest = Buffer.from(
          JSON.stringify(
            {
              site: site ? { id: site.id, name: site.name, location: site.location } : { id: pack.siteId },
              packId: pack.id,
              builtAt: pack.finishedAt,
              // summary.pdf's cover prints it: the SHA-256 of the files below but summary.pdf, as sha256sum lists them.
              packSha256,
              files: pack.contents.map(({ path, size, sha256 }) => ({ path, size, sha256 })),
              missing: pack.missing,
            },
            null,
            2,
          ),
        );
        const lastModified = new Date(pack.finishedAt ?? Date.now());
        // Sent as the ZIP is made (docs/product.md#evidence-pack): a small file (a report PDF) is read whole, a
        // few ahead, as each from the store is a request of its own; a large one is streamed when its turn comes,
        // a piece at a time, so memory holds a few small files and a few pieces at most. A file from the store that
        // fails its SHA-256 ends the download with an error instead of a complete ZIP [251].
        const open = async (c: (typeof pack.contents)[number]) => {
          const file = await files.whereIs(c.fileId);
          if (!file) throw new Error(`${c.path} is gone`);
          if (file.size > WHOLE_BYTES) return { size: file.size, input: () => fileStream(streamDeps, file) };
          const bytes = await packFiles.bytesOf((await evidencePacks.file(c.fileId))!);
          if (!bytes) throw new Error(`${c.path} is gone`);
          return { size: bytes.length, input: async () => bytes };
        };
        async function* entries() {
          const ahead: ReturnType<typeof open>[] = [];
          const ask = (i: number) => {
            const next = open(pack.contents[i]!);
            next.catch(() => undefined); // awaited in turn below; a download stopped early leaves none unhandled
            ahead.push(next);
          };
          for (let i = 0; i < Math.min(READ_AHEAD, pack.contents.length); i++) ask(i);
          for (const [i, c] of pack.contents.entries()) {
            const next = await ahead.shift()!;
            if (i + READ_AHEAD < pack.contents.length) ask(i + READ_AHEAD);
            yield { name: c.path, input: await next.input(), lastModified, size: next.size };
          }
          yield { name: 'manifest.json', input: manifest, lastModified, size: manifest.length };
        }
        // "<site> evidence <date> <short hash>.zip": two packs of one site never share a name, and the name
        // starts the hash its summary's cover prints.
        const hash = packSha256.slice(0, 8);
        const built = lastModified.toISOString().slice(0, 10);
        const name = `${(site?.name ?? 'site').replace(/[^\w .-]+/g, '-')} evidence ${built} ${hash}.zip`;
        return reply
          .header('Content-Type', 'application/zip')
          .header('Content-Disposition', attachment(name))
          .send(Readable.fromWeb(makeZip(entries()) as import('node:stream/web').ReadableStream));
      },
    );
  };
