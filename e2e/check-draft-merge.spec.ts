import type { APIRequestContext } from '@playwright/test';
import type { Draft } from '@hiu/domain';
import { expect, test } from './fixtures';
import { CheckJourney } from './check-journey';

/** The engineer's one draft as the server holds it. */
async function storedDraft(request: APIRequestContext): Promise<Draft | undefined> {
  const drafts = (await (await request.get('/api/drafts')).json()) as Draft[];
  return drafts[0];
}

test.describe('one draft on two phones of the same engineer (decision 120)', () => {
  test('a save that reaches the server behind a newer one is merged: both phones end with both readings', async ({
    engineer,
    engineerPage: page,
    pageFor,
    createSite,
  }) => {
    const { site, properties } = await createSite({ properties: 1 });
    const phone = new CheckJourney(page);
    await phone.start(site, properties[0]!);
    await phone.basicInfo();
    await phone.next('Save and Continue');
    await phone.expectStep(2, 'Initial Checks');
    await expect.poll(async () => (await storedDraft(page.request))?.currentStep).toBe('Initial Checks');

    // The second phone opens the same draft at step 2 and is left there.
    const other = await pageFor(engineer);
    await other.goto('/');
    const today = other.getByRole('region', { name: 'Today' });
    await today
      .getByRole('listitem')
      .filter({ hasText: properties[0]!.address })
      .getByRole('link', { name: /Resume/ })
      .click();
    const second = new CheckJourney(other);
    await second.expectStep(2, 'Initial Checks');

    // The first phone goes on to step 6, saving at each step.
    await page.bringToFront();
    await phone.initialChecks({}, '1.2');
    await phone.next();
    await phone.standby();
    await phone.next();
    await phone.radiatorsNotApplicable();
    await phone.heating();
    await phone.next();
    await phone.expectStep(6, 'DHW Checks');
    await expect.poll(async () => (await storedDraft(page.request))?.currentStep).toBe('DHW Checks');

    // The second phone, behind, records step 2 with another pressure: its save is older than the server's.
    await other.bringToFront();
    await second.initialChecks({}, '1.4');
    await second.next();
    await second.expectStep(3, 'Standby Mode');
    await expect(other.getByText('Draft merged').first()).toBeVisible();
    // It now shows what the first phone recorded after it fell behind.
    await expect(other.getByLabel('Flow Temperature')).toHaveValue('46');
    await expect(other.getByLabel('Return Temperature')).toHaveValue('41');
    await expect
      .poll(async () => {
        const d = await storedDraft(other.request);
        return d && [d.currentStep, d.wizardData.initialChecks.systemPressure, d.wizardData.heatingMode.primaryFlow];
      })
      .toEqual(['DHW Checks', '1.4', '65']);

    // The first phone's next save meets the merge: it takes up the corrected pressure and keeps its own step 6.
    await page.bringToFront();
    await phone.dhw();
    await phone.next();
    await phone.expectStep(7, 'Photos & Signature');
    await expect
      .poll(async () => {
        const d = await storedDraft(page.request);
        return d && [d.currentStep, d.wizardData.initialChecks.systemPressure, d.wizardData.dhwChecks.cwsTemp];
      })
      .toEqual(['Photos & Signature', '1.4', '12']);
    await page.goto('/check/initial-checks');
    await phone.expectStep(2, 'Initial Checks');
    await expect(page.getByLabel('System Pressure')).toHaveValue('1.4');
    await page.goto('/check/heating');
    await expect(page.getByLabel('Primary Flow Temperature')).toHaveValue('65');
  });
});
