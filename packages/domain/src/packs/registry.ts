import { CP1_FIELDS_V1, CP1_PHOTO_TAGS } from './cp1-ts1.js';
import { CP1_FIELDS_V3, CP1_V3_SET_POINT_RULES, CP1_V3_SHARED_LIMITS } from './cp1-ts1-v3.js';
import type { TestPack } from './test-pack-types.js';

/**
 * Every version of every pack the rule book judges by. A report names the version it was taken
 * under, so a version stays here once released; a change of rules is a new entry. Kept apart from the
 * functions that read it so that tests can add a later version (`addTestPackVersion` in `@hiu/domain/testing`);
 * the app never changes it.
 */
export const PACK_VERSIONS: TestPack[] = [
  { id: 'standard', version: 1, label: 'Standard checklist', fields: [], photoTags: [], issuesList: false },
  {
    id: 'cp1-ts1',
    version: 1,
    label: 'CP1/TS1 acceptance',
    fields: CP1_FIELDS_V1,
    photoTags: CP1_PHOTO_TAGS,
    issuesList: true,
  },
  {
    id: 'cp1-ts1',
    version: 2,
    label: 'CP1/TS1 acceptance',
    fields: CP1_FIELDS_V1,
    photoTags: CP1_PHOTO_TAGS,
    issuesList: true,
    lowReturns: true,
  },
  // Answers judged, each reading recorded once.
  {
    id: 'cp1-ts1',
    version: 3,
    label: 'CP1/TS1 acceptance',
    fields: CP1_FIELDS_V3,
    photoTags: CP1_PHOTO_TAGS,
    issuesList: true,
    lowReturns: true,
    sharedLimits: CP1_V3_SHARED_LIMITS,
    setPointRules: CP1_V3_SET_POINT_RULES,
    issuesNeedDueDate: true,
    issuesClosedWithComment: true,
    roomReadings: true,
  },
];
