import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Property, ReportSummary, Site } from '@hiu/domain';
import { expect } from './fixtures';
import { goOffline } from './fixtures/offline-ready';

/**
 * Page model of the engineer's checklist: the steps as an engineer walks them, by label and role only.
 * Values default to a passing check against the default site ranges.
 */
export class CheckJourney {
  constructor(readonly page: Page) {}

  heading(name: string): Locator {
    return this.page.getByRole('heading', { level: 1, name });
  }

  button(name: string | RegExp): Locator {
    return this.page.getByRole('button', { name, exact: typeof name === 'string' });
  }

  async expectStep(n: number, name: string) {
    await expect(this.heading(name)).toBeVisible();
    await expect(this.page.getByText(`Step ${n} of 8`)).toBeVisible();
    await expect(this.page.getByRole('progressbar', { name: 'Checklist progress' })).toHaveAttribute(
      'aria-valuenow',
      String(n),
    );
  }

  /** Home: choose the site and the property, then Start. */
  async start(site: Site, property: Property) {
    const { page } = this;
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'HIU Commissioning', level: 1 })).toBeVisible();
    await page.getByLabel('Site', { exact: true }).selectOption({ label: `${site.name} - ${site.location}` });
    const picker = page.getByRole('combobox', { name: 'Property' });
    await picker.fill(property.address.slice(0, 6));
    await page.getByRole('option', { name: new RegExp(escape(property.address)) }).click();
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await this.expectStep(1, 'Basic Information');
    await expect(page.getByLabel('Address')).toHaveValue(property.address);
  }

  async basicInfo(v: { model?: string; serial?: string; meterStart?: string } = {}) {
    await this.page.getByLabel('HIU Model').fill(v.model ?? 'Thermal X5');
    await this.page.getByLabel('HIU Serial').fill(v.serial ?? 'SN-1001');
    await this.page.getByLabel('Meter Start Reading').fill(v.meterStart ?? '1234.5');
  }

  yesNo(label: string): { yes: Locator; no: Locator } {
    const group = this.page.getByRole('radiogroup', { name: label });
    return { yes: group.getByRole('radio', { name: 'Yes' }), no: group.getByRole('radio', { name: 'No' }) };
  }

  async initialChecks(answers: Partial<Record<string, boolean>> = {}, pressure = '1.2') {
    for (const label of ['Bypass valve closed', 'Strainer clean', 'Transit clips removed', 'Meter OK']) {
      const yn = this.yesNo(label);
      await (answers[label] === false ? yn.no : yn.yes).click();
    }
    await this.page.getByLabel('System Pressure').fill(pressure);
  }

  async standby(v: { flow?: string; ret?: string; rate?: string } = {}) {
    await this.page.getByLabel('Flow Temperature').fill(v.flow ?? '46');
    await this.page.getByLabel('Return Temperature').fill(v.ret ?? '41');
    await this.page.getByLabel('Flow Rate').fill(v.rate ?? '2.5');
  }

  async radiators(settings: Record<string, string>) {
    for (const [room, value] of Object.entries(settings)) await this.room(room).fill(value);
  }

  /** Step 4 marked not applicable, with its reason, and Next. */
  async radiatorsNotApplicable(reason = 'Underfloor heating only') {
    await this.button('Step not applicable').click();
    await this.page.getByLabel(/^Why the step is not applicable/).fill(reason);
    await this.next();
  }

  /** A room's valve setting box (its label is the room name, with the required mark). */
  room(name: string): Locator {
    return this.page.getByLabel(new RegExp(`^${escape(name)}( \\*)?$`));
  }

  async heating() {
    const p = this.page;
    await p.getByLabel('Tertiary (Secondary) Flow Temperature').fill('52');
    await p.getByLabel('Tertiary (Secondary) Return Temperature').fill('42');
    await p.getByLabel('Primary Flow Temperature').fill('65');
    await p.getByLabel('Primary Return Temperature').fill('55');
    await p.getByLabel('Power Consumption').fill('10');
  }

  async dhw() {
    const p = this.page;
    await p.getByLabel('CWS Temperature').fill('12');
    await this.yesNo('DHW reached 45°C within 45 seconds').yes.click();
    await p.getByLabel('DHW at Kitchen Tap (after 60 seconds)').fill('47');
    await p.getByLabel('Primary Flow Temperature').fill('60');
    await p.getByLabel('Primary Return Temperature').fill('50');
    await p.getByLabel('DHW Power Consumption').fill('15');
  }

  /** A small JPEG made by the browser's own canvas, attached as if taken with the camera. */
  async addPhoto(name = 'hiu-front.jpg', colour = '#0f4a76') {
    const base64 = await this.page.evaluate((colour) => {
      const c = document.createElement('canvas');
      c.width = 64;
      c.height = 48;
      const ctx = c.getContext('2d')!;
      ctx.fillStyle = colour;
      ctx.fillRect(0, 0, 64, 48);
      ctx.fillStyle = '#f59e0b';
      ctx.fillRect(16, 12, 32, 24);
      return c.toDataURL('image/jpeg', 0.9).split(',')[1]!;
    }, colour);
    await this.page
      .getByTestId('photo-camera')
      .setInputFiles({ name, mimeType: 'image/jpeg', buffer: Buffer.from(base64, 'base64') });
  }

  /** Draws a short zig-zag on the signature pad with the mouse (pointer events). */
  async sign() {
    const canvas = this.page.getByTestId('signature-canvas');
    // Centred, so the sticky bottom bar never lies over the pad.
    await canvas.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const box = (await canvas.boundingBox())!;
    const m = this.page.mouse;
    await m.move(box.x + box.width * 0.1, box.y + box.height * 0.6);
    await m.down();
    for (let i = 1; i <= 8; i++)
      await m.move(box.x + box.width * (0.1 + i * 0.1), box.y + box.height * (i % 2 ? 0.3 : 0.7), { steps: 3 });
    await m.up();
    await expect(this.page.getByText('Signature captured')).toBeVisible();
  }

  async photosSignature(v: { photo?: boolean } = {}) {
    const p = this.page;
    if (v.photo !== false) {
      await this.addPhoto();
      await expect(p.getByRole('img', { name: 'Photo 1' })).toBeVisible();
      await p.getByLabel('Label for photo 1').fill('HIU front');
    }
    await this.sign();
    await p.getByLabel('Meter End Reading').fill('1240.2');
    await p.getByLabel('Remote Cut Off Valve Serial').fill('12345');
    await this.yesNo('Heating controller set correctly').yes.click();
  }

  /** The evidence screen before a FAIL report is filed: sign (photo and notes optional), then file it. */
  async fileFailure(v: { photoCaption?: string; notes?: string } = {}) {
    const p = this.page;
    await expect(this.heading('Record the Failure')).toBeVisible();
    if (v.photoCaption !== undefined) {
      await this.addPhoto('fault.jpg');
      await expect(p.getByRole('img', { name: 'Photo 1' })).toBeVisible();
      await p.getByLabel('Label for photo 1').fill(v.photoCaption);
    }
    if (v.notes !== undefined) await p.getByLabel('Notes').fill(v.notes);
    await this.sign();
    await this.next('File Failure Report');
  }

  async next(label = 'Next') {
    const b = this.button(label);
    await expect(b).toBeEnabled();
    await b.click();
  }

  /** From a started check to step 3 (Standby Mode), every value in range. */
  async walkToStandby() {
    await this.basicInfo();
    await this.next('Save and Continue');
    await this.initialChecks();
    await this.next();
    await this.expectStep(3, 'Standby Mode');
  }

  /** From a started check to step 6 (DHW), step 4 not applicable, every value in range. */
  async walkToDhw() {
    await this.basicInfo();
    await this.next('Save and Continue');
    await this.initialChecks();
    await this.next();
    await this.standby();
    await this.next();
    await this.radiatorsNotApplicable();
    await this.heating();
    await this.next();
    await this.expectStep(6, 'DHW Checks');
  }

  /** From a started check to the review page with every value in range. */
  async walkToReview(rooms?: Record<string, string>) {
    await this.basicInfo();
    await this.next('Save and Continue');
    await this.expectStep(2, 'Initial Checks');
    await this.initialChecks();
    await this.next();
    await this.expectStep(3, 'Standby Mode');
    await this.standby();
    await this.next();
    await this.expectStep(4, 'Tertiary System Checks');
    if (rooms) {
      await this.radiators(rooms);
      await this.next();
    } else await this.radiatorsNotApplicable();
    await this.expectStep(5, 'Heating Checks');
    await this.heating();
    await this.next();
    await this.expectStep(6, 'DHW Checks');
    await this.dhw();
    await this.next();
    await this.expectStep(7, 'Photos & Signature');
    await this.photosSignature();
    await this.next('Review & Submit');
    await this.expectStep(8, 'Review & Submit');
  }

  /** At the review: the signal goes, Submit, and home says the report is kept on the phone. */
  async submitWithoutSignal() {
    await goOffline(this.page);
    await this.button('Submit Report').click();
    await expect(this.page).toHaveURL(/\/$/);
    await expect(this.page.getByTestId('queued-reports')).toContainText('Report kept on this phone.');
  }

  section(title: string): Locator {
    return this.page.getByRole('region', { name: title });
  }

  /** The status badge of a review section: Pass, Fail, Pending or N/A (after its symbol). */
  badge(title: string, status: 'Pass' | 'Fail' | 'Pending' | 'N/A'): Locator {
    return this.section(title).getByText(new RegExp(`^\\W*${escape(status)}$`));
  }
}

function escape(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Reports stored for a site, as the server lists them. */
export async function reportsFor(adminApi: APIRequestContext, siteName: string): Promise<ReportSummary[]> {
  const res = await adminApi.get(`/api/reports?siteName=${encodeURIComponent(siteName)}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as ReportSummary[];
}

/** Gives a site's property type its own rooms and expected valve settings (the admin's radiator design). */
export async function setRooms(adminApi: APIRequestContext, site: Site, type: string, rooms: Record<string, string>) {
  const radiators = {
    [type]: Object.fromEntries(Object.entries(rooms).map(([room, v]) => [room, { expectedValveSetting: v }])),
  };
  const res = await adminApi.patch(`/api/sites/${site.id}`, {
    data: { designParameters: { ...site.designParameters, radiators } },
  });
  expect(res.status(), await res.text()).toBe(200);
}
