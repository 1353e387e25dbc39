import { formatDate } from '@hiu/domain';
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
