import { randomBytes } from 'node:crypto';
import type { ApiTokenWithSecret, TokenScope } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { runCommand } from '../db/unit-of-work.js';
import type { Actor } from '../history/entries.js';
import { unprocessable } from '../http/errors.js';
import { tokensRepository } from './repository.js';

/** Makes the token, its account and its site memberships at once; the token is answered only here. */
export function createToken(
  db: Db,
  actor: Actor,
  input: { name: string; scope: TokenScope; siteIds: string[]; expiresOn: string },
): Promise<ApiTokenWithSecret> {
  return runCommand(db, actor, async ({ tx, record }) => {
    const tokens = tokensRepository(tx);
    const unknown = await tokens.unknownSites(input.siteIds);
    if (unknown.length) {
      const message = `No such site: ${unknown.join(', ')}`;
      throw unprocessable(message, { siteIds: message });
    }
    const secret = `hiu_${randomBytes(32).toString('base64url')}`;
    const made = await tokens.insert(input, secret, actor);
    record({
      entityType: 'api_token',
      entityId: made.token.id,
      action: 'created',
      after: { name: input.name, scope: input.scope, sites: made.siteIds, expiresOn: input.expiresOn },
    });
    return { ...made.token, token: secret };
  });
}

/** Revokes at once; undefined when unknown, 'already' when revoked before. */
export function revokeToken(db: Db, actor: Actor, id: string) {
  return runCommand(db, actor, async ({ tx, record }) => {
    const revoked = await tokensRepository(tx).revoke(id);
    if (revoked && revoked !== 'already')
      record({ entityType: 'api_token', entityId: id, action: 'revoked', before: { name: revoked.name } });
    return revoked;
  });
}
