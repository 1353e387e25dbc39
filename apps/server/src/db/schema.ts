import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { ISSUE_OWNERS, REVIEW_STATES, ROLES, type DesignParameters, type Ranges, type WizardData } from '@hiu/domain';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    passwordHash: text('password_hash').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    /** 'token': the account an API token acts as (decision 170); never signs in, not on the Users screen. */
    kind: text('kind', { enum: ['person', 'token'] })
      .notNull()
      .default('person'),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the cookie token: a stolen table holds no usable session. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Sign-in attempts per key (address, account, account at an address) in a window (decision 110). */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_attempts_window_idx').on(t.windowStart)],
);

export const sites = pgTable(
  'sites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    location: text('location').notNull(),
    availableBuildingTypes: jsonb('available_building_types').$type<string[]>().notNull(),
    // json, not jsonb: jsonb reorders object keys, and the order of a type's rooms is the order the engineer walks them.
    designParameters: json('design_parameters').$type<DesignParameters>().notNull(),
    /** A passing report of this site is approved at submit instead of waiting for a reviewer (decision 145). */
    autoApprovePassing: boolean('auto_approve_passing').notNull().default(false),
    /** Photos' camera originals are kept beside the reduced ones (decision 175). */
    keepOriginalPhotos: boolean('keep_original_photos').notNull().default(false),
    /** The test pack a check started here is taken under (decision 190); earlier reports keep their own. */
    testPack: text('test_pack').notNull().default('standard'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One site per name (case-insensitive): reports and exports name a site by it; the index also serves the
  // list's name order.
  (t) => [uniqueIndex('sites_name_key').on(sql`lower(${t.name})`)],
);

/**
 * Each site's number of flats, kept current by statement-level triggers on properties (migration 0028), so the
 * site list, the busiest read, counts no flats (decision 199). A site with no flats has no row.
 */
export const sitePropertyCounts = pgTable('site_property_counts', {
  siteId: uuid('site_id').primaryKey(),
  total: integer('total').notNull(),
});

export const properties = pgTable(
  'properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    propertyType: text('property_type').notNull(),
    /** Where the flat is in the building, for the dashboard's breakdown (optional: empty when unknown). */
    block: text('block').notNull().default(''),
    floor: text('floor').notNull().default(''),
    createdAt: createdAt(),
    // The address as it sorts for a reader: "Flat 2" before "Flat 10" (migration 0011, decision 101).
    addressKey: text('address_key')
      .notNull()
      .generatedAlwaysAs(sql`address_sort_key(address)`),
  },
  (t) => [
    // One property per address within a site; the index also serves the per-site address counts.
    uniqueIndex('properties_site_address_key').on(t.siteId, sql`lower(${t.address})`),
    // A site's properties in reading order, a page at a time.
    index('properties_site_address_order_idx').on(t.siteId, t.addressKey, t.id),
    // Address search ("contains", lower() LIKE) by trigrams: a search in a 20,000-property site reads only
    // the matching rows instead of lower() of every row (pg_trgm; docs/benchmarks.md, decision 095).
    index('properties_address_trgm_idx').using('gin', sql`lower(${t.address}) gin_trgm_ops`),
  ],
);

export const drafts = pgTable(
  'drafts',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'cascade' }),
    currentStep: text('current_step').notNull(),
    // json keeps the rooms in the order the engineer walked them (jsonb would sort the keys).
    wizardData: json('wizard_data').$type<WizardData>().notNull(),
    notes: text('notes').notNull().default(''),
    lastSaved: timestamp('last_saved', { withTimezone: true }).notNull().defaultNow(),
    // The device's edit sequence of the stored copy: a save with a lower one is refused (decision 120).
    version: integer('version').notNull().default(0),
    // When the server first had the draft; null for drafts saved before it was kept.
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
  },
  (t) => [
    index('drafts_user_saved_idx').on(t.userId, t.lastSaved),
    // Site and property deletes find their drafts (cascade) without a scan.
    index('drafts_site_idx').on(t.siteId),
    index('drafts_property_idx').on(t.propertyId),
  ],
);

/** Photos, signatures and PDFs. Bytes live in the database so app servers stay stateless. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['photo', 'signature', 'original', 'pdf', 'pack'] }).notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** The bytes while they are kept in the database (`location` 'database'); null once they are in the store. */
    data: bytea('data'),
    /** SHA-256 of the bytes, hex: the object store's key, checked on every read from it (docs/product.md#files). */
    sha256: text('sha256'),
    /** Where the bytes are: 'database' (in `data`) or 's3' (the object store, under `sha256`). */
    location: text('location', { enum: ['database', 's3'] })
      .notNull()
      .default('database'),
    createdAt: createdAt(),
    /**
     * The report that lists this photo or signature, set when the report is stored. A photo or signature
     * with none, that no draft refers to either, is an orphan and is deleted after a grace period.
     */
    reportId: uuid('report_id'),
  },
  (t) => [
    index('files_owner_idx').on(t.ownerId),
    // The orphan clean-up reads only unclaimed photos and signatures, oldest first.
    index('files_unclaimed_idx')
      .on(t.createdAt)
      .where(sql`${t.reportId} IS NULL AND ${t.kind} <> 'pdf'`),
    // Each upload counts its owner's unclaimed files against the upload limit (decision 116).
    index('files_unclaimed_owner_idx')
      .on(t.ownerId)
      .where(sql`${t.reportId} IS NULL AND ${t.kind} <> 'pdf'`),
    // The move to or from the store and its offload job read the files still in the database.
    index('files_location_idx').on(t.location),
    // Objects are shared by content: one is deleted when no file names its hash any more.
    index('files_sha256_idx').on(t.sha256),
  ],
);

/**
 * An upload larger than one piece, kept a piece at a time as it arrives while the database holds the bytes
 * (docs/product.md#files): the file's row is written from them in one statement once the whole has arrived and
 * been checked, and they are deleted with it. Pieces of an upload the server never finished (it stopped) are
 * deleted by the orphan clean-up.
 */
export const fileUploadPieces = pgTable(
  'file_upload_pieces',
  {
    uploadId: uuid('upload_id').notNull(),
    /** The id the file will have: a test or an operator can see what an upload under way holds. */
    fileId: uuid('file_id').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'file_upload_pieces_pkey', columns: [t.uploadId, t.seq] })],
);

/** A submitted report is a record: it keeps its own copy of names and survives site/property deletes. */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    siteId: uuid('site_id').references(() => sites.id, { onDelete: 'set null' }),
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'set null' }),
    siteName: text('site_name').notNull(),
    propertyAddress: text('property_address').notNull(),
    dwellingType: text('dwelling_type').notNull(),
    hiuModel: text('hiu_model').notNull(),
    hiuSerial: text('hiu_serial').notNull(),
    engineerName: text('engineer_name').notNull(),
    startTime: text('start_time').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
    overallStatus: text('overall_status', { enum: ['PASS', 'FAIL', 'PENDING'] }).notNull(),
    notes: text('notes').notNull(),
    failedStep: integer('failed_step'),
    failureReasons: jsonb('failure_reasons').$type<string[]>().notNull(),
    ranges: jsonb('ranges').$type<Ranges>().notNull(),
    /** 'defaults' when the site no longer existed at submit and the spec's default ranges judged it. */
    rangesSource: text('ranges_source', { enum: ['site', 'defaults'] })
      .notNull()
      .default('site'),
    // json keeps the rooms in the order the engineer walked them (jsonb would sort the keys).
    wizardData: json('wizard_data').$type<WizardData>().notNull(),
    pdfFileId: uuid('pdf_file_id').references(() => files.id, { onDelete: 'set null' }),
    pdfFilename: text('pdf_filename').notNull(),
    /** HIU-<year>-<number>, from report_reference_seq (decision 136); the API sets it before building the PDF. */
    reference: text('reference')
      .notNull()
      .default(
        sql`('HIU-' || to_char(now() AT TIME ZONE 'UTC', 'YYYY') || '-' || lpad(nextval('report_reference_seq')::text, 6, '0'))`,
      ),
    siteLocation: text('site_location').notNull().default(''),
    createdAt: createdAt(),
    // Decision 145: reports from before review existed were migrated as approved.
    reviewState: text('review_state', { enum: REVIEW_STATES }).notNull().default('awaiting_review'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewReason: text('review_reason'),
    /** The recorded values the reviewer marked when sending it back (correctable field ids). */
    reviewFields: jsonb('review_fields').$type<string[]>().notNull().default([]),
    /** The sent-back report this one re-tests: the latest report of its property, sent back, at submit. */
    retestOf: uuid('retest_of').references((): AnyPgColumn => reports.id, { onDelete: 'set null' }),
    /** 1 as submitted, one more per correction; the earlier ones are in report_revisions. */
    revision: integer('revision').notNull().default(1),
    /** The test pack and version whose rules judged the report (decision 190). */
    packId: text('pack_id').notNull().default('standard'),
    packVersion: integer('pack_version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('reports_reference_key').on(t.reference),
    // Newest-first pages and keyset-paged CSV export of one site, one engineer, or everyone.
    index('reports_site_completed_id_idx').on(t.siteId, t.completedAt, t.id),
    index('reports_user_completed_id_idx').on(t.userId, t.completedAt, t.id),
    index('reports_completed_id_idx').on(t.completedAt, t.id),
    index('reports_property_idx').on(t.propertyId, t.completedAt),
    // A site's reports grouped by property, newest first: "latest per property" without a sort (decision
    // 102). The expression is the repository's property key; migration 0012 INCLUDEs its columns, so the
    // scan never visits the table (drizzle cannot say INCLUDE).
    index('reports_site_property_latest_idx').on(
      t.siteId,
      sql`coalesce(${t.propertyId}::text, lower(${t.propertyAddress}))`,
      // NULLS FIRST is what a plain DESC in a query means; drizzle's default (LAST) would not match it.
      t.completedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // A site delete sets site_id to null on its reports and counts them first.
    index('reports_site_idx').on(t.siteId),
    // The review queue: a site's reports awaiting review, oldest first.
    index('reports_review_site_idx').on(t.reviewState, t.siteId, t.completedAt),
    // The reports table's latest report per flat of a site, by site id, without a sort (decision 140).
    index('reports_site_id_property_latest_idx').on(
      t.siteId,
      t.propertyId,
      t.completedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * Report counts per site for the reports screen, kept current by statement-level triggers on reports
 * (migration 0032), so the screen's first call reads one row per site instead of grouping every report.
 */
export const reportSiteCounts = pgTable('report_site_counts', {
  siteId: uuid('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  total: integer('total').notNull(),
  pass: integer('pass').notNull(),
  fail: integer('fail').notNull(),
});

/**
 * Each report's line of the CSV export, made by the domain when the report is stored (a submitted report
 * never changes) so an export reads lines instead of rebuilding them. `format` is the domain's
 * REPORT_CSV_FORMAT at the time: a line of another format, or a missing one, is rebuilt by the next export.
 * The report's site id and time are copied beside it, so a site's lines are one range of one index, in
 * export order (migration 0010 adds the line itself to that index: drizzle cannot say INCLUDE).
 */
export const reportCsvLines = pgTable(
  'report_csv_lines',
  {
    reportId: uuid('report_id')
      .primaryKey()
      .references(() => reports.id, { onDelete: 'cascade' }),
    format: integer('format').notNull(),
    line: text('line').notNull(),
    /** The report's site (null once the site is deleted). */
    siteId: uuid('site_id').references(() => sites.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('report_csv_lines_site_completed_id_idx').on(t.siteId, t.completedAt, t.reportId)],
);

/** Who belongs to which site (decision 145): non-admins see and act only on the sites they belong to. */
export const siteMembers = pgTable(
  'site_members',
  {
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'site_members_pkey', columns: [t.siteId, t.userId] }),
    index('site_members_user_idx').on(t.userId, t.siteId),
  ],
);

/** One engineer per property at a time, with an optional due date. */
export const assignments = pgTable(
  'assignments',
  {
    propertyId: uuid('property_id')
      .primaryKey()
      .references(() => properties.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    engineerId: uuid('engineer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dueDate: date('due_date', { mode: 'string' }),
    assignedBy: uuid('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('assignments_engineer_idx').on(t.engineerId, t.dueDate), index('assignments_site_idx').on(t.siteId)],
);

/**
 * The history of every change, written in the transaction of the change itself. Append-only: a trigger
 * (migration 0019) refuses every UPDATE and DELETE. No foreign keys, so history outlives what it describes.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    reason: text('reason'),
    siteId: uuid('site_id'),
    propertyId: uuid('property_id'),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.id),
    index('audit_log_site_idx').on(t.siteId, t.id),
    index('audit_log_property_idx').on(t.propertyId, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.id),
  ],
);

/**
 * A report as it was before each correction (decision 180): its data, verdict and PDF, and the correction
 * that replaced it. The report row holds the current revision.
 */
export const reportRevisions = pgTable(
  'report_revisions',
  {
    reportId: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    wizardData: json('wizard_data').$type<WizardData>().notNull(),
    overallStatus: text('overall_status', { enum: ['PASS', 'FAIL', 'PENDING'] }).notNull(),
    failureReasons: jsonb('failure_reasons').$type<string[]>().notNull(),
    hiuModel: text('hiu_model').notNull(),
    hiuSerial: text('hiu_serial').notNull(),
    pdfFileId: uuid('pdf_file_id').references(() => files.id, { onDelete: 'set null' }),
    pdfFilename: text('pdf_filename').notNull(),
    /** The correction that made the next revision. */
    correctedAt: timestamp('corrected_at', { withTimezone: true }).notNull().defaultNow(),
    correctedBy: text('corrected_by').notNull(),
    field: text('field').notNull(),
    before: text('before').notNull(),
    after: text('after').notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [primaryKey({ name: 'report_revisions_pkey', columns: [t.reportId, t.revision] })],
);

/**
 * The durable job queue (decision 160): work done after the request that caused it, by any app server.
 * A job is written in the transaction of its cause, claimed with SKIP LOCKED under a lease (a server that
 * dies mid-job leaves it to be claimed again when the lease runs out, while it has attempts left), retried
 * with backoff, then failed with its reason. `key` makes one job per cause (a report's PDF).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    key: text('key'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** When its latest attempt was claimed: an owner's turns are paid for in its jobs' time (decision 245). */
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** Whose work it is (a report PDF's engineer): owners take turns (decision 208). */
    ownerId: uuid('owner_id'),
  },
  (t) => [
    uniqueIndex('jobs_key_key').on(t.key),
    // Jobs finished lately and whose they were, counted at each claim for the owners' turns (decision 208).
    index('jobs_finished_owner_idx').on(t.finishedAt, t.ownerId),
    // What is due, oldest first; running jobs are found again by their lease.
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.state} = 'queued'`),
    index('jobs_lease_idx')
      .on(t.lockedUntil)
      .where(sql`${t.state} = 'running'`),
  ],
);

/**
 * Webhooks (decision 165): where an admin wants events sent, the events as they were when they happened,
 * and every delivery attempt. Deliveries are jobs (decision 160) queued with the event, in the change's
 * transaction. The secret signs deliveries, so it is kept (not hashed); a rotated one signs beside the new
 * one until `previousSecretUntil`.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuid('id').primaryKey().defaultRandom(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  events: text('events').array().notNull(),
  secret: text('secret').notNull(),
  previousSecret: text('previous_secret'),
  previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
  active: boolean('active').notNull().default(true),
  disabledReason: text('disabled_reason'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const webhookEvents = pgTable('webhook_events', {
  /** Sent as webhook-id: the same on every attempt, so a receiver can drop repeats. */
  id: uuid('id').primaryKey().defaultRandom(),
  type: text('type').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    ok: boolean('ok').notNull(),
    error: text('error'),
    responseExcerpt: text('response_excerpt'),
  },
  (t) => [index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id)],
);

/**
 * API tokens (decision 170): each acts as its own account (users.kind = 'token'), a client for `read` or a
 * supervisor for `read_write`, member of its sites. Only the token's hash is kept.
 */
export const apiTokens = pgTable('api_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  prefix: text('prefix').notNull(),
  scope: text('scope', { enum: ['read', 'read_write', 'manage'] }).notNull(),
  allSites: boolean('all_sites').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/**
 * A site's handover evidence pack (decision 185): built by the job queue, its files listed with their SHA-256,
 * downloadable as one ZIP until it expires. At most one is being built per site at a time.
 */
export const evidencePacks = pgTable(
  'evidence_packs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    error: text('error'),
    /** Every file of the ZIP in order: its path, where its bytes are (a stored file), size and SHA-256. */
    contents: jsonb('contents').$type<{ path: string; fileId: string; size: number; sha256: string }[]>(),
    /** Flats whose PDF could not be built, with the reason. */
    missing: jsonb('missing').$type<{ address: string; reportId: string; reason: string }[]>(),
    /** Each flat's latest approved report at its revision, as the pack's snapshot read them: what a sign-off signs. */
    holds: jsonb('holds').$type<{ reportId: string; propertyId: string; revision: number }[]>(),
    /** What a signer of the pack is shown: its flats, by state, and its open issues (decision 256). */
    attests: jsonb('attests').$type<{ flats: number; states: Record<string, number>; openIssues: number }>(),
  },
  (t) => [
    // The database decides between two requests: one pack in the making per site.
    uniqueIndex('evidence_packs_active_site_key')
      .on(t.siteId)
      .where(sql`state IN ('queued', 'running')`),
    index('evidence_packs_site_idx').on(t.siteId, t.requestedAt),
  ],
);

/**
 * An issue that applies to every flat of a site (docs/product.md#network-wide-issues): recorded once by the
 * office; reports submitted while it is open carry it.
 */
export const siteIssues = pgTable(
  'site_issues',
  {
    id: uuid('id').primaryKey(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    owner: text('owner', { enum: ISSUE_OWNERS }).notNull(),
    due: date('due', { mode: 'string' }).notNull(),
    raisedBy: text('raised_by'),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
    closingComment: text('closing_comment'),
    closedBy: text('closed_by'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('site_issues_site_idx').on(t.siteId, t.raisedAt)],
);

/** A handover sign-off of a site, signed on screen (decision 185): printed in the next evidence pack. */
export const siteSignOffs = pgTable(
  'site_sign_offs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** The signer's role when they signed: client, supervisor or admin. */
    role: text('role').notNull(),
    comment: text('comment').notNull().default(''),
    signature: bytea('signature').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What it signed (decision 218): every flat's latest approved report at its revision, the site's flats then,
     * and the SHA-256 of the list. Null on sign-offs made before they were bound.
     */
    covers: jsonb('covers').$type<{ reportId: string; propertyId: string; revision: number }[]>(),
    totalFlats: integer('total_flats'),
    coversDigest: text('covers_digest'),
    /**
     * The built pack it signs (decision 256): its id (null once the pack has expired), SHA-256 and build date;
     * `covers` and `total_flats` are then that pack's. Null on sign-offs made before they signed a pack.
     */
    packId: uuid('pack_id').references(() => evidencePacks.id, { onDelete: 'set null' }),
    packSha256: text('pack_sha256'),
    packBuiltAt: timestamp('pack_built_at', { withTimezone: true }),
    /** Why the signer signed while reports awaited review; null when none did. */
    exception: text('exception'),
  },
  (t) => [index('site_sign_offs_site_idx').on(t.siteId, t.signedAt)],
);

/** A flat whose check the client or an assessor witnessed (decision 185): the pack lists the sample. */
export const propertyWitnesses = pgTable('property_witnesses', {
  propertyId: uuid('property_id')
    .primaryKey()
    .references(() => properties.id, { onDelete: 'cascade' }),
  siteId: uuid('site_id')
    .notNull()
    .references(() => sites.id, { onDelete: 'cascade' }),
  witnessName: text('witness_name').notNull(),
  witnessRole: text('witness_role', { enum: ['client', 'assessor'] }).notNull(),
  witnessedOn: date('witnessed_on', { mode: 'string' }).notNull(),
  markedBy: uuid('marked_by').references(() => users.id, { onDelete: 'set null' }),
  markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An assessor's witness of one report (docs/product.md#witnessing-and-sampling): the values they saw, judged
 * against the report's ranges, and their drawn signature. The flat's mark in property_witnesses is kept with it.
 */
export const witnessRecords = pgTable(
  'witness_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    reportId: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    role: text('role').notNull(),
    witnessedOn: date('witnessed_on', { mode: 'string' }).notNull(),
    /** The witnessed readings as judged when recorded (the rule book's DwellingReading shape). */
    readings: jsonb('readings').$type<unknown[]>().notNull(),
    failed: boolean('failed').notNull(),
    signature: bytea('signature').notNull(),
    signatureSha256: text('signature_sha256').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('witness_records_site_idx').on(t.siteId, t.recordedAt),
    index('witness_records_report_idx').on(t.reportId),
  ],
);

/** A site's sampling plan for witnessing: one flat in every `rate` of a block and type (set by an admin). */
export const siteSamplingPlans = pgTable('site_sampling_plans', {
  siteId: uuid('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  rate: integer('rate').notNull(),
  setBy: uuid('set_by').references(() => users.id, { onDelete: 'set null' }),
  setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each person's inbox (docs/product.md#notifications): one row per person an event concerns, written in the
 * transaction of the change that caused it. Read newest first a page at a time; the unread ones counted for
 * the bell.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order entries were written in: a page of the inbox starts after one of them. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_seq_idx').on(t.userId, t.seq),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} IS NULL`),
  ],
);

/**
 * Whether a person wants email of a kind of notification (on unless they said otherwise), and the secret of
 * its one-click unsubscribe link, made with the row (two random UUIDs: 244 random bits).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    email: boolean('email').notNull().default(true),
    unsubscribeToken: text('unsubscribe_token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
  },
  (t) => [
    primaryKey({ name: 'notification_preferences_pkey', columns: [t.userId, t.kind] }),
    uniqueIndex('notification_preferences_token_key').on(t.unsubscribeToken),
  ],
);

/**
 * A phone or browser that asked for push notifications (docs/product.md#push-notifications): the push service's
 * address for it and the keys its messages are encrypted with. One address belongs to one person; the push
 * service answering that it is gone removes the row.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session that subscribed: signing out there, or any end of it, stops the phone's pushes with it. */
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
);

/**
 * One-time links that let a person set their password (docs/product.md#invitations): an invitation or a reset.
 * Only the token's SHA-256 is kept; a link works once, until it expires.
 */
export const accountLinks = pgTable(
  'account_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['invite', 'reset'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('account_links_token_key').on(t.tokenHash), index('account_links_user_idx').on(t.userId)],
);
