import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { unzipSync } from 'fflate';
import {
  currentTestPack,
  formatDate,
  formatDateTime,
  testPackName,
  type Dwellings,
  type EvidencePack,
  type Property,
  type Site,
} from '@hiu/domain';
import { passingCp1Check } from '@hiu/domain/testing';
import { expect, test } from './fixtures';
import { uploadPhotoAndSignature } from './report-files';
import { drawSignature } from './signature';

// docs/product.md#evidence-pack: on a CP1/TS1 site the handover pack is signed, built and downloaded on a phone,
// and summary.pdf names the pack, every approved flat's HIU and heat-meter serials, the issues and the pack's hash.

const FLATS = [
  { address: 'Flat 1, Quarry House', hiu: 'HIU-Q-0001', meter: 'MTR-Q-0001' },
  { address: 'Flat 2, Quarry House', hiu: 'HIU-Q-0002', meter: 'MTR-Q-0002' },
];
const ISSUE = 'Primary strainer basket cracked, to be replaced';
const ROOM_READINGS = {
  radiatorTemps: { Hall: { flow: '55', return: '45' } },
  underfloorZones: [{ name: 'Bathroom', flowRate: '2.5' }],
};

test('a CP1 handover pack is signed, built and downloaded at 390x844; summary.pdf names serials, issues and hash', async ({
  pageFor,
  createUser,
  adminApi,
}, testInfo) => {
  test.setTimeout(240_000);
  const made = await adminApi.post('/api/sites', {
    data: { name: `Quarry ${randomUUID().slice(0, 6)}`, location: 'Leeds', testPack: 'cp1-ts1' },
  });
  expect(made.status()).toBe(201);
  const site = (await made.json()) as Site;
  const engineer = await createUser();
  const eng = await pageFor(engineer);
  for (const [i, f] of FLATS.entries()) {
    const res = await adminApi.post('/api/properties', {
      data: { siteId: site.id, address: f.address, propertyType: '2b4p' },
    });
    expect(res.status()).toBe(201);
    const flat = (await res.json()) as Property;
    const { photo, signature } = await uploadPhotoAndSignature(eng);
    const data = passingCp1Check({
      site,
      propertyId: flat.id,
      photoId: photo,
      signatureId: signature,
      startTime: new Date(Date.now() - 60_000).toISOString(),
      // The pack's newest version, which records each radiator's temperatures and the underfloor zones.
      testPack: { id: 'cp1-ts1', version: currentTestPack('cp1-ts1').version },
    });
    const issues = i === 0 ? [{ id: randomUUID(), description: ISSUE, owner: 'installer', due: '2026-12-18' }] : [];
    const wizardData = {
      ...data,
      address: f.address,
      hiuSerial: f.hiu,
      cp1: {
        ...(data.cp1 as object),
        meterSerial: f.meter,
        ...(issues.length ? { issues } : {}),
        ...(i === 0 ? ROOM_READINGS : {}),
      },
    };
    const report = await eng.request.post('/api/reports', {
      data: { id: randomUUID(), wizardData, notes: '', failedStep: null, completedAt: new Date().toISOString() },
    });
    expect(report.status(), await report.text()).toBe(201);
    const id = ((await report.json()) as { id: string }).id;
    expect((await adminApi.post(`/api/reports/${id}/review`, { data: { decision: 'approve' } })).status()).toBe(200);
  }

  // The client builds the pack, then signs that pack on screen after being shown what it attests.
  const client = await createUser({ role: 'client', name: 'Quinn Client' });
  expect((await adminApi.put(`/api/sites/${site.id}/members/${client.id}`)).status()).toBe(201);
  const page = await pageFor(client);
  await page.goto(`/dashboard/${site.id}`);
  await expect(page.getByRole('region', { name: 'Progress' })).toContainText('Approved2');
  await page.getByRole('button', { name: 'Build evidence pack' }).click();
  const pack = page.getByTestId('evidence-pack');
  await expect(pack.getByRole('link', { name: 'Download ZIP' })).toBeVisible({ timeout: 90_000 });
  const [signed] = (await (await page.request.get(`/api/sites/${site.id}/evidence-packs`)).json()) as EvidencePack[];
  const signedHash = signed!.sha256!.slice(0, 8);
  const signOff = page.getByRole('region', { name: 'Handover sign-off' });
  await expect(signOff).toContainText(
    `You sign the pack built ${formatDateTime(signed!.finishedAt!)} (${signedHash}).`,
  );
  await signOff.getByRole('button', { name: 'Sign off the handover' }).click();
  await drawSignature(page, signOff);
  // The build's notice has gone, so the confirmation's buttons are seen whole.
  await expect(page.getByText('Building the pack: it takes a moment per flat')).toBeHidden({ timeout: 30_000 });
  await signOff.getByRole('button', { name: 'Sign off the handover' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Sign off this evidence pack?' });
  await expect(confirm).toContainText(
    `You are signing pack ${signedHash}, built ${formatDateTime(signed!.finishedAt!)}.`,
  );
  await expect(confirm).toContainText('It holds 2 flats: 2 Approved.');
  await expect(confirm).toContainText('1 issue is open.');
  await page.screenshot({ path: testInfo.outputPath('sign-off-confirmation.png') });
  await confirm.getByRole('button', { name: `Sign pack ${signedHash}` }).click();
  await expect(page.getByText('Your sign-off is recorded')).toBeVisible();
  await expect(signOff).toContainText(`Covers pack ${signedHash} of ${formatDate(signed!.finishedAt!)}: 2 flats`);

  // A later pack prints the sign-off with the pack it covers; the client downloads it.
  await page.getByRole('button', { name: 'Build evidence pack' }).click();
  let rebuilt = '';
  let rebuiltHash = '';
  await expect
    .poll(
      async () => {
        const [newest] = (await (
          await page.request.get(`/api/sites/${site.id}/evidence-packs`)
        ).json()) as EvidencePack[];
        rebuilt = newest!.id;
        rebuiltHash = newest!.sha256 ?? '';
        return newest!.id !== signed!.id && newest!.state;
      },
      { timeout: 90_000 },
    )
    .toBe('done');
  // The card lists the new pack (it reads the list again once the build is done), not the one signed.
  const download = pack.locator(`a[href="/api/evidence-packs/${rebuilt}/download"]`);
  await expect(download).toBeVisible({ timeout: 30_000 });
  // The sign-off's row says what it covers of the newer pack: every flat, as nothing changed.
  await expect(signOff).toContainText(`Covers every flat of the newer pack ${rebuiltHash.slice(0, 8)}`);
  const [saved] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), download.click()]);
  const zip = unzipSync(new Uint8Array(fs.readFileSync((await saved.path())!)));
  const manifest = JSON.parse(new TextDecoder().decode(zip['manifest.json']!)) as { packSha256: string };
  expect(saved.suggestedFilename()).toMatch(
    new RegExp(`evidence[ _]\\d{4}-\\d{2}-\\d{2}[ _]${manifest.packSha256.slice(0, 8)}\\.zip$`),
  );
  const summary = testInfo.outputPath('summary.pdf');
  fs.writeFileSync(summary, zip['summary.pdf']!);
  execFileSync('pdftoppm', ['-png', '-r', '60', summary, testInfo.outputPath('summary')]);
  const text = execFileSync('pdftotext', [summary, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(text).toContain(`Test pack ${testPackName(currentTestPack('cp1-ts1'))}`);
  for (const f of FLATS) for (const serial of [f.hiu, f.meter]) expect(text, serial).toContain(serial);
  expect(text).toContain(ISSUE);
  expect(text).toContain('18/12/2026');
  expect(text.replace(/\s/g, '')).toContain(manifest.packSha256);
  expect(text).toContain('Quinn Client');
  expect(text).toContain(`Covers pack ${signedHash} of ${formatDate(signed!.finishedAt!)}: 2 flats`);
  expect(text).toContain('Covers every flat in this pack.');
  expect(text).not.toContain('…');
  // Each radiator's ΔT and each zone's flow, in summary.pdf (the standard fonts have no Δ) and dwellings.json.
  expect(text).toContain('Hall radiator flow / return: 55 / 45 °C, delta T 10 K');
  expect(text).toContain('Underfloor zone Bathroom flow: 2.5 L/min (recorded)');
  const dwellings = JSON.parse(new TextDecoder().decode(zip['dwellings.json']!)) as Dwellings;
  const first = dwellings.dwellings.find((d) => d.property.address === FLATS[0]!.address)!;
  expect(first.radiators).toMatchObject([{ room: 'Hall', flow: 55, return: 45, deltaT: 10, verdict: 'pass' }]);
  expect(first.underfloorZones).toEqual([{ name: 'Bathroom', flowRate: 2.5, unit: 'L/min' }]);
});
