import { createHash } from 'node:crypto';
import { judgeWitnessedReadings, witnessFailed, type WitnessRecordBody } from '@hiu/domain';
import type { Db } from '../db/client.js';
import { runCommand } from '../db/unit-of-work.js';
import { notFound, unprocessable } from '../http/errors.js';
import type { Actor } from '../history/entries.js';

/**
 * An assessor witnesses an approved report (docs/product.md#witnessing-and-sampling): the readings they saw are
 * judged by the rule book against the report's ranges and kept with their drawn signature, and the flat is
 * marked witnessed, so the evidence pack's witnessed sample and the sampling plan count it.
 */
export function recordWitness(
  db: Db,
  witness: NonNullable<Actor> & { role: string },
  reportId: string,
  body: Omit<WitnessRecordBody, 'signature'> & { signature: Buffer },
) {
  return runCommand(db, witness, async ({ repos, record }) => {
    const report = await repos.witnessing.report(reportId);
    if (!report || !report.property_id) throw notFound('Report not found');
    if (report.review_state !== 'approved') throw notFound('Report not found');
    const property = await repos.properties.byId(report.property_id);
    if (!property) throw notFound('Report not found');
    const data = { testPack: report.test_pack ?? { id: 'standard', version: 1 } };
    const judged = judgeWitnessedReadings(data as never, report.ranges, body.readings);
    if (judged.unknown.length)
      throw unprocessable(`This report has no reading ${judged.unknown.join(', ')} to witness`, {
        readings: 'Choose readings of this report',
      });
    const failed = witnessFailed(judged.readings);
    const made = await repos.witnessing.insert(
      {
        siteId: report.site_id,
        propertyId: property.id,
        reportId,
        userId: witness.id,
        name: witness.name,
        role: witness.role,
        witnessedOn: body.date,
        readings: judged.readings,
        failed,
        signature: body.signature,
        signatureSha256: createHash('sha256').update(body.signature).digest('hex'),
      },
      property.address,
    );
    // The flat's mark, which the pack's witnessed sample and older readers go by.
    await repos.signOffs.witness(
      { id: property.id, siteId: report.site_id },
      { name: witness.name, role: 'assessor', date: body.date },
      witness.id,
    );
    record({
      entityType: 'property',
      entityId: property.id,
      action: 'witnessed',
      after: {
        name: witness.name,
        role: 'assessor',
        date: body.date,
        readingsSeen: judged.readings.length,
        outOfRange: judged.readings.filter((r) => r.verdict === 'fail').length,
      },
      siteId: report.site_id,
    });
    return made;
  });
}

/** An admin sets the site's sampling rate (one in N flats of each block and type), or takes the plan away. */
export function setSamplingRate(db: Db, actor: Actor, siteId: string, rate: number | null) {
  return runCommand(db, actor, async ({ repos, record }) => {
    const before = await repos.witnessing.rate(siteId);
    await repos.witnessing.setRate(siteId, rate, actor?.id ?? null);
    record({ entityType: 'site', entityId: siteId, action: 'sampling_set', before: { rate: before }, after: { rate } });
  });
}
