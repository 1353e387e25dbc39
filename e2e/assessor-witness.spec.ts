import { ADMIN, expect, projectContextOptions, signInWithForm, test } from './fixtures';
import { smallTargets, violations } from './page-checks';
import { submitThroughApi } from './report-files';
import { drawSignature } from './signature';

// docs/product.md#witnessing-and-sampling: an assessor, at a phone's size, witnesses a flat the sampling plan asks for.
test('an assessor signs in, witnesses a due flat entering the readings seen and drawing a signature', async ({
  browser,
  pageFor,
  createUser,
  createSite,
  adminApi,
}, testInfo) => {
  test.setTimeout(180_000);
  const { site, properties } = await createSite({ properties: 2 });
  const engineer = await createUser();
  const report = await submitThroughApi(await pageFor(engineer), site, properties[0]!, 2);
  expect((await adminApi.post(`/api/reports/${report.id}/review`, { data: { decision: 'approve' } })).status()).toBe(
    200,
  );
  // An admin sets the rate on the dashboard; a bad number is answered before anything is sent.
  const office = await pageFor(ADMIN);
  await office.goto(`/dashboard/${site.id}`);
  const plan = office.getByRole('region', { name: 'Witnessing' });
  await expect(plan).toContainText('No sampling plan is set');
  const rate = plan.getByLabel('Witness 1 flat in every');
  await rate.fill('0');
  await plan.getByRole('button', { name: 'Save rate' }).click();
  await expect(plan.getByText('Enter a whole number of flats, 1 or more')).toBeVisible();
  await rate.fill('10');
  await plan.getByRole('button', { name: 'Save rate' }).click();
  await expect(plan.getByTestId('sampling-coverage')).toHaveText(/Sample not met: 0 witnessed of 1 required/);
  const assessor = await createUser({ role: 'assessor', name: 'Alex Assessor' });
  expect((await adminApi.put(`/api/sites/${site.id}/members/${assessor.id}`)).status()).toBe(201);

  const context = await browser.newContext(projectContextOptions(testInfo));
  const page = await context.newPage();
  await page.goto('/sign-in');
  await signInWithForm(page, assessor);
  // Home lists the site's approved reports, each with Witness for an assessor.
  await expect(page.getByRole('link', { name: `Witness ${properties[0]!.address}` })).toBeVisible();
  await page.getByRole('link', { name: 'Dashboard and evidence pack' }).click();

  const card = page.getByRole('region', { name: 'Witnessing' });
  await expect(card.getByTestId('sampling-coverage')).toHaveText(/Sample not met: 0 witnessed of 1 required/);
  const due = card.getByRole('list', { name: 'Due for witnessing' });
  await expect(due).toContainText('First of its type');
  await due.getByRole('link', { name: `Witness ${properties[0]!.address}` }).click();

  await expect(page.getByRole('heading', { name: `Witness: ${properties[0]!.address}` })).toBeVisible();
  // Recording asks for what is missing first.
  await page.getByRole('button', { name: 'Record witness' }).click();
  await expect(page.getByText('Enter at least one reading you witnessed')).toBeVisible();
  await expect(page.getByText('Sign in the box')).toBeVisible();

  const heating = page.getByRole('group', { name: 'Heating Checks' });
  const dhw = page.getByRole('group', { name: 'DHW Checks' });
  const tap = dhw.getByLabel('DHW at Kitchen Tap (after 60 seconds)');
  await tap.fill('48');
  const primary = heating.getByLabel('Primary Return Temperature', { exact: true });
  await primary.fill('95');
  // Each value is judged as it is typed, in words and colour.
  await expect(dhw.getByRole('listitem').filter({ hasText: 'DHW at Kitchen Tap' })).toContainText('Pass');
  await expect(heating.getByRole('listitem').filter({ hasText: 'Primary Return Temperature' })).toContainText('Fail');
  await drawSignature(page);
  // Signing answers the message asked for it.
  await expect(page.getByText('Sign in the box')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('witness-390.png') });
  expect(await violations(page), 'witness screen').toEqual([]);
  expect(await smallTargets(page, 'witness screen'), 'witness screen').toEqual([]);

  await page.getByRole('button', { name: 'Record witness' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Record your witness?' });
  await expect(confirm).toContainText(`You sign that you witnessed 2 readings at ${properties[0]!.address}`);
  await confirm.getByRole('button', { name: 'Sign 2 readings' }).click();
  await expect(page.getByText('Witness recorded')).toBeVisible();

  // Back on the dashboard the failed reading raised the rate: the flat is witnessed, the plan says so.
  await expect(page).toHaveURL(new RegExp(`/dashboard/${site.id}$`));
  await expect(card.getByTestId('sampling-coverage')).toContainText('1 witnessed of');
  await expect(card).toContainText('raised to 1 in 5 after a failure');
  await card.screenshot({ path: testInfo.outputPath('witnessing-card-390.png') });

  // The record, with its readings and signature, is in dwellings.json.
  const dwellings = await (await adminApi.get(`/api/sites/${site.id}/dwellings`)).json();
  const witness = dwellings.dwellings.find(
    (d: { property: { id: string } }) => d.property.id === properties[0]!.id,
  ).witness;
  expect(witness).toMatchObject({ name: 'Alex Assessor', role: 'assessor', reportId: report.id });
  expect(witness.signatureSha256).toMatch(/^[0-9a-f]{64}$/);
  expect(witness.readings.map((r: { id: string; verdict: string }) => [r.id, r.verdict])).toEqual([
    ['heatingPrimaryReturn', 'fail'],
    ['dhwKitchenTap', 'pass'],
  ]);
  await context.close();

  // The review screen shows the witness: who, when, each reading seen against its range, and the signature.
  await office.goto(`/review/reports/${report.id}`);
  const witnessed = office.getByRole('region', { name: 'Witnessed' });
  await expect(witnessed).toContainText('Alex Assessor (Assessor)');
  await expect(witnessed.getByRole('row', { name: /Primary Return Temperature 95 °C/ })).toContainText('Fail');
  const signature = witnessed.getByRole('img', { name: 'Signature of Alex Assessor' });
  await expect(signature).toBeVisible();
  await expect
    .poll(() => signature.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await witnessed.screenshot({ path: testInfo.outputPath('review-witness-390.png') });
});
