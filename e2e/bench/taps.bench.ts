import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { PASSING_CP1 } from '@hiu/domain/testing';
import { expect, test } from '../fixtures';
import { CheckJourney } from '../check-journey';

/*
 * What a whole check asks of the engineer's fingers (docs/benchmarks.md, Effort): from home to the submitted
 * report, each tap (a button, an answer, a field tapped before typing, the camera, a signature stroke), each field
 * given a value (typed or chosen; a photo; the signature), each yes/no answer, and each character typed. Counted in
 * the page from the events the walk causes, so a field the app asks twice is counted twice.
 */

interface Effort {
  taps: number;
  fields: number;
  answers: number;
  keystrokes: number;
}

/** Counters the page keeps from its first script on: the events an engineer's fingers make. */
function countEffort() {
  const w = window as unknown as { __effort: Effort & { seen: Set<string> } };
  const e = { taps: 0, fields: 0, answers: 0, keystrokes: 0, seen: new Set<string>() };
  w.__effort = e;
  let lastDown: Element | null = null;
  const once = (kind: 'fields' | 'answers', key: string) => {
    if (e.seen.has(`${kind}:${key}`)) return;
    e.seen.add(`${kind}:${key}`);
    e[kind]++;
  };
  const keyOf = (el: Element) =>
    el.getAttribute('data-testid') || el.getAttribute('name') || el.id || el.getAttribute('aria-label') || '';
  const typed = (el: EventTarget | null): el is HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement =>
    el instanceof HTMLTextAreaElement ||
    el instanceof HTMLSelectElement ||
    (el instanceof HTMLInputElement && !['radio', 'checkbox', 'button', 'file'].includes(el.type));
  addEventListener(
    'pointerdown',
    (ev) => {
      if (!ev.isPrimary) return;
      e.taps++;
      lastDown = ev.target as Element;
      const radio = (ev.target as Element).closest?.('[role=radio]');
      const group = radio?.closest('[role=radiogroup]');
      if (group) once('answers', group.getAttribute('aria-labelledby') ?? keyOf(group));
      if ((ev.target as Element).closest?.('canvas')) once('fields', 'signature');
    },
    true,
  );
  // A field reached without a tap on it or its label (the walk types into it directly) still costs the finger one.
  addEventListener(
    'focusin',
    (ev) => {
      const t = ev.target;
      if (!typed(t)) return;
      const tapped = lastDown && (lastDown === t || lastDown.closest('label')?.control === t);
      if (!tapped) e.taps++;
      lastDown = null;
    },
    true,
  );
  addEventListener(
    'input',
    (ev) => {
      const t = ev.target;
      if (!typed(t)) return;
      once('fields', keyOf(t) || `field-${e.fields}`);
      const data = (ev as InputEvent).data;
      if (typeof data === 'string') e.keystrokes += data.length;
    },
    true,
  );
  addEventListener(
    'change',
    (ev) => {
      const t = ev.target;
      if (t instanceof HTMLInputElement && t.type === 'file') {
        e.taps++;
        once('fields', `photo-${e.fields}`);
      } else if (t instanceof HTMLSelectElement) {
        // Choosing the option is a tap of its own (opening the list is the tap or focus counted above).
        e.taps++;
        once('fields', keyOf(t));
      }
    },
    true,
  );
}

const effortOf = (page: Page) =>
  page.evaluate(() => {
    const { taps, fields, answers, keystrokes } = (window as unknown as { __effort: Effort }).__effort;
    return { taps, fields, answers, keystrokes };
  });

function record(name: string, effort: Effort) {
  const line = JSON.stringify({ check: name, ...effort });
  console.log(line);
  if (process.env.TAPS_OUT) fs.appendFileSync(process.env.TAPS_OUT, `${line}\n`);
}

/** Fills the pack's fields on the step shown, from the passing values. */
async function fillPack(page: Page, keys: string[]) {
  const values: Record<string, unknown> = PASSING_CP1;
  for (const key of keys) await page.getByTestId(`cp1.${key}`).fill(String(values[key] ?? '1'));
}

const meterSet = (prefix: string) =>
  ['Energy', 'Volume', 'Flow', 'Power', 'FlowTemp', 'ReturnTemp'].map((k) => `${prefix}${k}`);

test.beforeEach(async ({ engineerPage: page }) => {
  await page.addInitScript(countEffort);
});

test('a standard check, home to submitted', async ({ engineerPage: page, createSite }) => {
  test.setTimeout(240_000);
  const { site, properties } = await createSite({ properties: 1 });
  const check = new CheckJourney(page);
  await check.start(site, properties[0]!);
  await check.walkToReview({ Hall: '1.5', Kitchen: '2', 'Living Room': '2', 'Bedroom 1': '2' });
  await check.button('Submit Report').click();
  await expect(page).toHaveURL(/\/$/);
  record('standard', await effortOf(page));
});

test('a CP1/TS1 check, home to submitted', async ({ engineerPage: page, createSite, adminApi }) => {
  test.setTimeout(300_000);
  const { site, properties } = await createSite({ properties: 1 });
  expect((await adminApi.patch(`/api/sites/${site.id}`, { data: { testPack: 'cp1-ts1' } })).status()).toBe(200);
  const check = new CheckJourney(page);
  await check.start(site, properties[0]!);

  await check.basicInfo();
  await fillPack(page, [
    'meterMake',
    'meterModel',
    'meterSerial',
    'dhwSetPoint',
    'dhwSetPointTolerance',
    'heatingSetPoint',
    ...meterSet('baseline'),
  ]);
  await check.yesNo('Heat meter accessible to the occupant').yes.click();
  await check.next('Save and Continue');

  await check.expectStep(2, 'Initial Checks');
  await check.initialChecks();
  await fillPack(page, ['staticFlowPressure', 'staticReturnPressure', 'differentialPressure', 'dpcvSetting']);
  for (const answer of [
    'System flushed',
    'Water sample taken',
    'Primary differential pressure test points present',
    'Chemical cleanse carried out',
    'Electrical supply from a fused spur',
  ])
    await check.yesNo(answer).yes.click();
  await page.getByTestId('cp1.strainerCondition').selectOption('Clear');
  await page.getByTestId('cp1.flushingBypass').selectOption('Not fitted');
  await check.next();

  await check.expectStep(3, 'Standby Mode');
  await check.standby();
  await check.next();
  await check.expectStep(4, 'Tertiary System Checks');
  await check.radiators({ Hall: '1.5', Kitchen: '2', 'Living Room': '2', 'Bedroom 1': '2' });
  await check.next();

  await check.expectStep(5, 'Heating Checks');
  await check.heating();
  await fillPack(page, meterSet('heatingPeak').slice(0, 4));
  await check.next();

  await check.expectStep(6, 'DHW Checks');
  await check.dhw();
  await fillPack(page, ['kitchenTapFlow', 'peakReturn', 'peakDeliveredTemp', ...meterSet('dhwPeak').slice(0, 5)]);
  await check.yesNo('Cold-down test done (primary isolated, hot tap run 3 minutes)').yes.click();
  await fillPack(page, ['coldDownTapTemp']);
  await check.next();

  await check.expectStep(7, 'Photos & Signature');
  for (const [i, label] of ['HIU data badge', 'Heat meter with reading', 'Strainer', 'Labels'].entries()) {
    await check.addPhoto(`photo-${i}.jpg`);
    await expect(page.getByRole('img', { name: `Photo ${i + 1}` })).toBeVisible();
    await page.getByLabel(`Label for photo ${i + 1}`).fill(label);
  }
  await check.sign();
  await page.getByLabel('Meter End Reading').fill('1240.2');
  await page.getByLabel('Remote Cut Off Valve Serial').fill('12345');
  await check.yesNo('Heating controller set correctly').yes.click();
  await fillPack(page, ['finalEnergy']);
  for (const answer of ['Filling loop disconnected', 'HIU casing fitted', 'Manuals left with the occupant'])
    await check.yesNo(answer).yes.click();
  await check.next('Review & Submit');

  await check.expectStep(8, 'Review & Submit');
  await check.button('Submit Report').click();
  await expect(page).toHaveURL(/\/$/);
  record('cp1-ts1', await effortOf(page));
});
