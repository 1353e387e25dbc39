import 'fake-indexeddb/auto';
import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { describe, expect, it, vi } from 'vitest';
import { emptyWizardData } from '@hiu/domain';
import { openDeviceStore } from './device-store';
import { writeLocalCache } from './local-cache';
import { useWizard, WizardProvider } from './wizard-provider';
import { useRanges } from '../lib/use-ranges';
import { SaveBadge } from './save-badge';
import { FakeServer, MemoryStorage, USER } from './test-helpers';
import { WizardController } from './wizard-controller';
import { initialWizardState } from './wizard-state';

function Address() {
  const { state, hasUnsavedWork } = useWizard();
  const ranges = useRanges();
  return createElement(
    'p',
    null,
    `${state.wizardData.address}|${state.currentStep}|${hasUnsavedWork()}|${ranges.standbyFlowTemp.min}`,
  );
}

async function controllerWithCachedCheck() {
  const storage = new MemoryStorage();
  writeLocalCache(storage, {
    ...initialWizardState(USER.id),
    currentStep: 'dhw',
    wizardData: { ...emptyWizardData(), address: '1 High Street' },
  });
  return new WizardController({
    store: await openDeviceStore(`test-${crypto.randomUUID()}`),
    transport: new FakeServer(),
    storage,
    notify: { success: () => undefined, error: () => undefined },
    isOnline: () => false,
    compress: async (b) => b,
  });
}

function signedInTree(controller: WizardController, child: ReactNode) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['/api/auth/me'], USER);
  return createElement(Router, {
    ssrPath: '/check/dhw',
    children: createElement(
      QueryClientProvider,
      { client: queryClient },
      createElement(WizardProvider, { controller, children: child }),
    ),
  });
}

describe('WizardProvider', () => {
  it('refuses to be used outside its provider', () => {
    expect(() => renderToString(createElement(Address))).toThrow('useWizard must be used within a WizardProvider');
    expect(() => renderToString(createElement(SaveBadge))).toThrow('useWizard must be used within a WizardProvider');
  });

  it('shows the cached check once restored, with the step the engineer was on', async () => {
    const c = await controllerWithCachedCheck();
    c.setUser(USER);
    await vi.waitFor(() => expect(c.getSnapshot().hydrated).toBe(true));
    const html = renderToString(signedInTree(c, createElement(Address)));
    expect(html).toContain('1 High Street|dhw|true|45');
  });
});

describe('SaveBadge', () => {
  it('is a polite live region, empty while idle', async () => {
    const c = await controllerWithCachedCheck();
    const html = renderToString(signedInTree(c, createElement(SaveBadge)));
    expect(html).toMatch(/role="status"/);
    expect(html).toMatch(/aria-live="polite"/);
    expect(html).not.toMatch(/Saving|Saved|saved|failed/);
  });

  it.each([
    ['saving', 'Saving...'],
    ['saved-local', 'Saved locally'],
    ['saved-server', 'Saved to cloud'],
    ['error', 'Save failed - cached locally'],
  ] as const)('says "%s" as %s, fixed at the top right', async (status, text) => {
    const c = await controllerWithCachedCheck();
    if (status === 'saving') c.saveStatus.saving();
    else c.saveStatus.settle(status);
    const html = renderToString(signedInTree(c, createElement(SaveBadge)));
    expect(html).toContain(text);
    expect(html).toMatch(/fixed top-2 right-2/);
    // Tapping it opens the outbox.
    expect(html).toMatch(/<a [^>]*href="\/check\/outbox"/);
    c.dispose();
  });
});
