import { formatDate, formatDateTime, ROLE_LABELS, type Role } from '@hiu/domain';
import type { Notice } from './send.js';

// What each event tells the people it concerns (docs/product.md#notifications). My flats on home shows both a
// sent-back flat (with its reason and Re-test) and newly assigned ones, so that is where the entries lead.
const MY_FLATS = '/';

/** A report of mine was sent back: to the engineer who submitted it, with the reviewer's reason. */
export function reportSentBack(r: {
  siteId: string;
  engineerId: string;
  reviewerName: string;
  address: string;
  siteName: string;
  reference: string;
  reason: string;
}): Notice {
  return {
    siteId: r.siteId,
    userIds: [r.engineerId],
    kind: 'report_sent_back',
    title: `Sent back: ${r.address}`,
    body: `${r.reviewerName} sent back your report ${r.reference} for ${r.address}, ${r.siteName}: ${r.reason}`,
    link: MY_FLATS,
  };
}

/** Flats were assigned to me: one entry per assignment, however many flats it holds. */
export function flatsAssigned(a: {
  siteId: string;
  engineerId: string;
  siteName: string;
  count: number;
  dueDate: string | null;
  assignedBy: string | null;
}): Notice {
  const flats = a.count === 1 ? '1 flat' : `${a.count} flats`;
  const due = a.dueDate ? `, due ${formatDate(a.dueDate)}` : '';
  return {
    siteId: a.siteId,
    userIds: [a.engineerId],
    kind: 'flats_assigned',
    title: `${flats} assigned to you`,
    body: `${a.assignedBy ?? 'A supervisor'} assigned you ${flats} on ${a.siteName}${due}.`,
    link: MY_FLATS,
  };
}

/** My account was made for me: who made it, and as what. */
export function accountCreated(a: { userId: string; role: Role; by: string | null }): Notice {
  return {
    siteId: null,
    userIds: [a.userId],
    kind: 'account_changed',
    title: 'Your account was created',
    body: `${a.by ?? 'An admin'} made you an account as ${ROLE_LABELS[a.role].toLowerCase()}.`,
    link: MY_FLATS,
  };
}

/** My account was changed by someone else: what changed, never a password. */
export function accountChanged(a: {
  userId: string;
  by: string | null;
  role?: Role;
  name?: string;
  password?: boolean;
}): Notice {
  const changes = [
    a.role ? `your role is now ${ROLE_LABELS[a.role].toLowerCase()}` : null,
    a.name ? `your name is now ${a.name}` : null,
    a.password ? 'your password was changed and you were signed out everywhere' : null,
  ].filter((c): c is string => c !== null);
  return {
    siteId: null,
    userIds: [a.userId],
    kind: 'account_changed',
    title: 'Your account was changed',
    body: `${a.by ?? 'An admin'} changed your account: ${changes.join('; ')}.`,
    link: MY_FLATS,
  };
}

const dashboardOf = (siteId: string) => `/dashboard/${siteId}`;

/** The evidence pack I asked for is built: to the person who asked, with how long it is kept. */
export function packReady(p: {
  siteId: string;
  requestedBy: string;
  siteName: string;
  files: number;
  expiresAt: Date;
}): Notice {
  return {
    siteId: p.siteId,
    userIds: [p.requestedBy],
    kind: 'pack_ready',
    title: `Evidence pack ready: ${p.siteName}`,
    body: `The evidence pack you asked for on ${p.siteName} is built (${p.files} files). Download it from the site's dashboard by ${formatDateTime(p.expiresAt.toISOString())}.`,
    link: dashboardOf(p.siteId),
  };
}

/** A handover was signed on my site: to its supervisors and admins, never the signer. */
export function handoverSigned(h: {
  siteId: string;
  userIds: string[];
  signerName: string;
  signerRole: Role;
  siteName: string;
  coveredFlats: number;
  totalFlats: number;
}): Notice {
  return {
    siteId: h.siteId,
    userIds: h.userIds,
    kind: 'handover_signed',
    title: `Handover signed: ${h.siteName}`,
    body: `${h.signerName} (${ROLE_LABELS[h.signerRole].toLowerCase()}) signed the handover of ${h.siteName}, covering ${h.coveredFlats} of ${h.totalFlats} flats approved.`,
    link: dashboardOf(h.siteId),
  };
}

/** Flats are named in a digest up to this many; the rest are counted. */
const NAMED = 8;

/** My flats due tomorrow or overdue, in one daily entry (never one per flat). */
export function flatsDue(d: {
  userId: string;
  tomorrow: string;
  flats: { address: string; siteName: string; dueDate: string }[];
}): Notice {
  const overdue = d.flats.filter((f) => f.dueDate < d.tomorrow).length;
  const dueTomorrow = d.flats.length - overdue;
  const counts = [overdue ? `${overdue} overdue` : null, dueTomorrow ? `${dueTomorrow} due tomorrow` : null];
  const named = d.flats
    .slice(0, NAMED)
    .map((f) => `${f.address}, ${f.siteName} (${f.dueDate < d.tomorrow ? 'was due' : 'due'} ${formatDate(f.dueDate)})`);
  const more = d.flats.length > NAMED ? `; and ${d.flats.length - NAMED} more` : '';
  return {
    siteId: null,
    userIds: [d.userId],
    kind: 'flats_due',
    title: `Flats to do: ${counts.filter(Boolean).join(', ')}`,
    body: `${named.join('; ')}${more}.`,
    link: MY_FLATS,
  };
}

/** Reports that arrived in the last hour and await review on my sites, in one entry at most hourly. */
export function reviewsWaiting(r: {
  userId: string;
  sites: { name: string; arrived: number; waiting: number }[];
}): Notice {
  const arrived = r.sites.reduce((n, s) => n + s.arrived, 0);
  return {
    siteId: null,
    userIds: [r.userId],
    kind: 'reviews_waiting',
    title: `${arrived} new ${arrived === 1 ? 'report awaits' : 'reports await'} your review`,
    body: `${r.sites.map((s) => `${s.name}: ${s.arrived} new, ${s.waiting} waiting in all`).join('; ')}.`,
    link: MY_FLATS,
  };
}

/** The office asks me to sign a site's handover: to its clients and assessors. */
export function signOffRequested(r: {
  siteId: string;
  userIds: string[];
  askedBy: string;
  siteName: string;
  coveredFlats: number;
  totalFlats: number;
  message: string;
}): Notice {
  const note = r.message ? ` "${r.message}"` : '';
  return {
    siteId: r.siteId,
    userIds: r.userIds,
    kind: 'sign_off_requested',
    title: `Handover to sign: ${r.siteName}`,
    body: `${r.askedBy} asks you to sign the handover of ${r.siteName}: ${r.coveredFlats} of ${r.totalFlats} flats approved.${note}`,
    link: dashboardOf(r.siteId),
  };
}
