import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { expectToast, searchSites, siteCard } from './admin-model';

test.describe('Site members', () => {
  test('an admin sees who belongs to a site, adds a supervisor and takes an engineer off after confirming', async ({
    adminPage: page,
    createUser,
    createSite,
  }) => {
    const engineer = await createUser();
    const supervisor = await createUser({ role: 'supervisor' });
    const { site } = await createSite();

    await page.goto('/admin/sites');
    await searchSites(page, site.name);
    await siteCard(page, site.name)
      .getByRole('button', { name: `Members of ${site.name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Members of ${site.name}` });
    const members = dialog.getByRole('list', { name: 'Members' });

    await test.step('a new site starts with every active engineer', async () => {
      await expect(members).toContainText(engineer.name);
      await expect(members).toContainText('Engineer');
      await expect(members).not.toContainText(supervisor.name);
    });

    await test.step('the dialog passes axe (WCAG 2.1 AA)', async () => {
      const { violations } = await new AxeBuilder({ page })
        .include('[role="dialog"]')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(violations.map((v) => v.id)).toEqual([]);
    });

    await test.step('Add Member with nobody chosen says whom to choose, beside the field', async () => {
      await dialog.getByRole('button', { name: 'Add Member' }).click();
      await expect(dialog.getByText('Choose a person to add')).toBeVisible();
      await expect(dialog.getByLabel('Add a member')).toBeFocused();
    });

    await test.step('Add a member: the supervisor is listed with their role', async () => {
      await dialog.getByLabel('Add a member').selectOption({ label: `${supervisor.name} (Supervisor)` });
      await dialog.getByRole('button', { name: 'Add Member' }).click();
      await expectToast(page, 'Member added', `${supervisor.name} can now see ${site.name}`);
      await expect(members).toContainText(supervisor.name);
      await expect(members).toContainText('Supervisor');
    });

    await test.step('Remove asks first; Cancel keeps the engineer, Remove Member takes them off', async () => {
      await members.getByRole('button', { name: `Remove ${engineer.name} from ${site.name}` }).click();
      const confirm = page.getByRole('alertdialog', { name: `Remove ${engineer.name}?` });
      await expect(confirm).toContainText('Their submitted reports are kept.');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(members).toContainText(engineer.name);
      await members.getByRole('button', { name: `Remove ${engineer.name} from ${site.name}` }).click();
      await page
        .getByRole('alertdialog', { name: `Remove ${engineer.name}?` })
        .getByRole('button', { name: 'Remove Member' })
        .click();
      await expectToast(page, 'Member removed');
      await expect(members).not.toContainText(engineer.name);
    });

    await test.step('the server agrees: the supervisor belongs, the engineer does not', async () => {
      const res = await page.request.get(`/api/sites/${site.id}/members`);
      const ids = ((await res.json()) as { userId: string }[]).map((m) => m.userId);
      expect(ids).toContain(supervisor.id);
      expect(ids).not.toContain(engineer.id);
    });
  });
});
