import type { Db } from '../db/client.js';
import { usersRepository } from '../users/sessions.js';
import { accountsRepository } from '../users/repository.js';
import { notificationsRepository } from '../notifications/repository.js';
import { accountLinksRepository } from '../auth/links-repository.js';
import { sitesRepository } from '../sites/repository.js';
import { propertiesRepository } from '../properties/repository.js';
import { draftsRepository } from '../drafts/repository.js';
import { filesRepository } from '../files/repository.js';
import { reportsRepository } from '../reports/repository.js';
import { hiuModelsRepository } from '../hiu-models/repository.js';
import { membersRepository } from '../memberships/repository.js';
import { auditRepository } from '../history/repository.js';
import { reviewRepository } from '../review/repository.js';
import { dashboardRepository } from '../dashboard/repository.js';
import { evidencePacksRepository } from '../evidence-packs/repository.js';
import { dwellingsRepository } from '../dwellings/repository.js';
import { signOffsRepository } from '../sign-offs/repository.js';
import { siteIssuesRepository } from '../site-issues/repository.js';
import { assignmentsRepository } from '../assignments/repository.js';
import { witnessingRepository } from '../witnessing/repository.js';

/** Every repository but the session store over one executor: the database, or one transaction of it. */
export function repositoriesOver(db: Db) {
  return {
    accounts: accountsRepository(db),
    notifications: notificationsRepository(db),
    accountLinks: accountLinksRepository(db),
    sites: sitesRepository(db),
    properties: propertiesRepository(db),
    drafts: draftsRepository(db),
    files: filesRepository(db),
    reports: reportsRepository(db),
    hiuModels: hiuModelsRepository(db),
    members: membersRepository(db),
    audit: auditRepository(db),
    review: reviewRepository(db),
    dashboard: dashboardRepository(db),
    evidencePacks: evidencePacksRepository(db),
    dwellings: dwellingsRepository(db),
    signOffs: signOffsRepository(db),
    siteIssues: siteIssuesRepository(db),
    assignments: assignmentsRepository(db),
    witnessing: witnessingRepository(db),
  };
}
/** The repositories inside one transaction: what they read, check and write commits together or not at all. */
export type TransactionRepositories = ReturnType<typeof repositoriesOver>;

export function createRepositories(db: Db, opts: { sessionCacheMs?: number } = {}) {
  return {
    // Not inside transactions: its session cache belongs to the process, and a copy would miss its invalidations.
    users: usersRepository(db, opts),
    ...repositoriesOver(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
