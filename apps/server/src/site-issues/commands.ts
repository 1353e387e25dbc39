import type { SiteIssueBody } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { runCommand } from '../db/unit-of-work.js';
import { conflict, notFound } from '../http/errors.js';
import type { Actor } from '../history/entries.js';

type Person = NonNullable<Actor> & { name: string };

/** Records an issue of the whole site. The same id sent again returns the issue recorded the first time. */
export function raiseSiteIssue(db: Db, actor: Person, siteId: string, id: string, body: SiteIssueBody) {
  return runCommand(db, actor, async ({ repos, record }) => {
    const earlier = await repos.siteIssues.get(siteId, id);
    if (earlier) return { issue: earlier, created: false };
    const issue = await repos.siteIssues.insert(siteId, id, body, actor.name);
    record({
      entityType: 'site',
      entityId: siteId,
      action: 'issue_raised',
      after: { description: body.description, owner: body.owner, due: body.due },
    });
    return { issue, created: true };
  });
}

/** Closes an open issue with how it was put right; one closed already is a conflict, not a second closing. */
export function resolveSiteIssue(db: Db, actor: Person, siteId: string, id: string, closingComment: string) {
  return runCommand(db, actor, async ({ repos, record }) => {
    const issue = await repos.siteIssues.get(siteId, id);
    if (!issue) throw notFound('This issue does not exist on this site');
    const closed = await repos.siteIssues.close(siteId, id, closingComment, actor.name);
    if (!closed) throw conflict(`This issue was already resolved by ${issue.closedBy ?? 'someone else'}.`);
    record({
      entityType: 'site',
      entityId: siteId,
      action: 'issue_resolved',
      before: { description: issue.description },
      after: { closingComment },
    });
    return closed;
  });
}
