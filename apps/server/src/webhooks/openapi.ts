/** Examples of each event's body, as a receiver gets them. */
export const WEBHOOK_EXAMPLES: Record<string, Record<string, unknown>> = {
  'report.submitted': {
    reportId: '5d0f7e0a-8d1c-4c55-9f33-1a2b3c4d5e6f',
    reference: 'HIU-2026-000123',
    siteId: '0b6f2c1e-3a4d-4e5f-8a9b-0c1d2e3f4a5b',
    siteName: 'Birch Court',
    propertyId: '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d',
    propertyAddress: 'Flat 3, Birch House',
    hiuModel: 'Evinox ModuSat XR',
    hiuSerial: 'SN-204817',
    engineerName: 'Eddie Engineer',
    completedAt: '2026-11-24T10:25:00.000Z',
    overallStatus: 'FAIL',
    failureReasons: ['Primary flow temperature 60 °C is outside 45-48 °C'],
    reviewState: 'awaiting_review',
  },
  'report.approved': {
    reportId: '5d0f7e0a-8d1c-4c55-9f33-1a2b3c4d5e6f',
    reference: 'HIU-2026-000123',
    siteId: '0b6f2c1e-3a4d-4e5f-8a9b-0c1d2e3f4a5b',
    propertyId: '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d',
    reviewState: 'approved',
    reviewedBy: { id: '9c8b7a6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d', name: 'Sam Supervisor' },
    reviewedAt: '2026-11-24T11:02:13.000Z',
    reason: null,
  },
  'report.sent_back': {
    reportId: '5d0f7e0a-8d1c-4c55-9f33-1a2b3c4d5e6f',
    reference: 'HIU-2026-000123',
    siteId: '0b6f2c1e-3a4d-4e5f-8a9b-0c1d2e3f4a5b',
    propertyId: '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d',
    reviewState: 'sent_back',
    reviewedBy: { id: '9c8b7a6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d', name: 'Sam Supervisor' },
    reviewedAt: '2026-11-24T11:02:13.000Z',
    reason: 'The serial plate photo is blurred: retake it.',
  },
  'property.assigned': {
    siteId: '0b6f2c1e-3a4d-4e5f-8a9b-0c1d2e3f4a5b',
    engineerId: '3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b',
    dueDate: '2026-12-01',
    propertyIds: ['7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d'],
    assignedBy: { id: '9c8b7a6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d', name: 'Sam Supervisor' },
  },
  'evidence_pack.built': {
    packId: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
    siteId: '0b6f2c1e-3a4d-4e5f-8a9b-0c1d2e3f4a5b',
    siteName: 'Birch Court',
    builtAt: '2026-11-24T12:00:41.000Z',
    files: 43,
    missing: 0,
    packSha256: '8ff45196856a0cc9d3522ea70af77938e8226ee462edb944b9c337feff170d8c',
    expiresAt: '2026-12-01T12:00:41.000Z',
    downloadUrl: '/api/evidence-packs/2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f/download',
  },
  'handover.signed': {
    signOffId: '4d5e6f7a-8b9c-4d0e-8f1a-2b3c4d5e6f7a',
    siteId: '0b6f2c1e-3a4d-4e5f-8a9b-0c1d2e3f4a5b',
    name: 'Cara Client',
    role: 'client',
    comment: 'Accepted for handover',
    signedAt: '2026-11-24T14:10:00.000Z',
    coveredFlats: 38,
    totalFlats: 40,
    digest: '1b4f0e9851971998e732078544c96b36c3d01cedf7caa332359d6f1d83567014',
  },
  'webhook.test': {
    endpointId: '1f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a1b',
    message: 'A test event from HIU Commissioning',
    sentBy: 'Ada Admin',
  },
};

const example = (type: string) =>
  JSON.stringify({ type, timestamp: '2026-11-24T11:02:13.000Z', data: WEBHOOK_EXAMPLES[type] }, null, 2);

/** The webhooks tag's description in the OpenAPI document: what is sent, how to check it, each event's body. */
export const WEBHOOKS_TAG_DESCRIPTION = `Admins register HTTPS endpoints for events. Each event is recorded in the transaction of the
change that causes it and delivered as a POST with a JSON body \`{ type, timestamp, data }\`, signed by the
Standard Webhooks scheme: headers \`webhook-id\` (the same on every retry of one event: drop repeats),
\`webhook-timestamp\` (seconds) and \`webhook-signature\` (\`v1,<base64 HMAC-SHA256>\`, two of them for a day after
a secret is rotated). Answer 2xx within 10 seconds; anything else is retried with backoff for more than a day,
after which the endpoint is turned off with the reason.

Verifying a delivery in TypeScript (npm package \`standardwebhooks\`):

\`\`\`ts
import { Webhook } from 'standardwebhooks';

const wh = new Webhook(process.env.HIU_WEBHOOK_SECRET!); // whsec_...
// rawBody: the request body exactly as received (a string), headers: the request's headers
const event = wh.verify(rawBody, headers) as { type: string; timestamp: string; data: unknown };
\`\`\`

${Object.keys(WEBHOOK_EXAMPLES)
  .map((type) => `Example \`${type}\`:\n\n\`\`\`json\n${example(type)}\n\`\`\``)
  .join('\n\n')}`;
