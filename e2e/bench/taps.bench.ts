import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { PASSING_CP1 } from '@hiu/domain/testing';
import { expect, test } from '../fixtures';
import { CheckJourney } from '../check-journey';

/*
 * What a whole check asks of the engineer's fingers (docs/benchmarks.md, Effort): from home to the submitted
 * report, each tap (a button, an answer, a box tapped before typing, the camera, a signature stroke), each field
 * given a value (typed or chosen; a photo; the signature), each yes/no answer, each character typed, and each press
 * of the keyboard's Next key. The walk goes as an engineer with a phone keyboard does (docs/product.md, The
 * keyboard's Next key): a tap on the first box of a run, then Next from box to box (through an optional box left
 * empty, at most two presses, else a tap); still a tap for each answer, button, photo, photo label and signature
 * stroke. Counted in the page from the events the walk causes, so a field the app asks twice is counted twice.
 */

interface Effort {
  taps: number;
  fields: number;
  answers: number;
  keystrokes: number;
  nextKeys: number;
}

/** Counters the page keeps from its first script on: the events an engineer's fingers make. */
function countEffort() {
  const w = window as unknown as { __effort: Effort & { seen: Set<string> } };
  const e = { taps: 0, fields: 0, answers: 0, keystrokes: 0, nextKeys: 0, seen: new Set<string>() };
  w.__effort = e;
  let lastDown: Element | null = null;
  // True while the keyboard's Next key is being handled: the box it moves focus to costs no tap.
  let nextKeyDown = false;
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
  // The keyboard's Next (Enter) in a box: counted, and the box the app moves to in that key's handling is not
  // a tap. The flag is cleared once the key has bubbled past the app's handlers.
  addEventListener(
    'keydown',
    (ev) => {
      if (ev.key !== 'Enter' || !typed(ev.target) || ev.target instanceof HTMLTextAreaElement) return;
      e.nextKeys++;
      nextKeyDown = true;
    },
    true,
  );
  addEventListener('keydown', () => (nextKeyDown = false));
  // A field reached without a tap on it or its label (the walk types into it directly) still costs the finger one.
  addEventListener(
    'focusin',
    (ev) => {
      const t = ev.target;
      if (!typed(t)) return;
      const tapped = lastDown && (lastDown === t || lastDown.closest('label')?.control === t);
      if (!tapped && !nextKeyDown) e.taps++;
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
    const { taps, fields, answers, keystrokes, nextKeys } = (window as unknown as { __effort: Effort }).__effort;
    return { taps, fields, answers, keystrokes, nextKeys };
  });

function record(name: string, effort: Effort) {
  const line = JSON.stringify({ check: name, ...effort });
  console.log(line);
  if (process.env.TAPS_OUT) fs.appendFileSync(process.env.TAPS_OUT, `${line}\n`);
}

/**
 * How many presses of the Next key take focus from where it is to this box: its place among the step's boxes the
 * key goes through (picked as the app's features/check/lib/next-key.ts picks them) less the focused one's; -1 when
 * the focus is in none of them.
 */
const nextKeyPresses = (box: Locator) =>
  box.evaluate((target) => {
    const typed = ['text', 'number', 'tel', 'email', 'url', 'search', 'password'];
    const boxes = Array.from(
      document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('main input, main textarea'),
    )
      .filter((el) => el instanceof HTMLTextAreaElement || typed.includes(el.type))
      .filter((el) => !el.readOnly && !el.disabled && !el.form && el.getClientRects().length > 0);
    const from = boxes.indexOf(document.activeElement as HTMLInputElement);
    return from < 0 ? -1 : boxes.indexOf(target as HTMLInputElement) - from;
  });

/**
 * Types each value into its box, going down the step as it is shown: a tap on the first box, then the keyboard's
 * Next key to the next one, pressed twice to pass an optional box left empty; a box further on is tapped.
 */
async function typeAlong(page: Page, boxes: [Locator, string][]) {
  const order = await Promise.all(
    boxes.map(([box]) =>
      box.evaluate((el) => Array.from(document.querySelectorAll('main input, main textarea')).indexOf(el as Element)),
    ),
  );
  const sorted = boxes.map((b, i) => [b, order[i]!] as const).sort((a, b) => a[1] - b[1]);
  for (const [i, [[box, value]]] of sorted.entries()) {
    const presses = i === 0 ? 0 : await nextKeyPresses(box);
    if (presses >= 1 && presses <= 2) for (let p = 0; p < presses; p++) await page.keyboard.press('Enter');
    else {
      if (i > 0) console.log(`tapped, ${presses} Next presses away: ${box}`);
      await box.click();
    }
    await expect(box).toBeFocused();
    await page.keyboard.insertText(value);
    await expect(box).toHaveValue(value);
  }
}

/** The pack's boxes on the step shown, with their passing values. */
function pack(page: Page, keys: string[]): [Locator, string][] {
  const values: Record<string, unknown> = PASSING_CP1;
  return keys.map((key) => [page.getByTestId(`cp1.${key}`), String(values[key] ?? '1')]);
}

/** Boxes found by their label, with the values to type. */
const labelled = (page: Page, values: [string, string][]): [Locator, string][] =>
  values.map(([label, value]) => [page.getByLabel(label), value]);

const meterSet = (prefix: string) =>
  ['Energy', 'Volume', 'Flow', 'Power', 'FlowTemp', 'ReturnTemp'].map((k) => `${prefix}${k}`);

test.beforeEach(async ({ engineerPage: page }) => {
  await page.addInitScript(countEffort);
});

/** Steps 1 to 7 of the standard check as the bench walks them, up to the review; `pack` adds a CP1/TS1 step's own. */
interface Walk {
  basicInfo?: [Locator, string][];
  step1Answers?: string[];
  step2?: (page: Page, check: CheckJourney) => Promise<void>;
  heating?: [Locator, string][];
  dhw?: [Locator, string][];
  /** The rest of step 6, Next, and step 7. */
  rest?: (page: Page, check: CheckJourney) => Promise<void>;
}

const ROOMS: [string, string][] = [
  ['Hall', '1.5'],
  ['Living Room', '2'],
  ['Kitchen', '2'],
  ['Bedroom 1', '2'],
];

async function walk(page: Page, check: CheckJourney, extra: Walk = {}) {
  await typeAlong(page, [
    ...labelled(page, [
      ['HIU Model', 'Thermal X5'],
      ['HIU Serial', 'SN-1001'],
      ['Meter Start Reading', '1234.5'],
    ]),
    ...(extra.basicInfo ?? []),
  ]);
  for (const answer of extra.step1Answers ?? []) await check.yesNo(answer).yes.click();
  await check.next('Save and Continue');

  await check.expectStep(2, 'Initial Checks');
  for (const label of ['Bypass valve closed', 'Strainer clean', 'Transit clips removed', 'Meter OK'])
    await check.yesNo(label).yes.click();
  await typeAlong(page, labelled(page, [['System Pressure', '1.2']]));
  await extra.step2?.(page, check);
  await check.next();

  await check.expectStep(3, 'Standby Mode');
  await typeAlong(
    page,
    labelled(page, [
      ['Flow Temperature', '46'],
      ['Return Temperature', '41'],
      ['Flow Rate', '2.5'],
    ]),
  );
  await check.next();

  await check.expectStep(4, 'Tertiary System Checks');
  await typeAlong(
    page,
    ROOMS.map(([room, value]) => [check.room(room), value]),
  );
  await check.next();

  await check.expectStep(5, 'Heating Checks');
  await typeAlong(page, [
    ...labelled(page, [
      ['Tertiary (Secondary) Flow Temperature', '52'],
      ['Tertiary (Secondary) Return Temperature', '42'],
      ['Primary Flow Temperature', '65'],
      ['Primary Return Temperature', '55'],
      ['Power Consumption', '10'],
    ]),
    ...(extra.heating ?? []),
  ]);
  await check.next();

  await check.expectStep(6, 'DHW Checks');
  await typeAlong(page, labelled(page, [['CWS Temperature', '12']]));
  await check.yesNo('DHW reached 45°C within 45 seconds').yes.click();
  await typeAlong(page, [
    ...labelled(page, [
      ['DHW at Kitchen Tap (after 60 seconds)', '47'],
      ['Primary Flow Temperature', '60'],
      ['Primary Return Temperature', '50'],
      ['DHW Power Consumption', '15'],
    ]),
    ...(extra.dhw ?? []),
  ]);
  await extra.rest?.(page, check);
  await check.next('Review & Submit');
  await check.expectStep(8, 'Review & Submit');
}

test('a standard check, home to submitted', async ({ engineerPage: page, createSite }) => {
  test.setTimeout(240_000);
  const { site, properties } = await createSite({ properties: 1 });
  const check = new CheckJourney(page);
  await check.start(site, properties[0]!);
  await walk(page, check, {
    rest: async () => {
      await check.next();
      await check.expectStep(7, 'Photos & Signature');
      await check.addPhoto();
      await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible();
      await typeAlong(page, [[page.getByLabel('Label for photo 1'), 'HIU front']]);
      await check.sign();
      await typeAlong(
        page,
        labelled(page, [
          ['Meter End Reading', '1240.2'],
          ['Remote Cut Off Valve Serial', '12345'],
        ]),
      );
      await check.yesNo('Heating controller set correctly').yes.click();
    },
  });
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

  await walk(page, check, {
    basicInfo: pack(page, [
      'meterMake',
      'meterModel',
      'meterSerial',
      'dhwSetPoint',
      'dhwSetPointTolerance',
      'heatingSetPoint',
      ...meterSet('baseline'),
    ]),
    step1Answers: ['Heat meter accessible to the occupant'],
    step2: async () => {
      await typeAlong(
        page,
        pack(page, ['staticFlowPressure', 'staticReturnPressure', 'differentialPressure', 'dpcvSetting']),
      );
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
    },
    heating: pack(page, meterSet('heatingPeak').slice(0, 4)),
    dhw: pack(page, ['kitchenTapFlow', 'peakReturn', 'peakDeliveredTemp', ...meterSet('dhwPeak').slice(0, 5)]),
    rest: async () => {
      await check.yesNo('Cold-down test done (primary isolated, hot tap run 3 minutes)').yes.click();
      await typeAlong(page, pack(page, ['coldDownTapTemp']));
      await check.next();

      await check.expectStep(7, 'Photos & Signature');
      for (const [i, label] of ['HIU data badge', 'Heat meter with reading', 'Strainer', 'Labels'].entries()) {
        await check.addPhoto(`photo-${i}.jpg`);
        await expect(page.getByRole('img', { name: `Photo ${i + 1}` })).toBeVisible();
        await typeAlong(page, [[page.getByLabel(`Label for photo ${i + 1}`), label]]);
      }
      await check.sign();
      await typeAlong(page, [
        ...labelled(page, [
          ['Meter End Reading', '1240.2'],
          ['Remote Cut Off Valve Serial', '12345'],
        ]),
        ...pack(page, ['finalEnergy']),
      ]);
      await check.yesNo('Heating controller set correctly').yes.click();
      for (const answer of ['Filling loop disconnected', 'HIU casing fitted', 'Manuals left with the occupant'])
        await check.yesNo(answer).yes.click();
    },
  });
  await check.button('Submit Report').click();
  await expect(page).toHaveURL(/\/$/);
  record('cp1-ts1', await effortOf(page));
});
