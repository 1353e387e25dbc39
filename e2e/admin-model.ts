import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** The toast in front (one is shown at a time): its title and description. */
export function frontToast(page: Page): Locator {
  return page.locator('[data-sonner-toast][data-front="true"]');
}

export async function expectToast(page: Page, title: string, description?: string | RegExp) {
  const toast = frontToast(page);
  await expect(toast).toContainText(title);
  if (description) await expect(toast).toContainText(description);
}

/** The Admin Panel chrome every admin tab shares (docs/product.md#admin-panel). */
export async function expectAdminChrome(page: Page, current: 'Sites' | 'Properties' | 'Design Parameters') {
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
  await expect(page.getByText('Manage sites, properties and design parameters')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/admin/reports');
  await expect(page.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  const tabs = page.getByRole('navigation', { name: 'Admin sections' });
  const links: [string, string][] = [
    ['Sites', '/admin/sites'],
    ['Properties', '/admin/properties'],
    ['Design Parameters', '/admin/design-parameters'],
    ['Users', '/admin/users'],
  ];
  for (const [name, href] of links) {
    await expect(tabs.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await expect(tabs.getByRole('link', { name: current, exact: true })).toHaveAttribute('aria-current', 'page');
}

/** Finds a site on the Sites tab through the server search (other tests' sites share the list). */
export async function searchSites(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search sites' }).fill(text);
}

export function siteCard(page: Page, name: string): Locator {
  return page
    .getByRole('list', { name: 'Sites' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** Picks a site in a Select Site dropdown, narrowing the list with its search box first. */
export async function chooseSite(page: Page, site: { name: string; location: string }) {
  await page.getByRole('searchbox', { name: 'Search sites' }).fill(site.name);
  const select = page.getByRole('combobox', { name: 'Select Site' });
  const option = `${site.name} (${site.location})`;
  await expect(select.getByRole('option', { name: option })).toBeAttached();
  await select.selectOption({ label: option });
}

/** A CSV file for the bulk upload's file input. */
export const csvFile = (text: string, name = 'sites.csv') => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(text),
});
