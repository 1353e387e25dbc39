import type { Db } from '../db/client.js';
import { usersRepository } from './users.js';
import { sitesRepository } from './sites.js';
import { propertiesRepository } from './properties.js';
import { draftsRepository } from './drafts.js';
import { filesRepository } from './files.js';
import { reportsRepository } from './reports.js';
import { hiuModelsRepository } from './hiu-models.js';
import { membersRepository } from './members.js';
import { auditRepository } from './audit.js';
import { reviewRepository } from './review.js';
import { dashboardRepository } from './dashboard.js';
import { evidencePacksRepository } from './evidence-packs.js';
import { signOffsRepository } from './sign-offs.js';
import { assignmentsRepository } from './assignments.js';

export function createRepositories(db: Db, opts: { sessionCacheMs?: number } = {}) {
  return {
    users: usersRepository(db, opts),
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
    signOffs: signOffsRepository(db),
    assignments: assignmentsRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
