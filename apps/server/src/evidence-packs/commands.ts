import type { EvidencePack } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { runCommand } from '../db/unit-of-work.js';
import { packContentsDigest } from './contents-digest.js';
import { packReady } from '../notifications/messages.js';
import type { ServerFiles } from '../files/server-files.js';
import type { PackEntry, PackMissing, PackRecord } from './repository.js';

type Actor = Parameters<typeof runCommand>[1];

export const EVIDENCE_PACK_JOB = 'evidence.pack';

/**
 * Asks for a site's evidence pack (docs/product.md#evidence-pack): a new pack with its build job and history
 * entry, or the pack already being made, so a site never has two builds at once.
 */
export function requestPack(db: Db, actor: Actor, siteId: string): Promise<{ pack: EvidencePack; created: boolean }> {
  return runCommand(db, actor, async ({ repos, record, enqueue }) => {
    const made = await repos.evidencePacks.insertUnlessBuilding(siteId, actor?.id ?? null);
    if (!made) return { pack: (await repos.evidencePacks.building(siteId))!, created: false };
    enqueue({
      kind: EVIDENCE_PACK_JOB,
      key: `${EVIDENCE_PACK_JOB}:${made.id}`,
      payload: { packId: made.id },
      maxAttempts: 3,
    });
    record({ entityType: 'site', entityId: siteId, action: 'pack_requested', after: { packId: made.id } });
    return { pack: made, created: true };
  });
}

/**
 * A built pack: its contents listed and kept until `expiresAt`, announced to the webhooks that asked
 * (`evidence_pack.built`, docs/product.md#integrations) in the same transaction.
 */
export function finishPack(
  db: Db,
  pack: { id: string; siteId: string; siteName: string; requestedBy: string | null },
  contents: PackEntry[],
  missing: PackMissing,
  expiresAt: Date,
  record: PackRecord,
): Promise<void> {
  return runCommand(db, null, async ({ repos, emit, notify }) => {
    const builtAt = await repos.evidencePacks.finish(pack.id, contents, missing, expiresAt, record);
    // Whoever asked is told it is ready (docs/product.md#notifications); a pack asked for by a token tells no one.
    if (pack.requestedBy)
      notify(
        packReady({
          siteId: pack.siteId,
          requestedBy: pack.requestedBy,
          siteName: pack.siteName,
          files: contents.length,
          expiresAt,
        }),
      );
    emit('evidence_pack.built', {
      packId: pack.id,
      siteId: pack.siteId,
      siteName: pack.siteName,
      builtAt: builtAt.toISOString(),
      files: contents.length,
      missing: missing.length,
      packSha256: packContentsDigest(contents),
      expiresAt: expiresAt.toISOString(),
      downloadUrl: `/api/evidence-packs/${pack.id}/download`,
    });
  });
}

/**
 * Packs past their expiry go, with their own files, from whichever store holds them (once the rows are gone, so
 * a failure leaves space, never a row without its bytes); answers how many went.
 */
export async function pruneExpiredPacks(db: Db, files: ServerFiles): Promise<number> {
  const { count, removed } = await runCommand(db, null, async ({ repos }) => {
    const { count, fileIds } = await repos.evidencePacks.deleteExpired();
    return { count, removed: await repos.evidencePacks.deletePackFiles(fileIds) };
  });
  await files.release(removed);
  return count;
}
