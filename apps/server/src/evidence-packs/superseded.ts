import type { EvidencePack } from '@hiu/domain';

/**
 * Which of a site's packs (newest first) are superseded: a pack requested before a report of the
 * site last changed (submitted, reviewed, corrected) no longer tells the site as it is; of the others, each
 * older than the newest built pack is replaced by it. A pack being built is neither.
 */
export function markSuperseded<P extends Pick<EvidencePack, 'state' | 'requestedAt'>>(
  newestFirst: readonly P[],
  lastReportChange: Date | null,
): (P & { superseded: EvidencePack['superseded'] })[] {
  let newerBuilt = false;
  let newerFinished = false;
  return newestFirst.map((p) => {
    let superseded: EvidencePack['superseded'] = null;
    if (p.state === 'done' || p.state === 'failed') {
      if (p.state === 'done' && lastReportChange && lastReportChange > new Date(p.requestedAt))
        superseded = 'reports_changed';
      else if (p.state === 'done' ? newerBuilt : newerFinished) superseded = 'newer_pack';
      newerBuilt ||= p.state === 'done';
      newerFinished = true;
    }
    return { ...p, superseded };
  });
}
