import { createHash } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { ReportSummary, WizardData } from '@hiu/domain';
import { isFileUrl } from '@hiu/domain';
import { expect } from '../fixtures';
import { CheckJourney } from '../check-journey';

/**
 * One check's values, step by step, split in two halves: the first is entered before a fault, the second
 * after it. Every value says where the server must hold it, so the fault suite can compare all of them.
 */
export interface PlannedValue {
  /** What the test reports when this value is wrong. */
  name: string;
  enter(check: CheckJourney): Promise<void>;
  /** What the engineer sees after a reload or a reopened tab: the value is still there. */
  expectShown(check: CheckJourney): Promise<void>;
  /** The value the server must hold, read from the stored report. */
  stored(report: { wizardData: WizardData; notes: string }): unknown;
  expected: unknown;
}

export interface PlannedStep {
  number: number;
  name: string;
  /** The button that leaves the step (none on the review). */
  next?: string;
  first: PlannedValue[];
  second: PlannedValue[];
}

/** A field by its label, with or without the required mark. */
const labelled = (c: CheckJourney, label: string) =>
  c.page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));

const field = (label: string, value: string, stored: PlannedValue['stored']): PlannedValue => ({
  name: label,
  enter: (c) => labelled(c, label).fill(value),
  expectShown: (c) => expect(labelled(c, label)).toHaveValue(value),
  stored,
  expected: value,
});

const yes = (label: string, stored: PlannedValue['stored']): PlannedValue => ({
  name: label,
  enter: (c) => c.yesNo(label).yes.click(),
  expectShown: (c) => expect(c.yesNo(label).yes).toHaveAttribute('aria-checked', 'true'),
  stored,
  expected: true,
});

const room = (name: string, value: string): PlannedValue => ({
  name: `valve setting, ${name}`,
  enter: (c) => c.room(name).fill(value),
  expectShown: (c) => expect(c.room(name)).toHaveValue(value),
  stored: (r) => r.wizardData.radiators.roomChecks[name]?.valveSetting,
  expected: value,
});

/** A photo taken with the camera input and labelled; its bytes are compared with the phone's copy. */
const photo = (n: number, label: string, colour: string): PlannedValue => ({
  name: `photo ${n} label`,
  enter: async (c) => {
    await c.addPhoto(`photo-${n}.jpg`, colour);
    await expect(c.page.getByRole('img', { name: `Photo ${n}` })).toBeVisible();
    await c.page.getByLabel(`Label for photo ${n}`).fill(label);
  },
  expectShown: async (c) => {
    await expect(c.page.getByRole('img', { name: label })).toBeVisible();
    await expect(c.page.getByLabel(`Label for photo ${n}`)).toHaveValue(label);
  },
  stored: (r) => r.wizardData.photosSignature.photos[n - 1]?.label,
  expected: label,
});

const signature: PlannedValue = {
  name: 'signature',
  enter: (c) => c.sign(),
  expectShown: (c) => expect(c.page.getByText('Signature captured')).toBeVisible(),
  stored: (r) => isFileUrl(r.wizardData.photosSignature.signature),
  expected: true,
};

const notes = (text: string): PlannedValue => ({
  name: 'notes',
  enter: (c) => c.page.getByLabel('Notes').fill(text),
  expectShown: (c) => expect(c.page.getByLabel('Notes')).toHaveValue(text),
  stored: (r) => r.notes,
  expected: text,
});

/** The rooms of the default property type (1b2p), in the order the engineer walks them. */
export const ROOMS = ['Hall', 'Living Room', 'Kitchen', 'Bedroom 1'];

/** A passing check; `tag` makes the identifying values unique to one run of the plan. */
export function checkPlan(tag: string): PlannedStep[] {
  const w = (r: { wizardData: WizardData }) => r.wizardData;
  return [
    {
      number: 1,
      name: 'Basic Information',
      next: 'Save and Continue',
      first: [
        field('HIU Model', `Model ${tag}`, (r) => w(r).hiuModel),
        field('HIU Serial', `SN-${tag}`, (r) => w(r).hiuSerial),
      ],
      second: [field('Meter Start Reading', '1234.5', (r) => w(r).meterStart)],
    },
    {
      number: 2,
      name: 'Initial Checks',
      next: 'Next',
      first: [
        yes('Bypass valve closed', (r) => w(r).initialChecks.bypassClosed),
        yes('Strainer clean', (r) => w(r).initialChecks.strainerClean),
      ],
      second: [
        yes('Transit clips removed', (r) => w(r).initialChecks.clipsRemoved),
        yes('Meter OK', (r) => w(r).initialChecks.meterOk),
        field('System Pressure', '1.3', (r) => w(r).initialChecks.systemPressure),
      ],
    },
    {
      number: 3,
      name: 'Standby Mode',
      next: 'Next',
      first: [field('Flow Temperature', '46.5', (r) => w(r).standbyMode.flowTemp)],
      second: [
        field('Return Temperature', '41.5', (r) => w(r).standbyMode.returnTemp),
        field('Flow Rate', '2.4', (r) => w(r).standbyMode.flowRate),
      ],
    },
    {
      number: 4,
      name: 'Tertiary System Checks',
      next: 'Next',
      first: [room('Hall', '2'), room('Living Room', '2.5')],
      second: [room('Kitchen', '1.5'), room('Bedroom 1', '3')],
    },
    {
      number: 5,
      name: 'Heating Checks',
      next: 'Next',
      first: [
        field('Tertiary (Secondary) Flow Temperature', '52', (r) => w(r).heatingMode.tertiaryFlow),
        field('Tertiary (Secondary) Return Temperature', '42', (r) => w(r).heatingMode.tertiaryReturn),
      ],
      second: [
        field('Primary Flow Temperature', '65', (r) => w(r).heatingMode.primaryFlow),
        field('Primary Return Temperature', '55', (r) => w(r).heatingMode.primaryReturn),
        field('Power Consumption', '10.5', (r) => w(r).heatingMode.powerConsumption),
      ],
    },
    {
      number: 6,
      name: 'DHW Checks',
      next: 'Next',
      first: [
        field('CWS Temperature', '12', (r) => w(r).dhwChecks.cwsTemp),
        yes('DHW reached 45°C within 45 seconds', (r) => w(r).dhwChecks.fortyFiveIn45),
      ],
      second: [
        field('DHW at Kitchen Tap (after 60 seconds)', '47', (r) => w(r).dhwChecks.dhwKitchenTap),
        field('Primary Flow Temperature', '60', (r) => w(r).dhwChecks.primaryFlow),
        field('Primary Return Temperature', '50', (r) => w(r).dhwChecks.primaryReturn),
        field('DHW Power Consumption', '15', (r) => w(r).dhwChecks.dhwPower),
      ],
    },
    {
      number: 7,
      name: 'Photos & Signature',
      next: 'Review & Submit',
      first: [
        photo(1, `HIU front ${tag}`, '#0f4a76'),
        field('Meter End Reading', '1240.2', (r) => w(r).photosSignature.meterEnd),
      ],
      second: [
        photo(2, `Valves ${tag}`, '#7c2d12'),
        signature,
        field('Remote Cut Off Valve Serial', '44712', (r) => w(r).photosSignature.remoteCutOffValveSerial),
        yes('Heating controller set correctly', (r) => w(r).photosSignature.heatingControllerSet),
      ],
    },
    {
      number: 8,
      name: 'Review & Submit',
      first: [notes(`Started ${tag}`)],
      second: [notes(`Started ${tag}; all readings taken with the engineer on site.`)],
    },
  ];
}

/** The values the server must hold at the end, by step and name (a value typed twice counts once, as last typed). */
export function finalValues(plan: PlannedStep[]): Map<string, PlannedValue> {
  const byKey = new Map<string, PlannedValue>();
  for (const step of plan)
    for (const v of [...step.first, ...step.second]) byKey.set(`step ${step.number}: ${v.name}`, v);
  return byKey;
}

/** The photo and signature blobs the phone holds (IndexedDB), by file id: size and SHA-256. */
export async function deviceFiles(page: Page): Promise<Record<string, { size: number; sha256: string }>> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('hiu-commissioning');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const files = await new Promise<{ id: string; blob: Blob }[]>((resolve, reject) => {
      const req = db.transaction('files').objectStore('files').getAll();
      req.onsuccess = () => resolve(req.result as { id: string; blob: Blob }[]);
      req.onerror = () => reject(req.error);
    });
    db.close();
    const out: Record<string, { size: number; sha256: string }> = {};
    for (const f of files) {
      const digest = await crypto.subtle.digest('SHA-256', await f.blob.arrayBuffer());
      const sha256 = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
      out[f.id] = { size: f.blob.size, sha256 };
    }
    return out;
  });
}

/**
 * Checks on the server, as an admin: exactly one report for the site, every planned value equal to what
 * was typed, and every photo and the signature stored with the bytes the phone holds. Returns how many
 * values were compared.
 */
export async function expectStoredOnce(
  api: APIRequestContext,
  siteName: string,
  plan: PlannedStep[],
  onDevice: Record<string, { size: number; sha256: string }>,
): Promise<number> {
  const list = async () =>
    (await (await api.get(`/api/reports?siteName=${encodeURIComponent(siteName)}`)).json()) as ReportSummary[];
  await expect.poll(async () => (await list()).length, { message: 'reports stored for the site' }).toBe(1);
  const [summary] = await list();
  const res = await api.get(`/api/reports/${summary!.id}`);
  expect(res.status()).toBe(200);
  const report = (await res.json()) as { wizardData: WizardData; notes: string };
  let values = 1; // the report count
  const actual: Record<string, unknown> = {};
  const expected: Record<string, unknown> = {};
  for (const [key, v] of finalValues(plan)) {
    actual[key] = v.stored(report);
    expected[key] = v.expected;
    values++;
  }
  expect(actual).toEqual(expected);

  const p = report.wizardData.photosSignature;
  const ids = [...p.photos.map((ph) => ph.id), p.signature.slice('/api/files/'.length)];
  expect(p.photos).toHaveLength(2);
  for (const id of ids) {
    const file = await api.get(`/api/files/${id}`);
    expect(file.status(), `file ${id}`).toBe(200);
    const body = await file.body();
    expect(onDevice[id], `the phone's copy of ${id}`).toBeDefined();
    expect({ size: body.length, sha256: createHash('sha256').update(body).digest('hex') }).toEqual(onDevice[id]);
    values += 2;
  }
  return values;
}
