import { createElement, Suspense, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyComponent } from './lazy-component';

type StepProps = { name: string };
const Step: ComponentType<StepProps> = ({ name }) => createElement('h1', null, `Step ${name}`);
const page = (Component: ComponentType<StepProps>) =>
  renderToString(
    createElement(
      Suspense,
      { fallback: createElement('p', null, 'Loading') },
      createElement(Component, { name: 'DHW' }),
    ),
  );

describe('lazyComponent', () => {
  it('shows the fallback while the code has not come', () => {
    const step = lazyComponent(() => new Promise<ComponentType<StepProps>>(() => undefined));
    expect(page(step.Component)).toContain('Loading');
    expect(page(step.Component)).not.toContain('Step DHW');
  });

  it('draws the screen at once, with its props, once its code has been fetched ahead', async () => {
    let fetches = 0;
    const step = lazyComponent(async () => {
      fetches++;
      return Step;
    });
    await step.preload();
    const html = page(step.Component);
    expect(html).toContain('Step DHW');
    expect(html).not.toContain('Loading');
    expect(fetches).toBe(1);
  });

  it('a failed early fetch leaves the screen to fetch its code again', async () => {
    let fail = true;
    const step = lazyComponent(async () => {
      if (fail) throw new Error('offline');
      return Step;
    });
    await expect(step.preload()).resolves.toBeUndefined();
    fail = false;
    await step.preload();
    expect(page(step.Component)).toContain('Step DHW');
  });
});
