import { expect, test, unique } from './fixtures';

test.describe('first run, users and roles', () => {
  test('the first admin adds an engineer, who is refused the admin area', async ({ page, freshApp }) => {
    test.slow(); // a whole journey with three password hashes, on its own server
    const at = (path: string) => new URL(path, freshApp.baseURL).toString();
    const admin = { name: 'Olivia Office', email: `${unique('boss')}@example.com`, password: 'first-admin-pass' };
    const engineer = { name: 'Sam Sparks', email: `${unique('sam')}@example.com`, password: 'engineer-pass-1' };

    await test.step('an empty app offers to create the first admin', async () => {
      await page.goto(at('/'));
      await expect(page).toHaveURL(at('/setup'));
      await expect(page.getByRole('heading', { name: 'Create the first admin account' })).toBeVisible();
    });

    await test.step('create the first admin, who lands on the admin area', async () => {
      await page.getByLabel('Your name').fill(admin.name);
      await page.getByLabel('Email').fill(admin.email);
      await page.getByLabel('Password').fill(admin.password);
      await page.getByRole('button', { name: 'Create admin account' }).click();
      await expect(page).toHaveURL(/\/admin(\/|$)/);
      await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
      await expect(page.getByText(`${admin.name} (admin)`)).toBeVisible();
    });

    await test.step('add an engineer on the Users screen', async () => {
      await page.goto(at('/admin/users'));
      await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
      await page.getByRole('button', { name: 'Add User' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add User' });
      await dialog.getByLabel('Name').fill(engineer.name);
      await dialog.getByLabel('Email').fill(engineer.email);
      await expect(dialog.getByLabel('Role')).toHaveValue('engineer');
      await dialog.getByLabel('Password').fill(engineer.password);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText('User added')).toBeVisible();
      const row = page.getByRole('listitem').filter({ hasText: engineer.email });
      await expect(row).toContainText(engineer.name);
      await expect(row).toContainText(/engineer/i);
    });

    await test.step('sign out', async () => {
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page).toHaveURL(at('/sign-in'));
      // Signed out means signed out on the server too, not just a hidden menu.
      expect((await page.request.get(at('/api/auth/me'))).status()).toBe(401);
    });

    await test.step('sign in as the engineer', async () => {
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await page.getByLabel('Email').fill(engineer.email);
      await page.getByLabel('Password').fill(engineer.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(at('/'));
      await expect(page.getByText(engineer.name, { exact: true })).toBeVisible();
      await expect(page.getByText(`${engineer.name} (admin)`)).toHaveCount(0);
      // The admin's last message ("Sam Sparks can now sign in...", 5 s) went with the admin's sign-out.
      expect(await page.getByText(`${engineer.name} can now sign in`).count()).toBe(0);
    });

    await test.step('the engineer is refused the admin area', async () => {
      await page.goto(at('/admin/sites'));
      await expect(page.getByRole('heading', { name: 'Admins only' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Admin Panel' })).toHaveCount(0);
      expect((await page.request.get(at('/api/users'))).status()).toBe(403);
    });
  });
});

test.describe('fixtures', () => {
  test('a signed-out visitor is sent to sign in, not to first-run set-up', async ({ page }) => {
    await page.goto('/admin/sites');
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fadmin%2Fsites$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  test('a signed-out visit to home paints sign-in at once and loads none of the engineer screens, then comes back', async ({
    page,
    engineer,
  }) => {
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await page.goto('/check/dhw');
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fcheck%2Fdhw$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    // Editable once the app has rendered sign-in (the painted shell is inert): the router has chosen by then.
    await expect(page.getByLabel('Email')).toBeEditable();
    expect(scripts.filter((s) => /engineer-area|home-page|check-routes|wizard/.test(s))).toEqual([]);
    await page.goto('/');
    await expect(page).toHaveURL(/\/sign-in\?next=%2F$/);
    await page.getByLabel('Email').fill(engineer.email);
    await page.getByLabel('Password').fill(engineer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Start New Check' })).toBeVisible();
  });

  test('an engineer page is signed in as its own engineer and refused admin calls', async ({
    engineerPage,
    engineer,
  }) => {
    await engineerPage.goto('/');
    await expect(engineerPage.getByText(engineer.name)).toBeVisible();
    expect((await engineerPage.request.get('/api/users')).status()).toBe(403);
  });

  test('the admin page sees users the admin API created', async ({ adminPage, createUser }) => {
    const made = await createUser({ name: `Nia ${unique()}` });
    await adminPage.goto('/admin/users');
    await expect(adminPage.getByRole('listitem').filter({ hasText: made.email })).toContainText(made.name);
  });

  test('createSite makes a site with its properties that engineers can read', async ({ createSite, engineerPage }) => {
    const { site, properties } = await createSite({ buildingTypes: ['2b4p'], properties: 2 });
    expect(properties.map((p) => p.propertyType)).toEqual(['2b4p', '2b4p']);
    const res = await engineerPage.request.get(`/api/properties?siteId=${site.id}`);
    expect(res.status()).toBe(200);
    const listed = (await res.json()) as { items: { address: string }[]; total: number };
    expect(listed.total).toBe(2);
    expect(listed.items.map((p) => p.address).sort()).toEqual(properties.map((p) => p.address).sort());
  });
});

test.describe('sign-in refused for now', () => {
  // The server limits sign-in attempts (429) and how many passwords it checks at once (503, decision 110).
  test('the form says why and how long to wait', async ({ page }) => {
    const answers: { status: number; contentType: string; headers: Record<string, string>; body: string }[] = [
      {
        status: 429,
        contentType: 'application/json',
        headers: { 'Retry-After': '600' },
        body: JSON.stringify({
          error: { code: 'rate_limited', message: 'Too many sign-in attempts. Please wait 10 minutes and try again.' },
        }),
      },
      {
        status: 503,
        contentType: 'application/json',
        headers: { 'Retry-After': '5' },
        body: JSON.stringify({
          error: { code: 'busy', message: 'The server is busy signing people in. Please try again in a few seconds.' },
        }),
      },
      // A load balancer's own answer, with no JSON.
      { status: 503, contentType: 'text/plain', headers: {}, body: 'Service Unavailable' },
    ];
    const shown = [
      'Too many sign-in attempts. Please wait 10 minutes and try again.',
      'The server is busy signing people in. Please try again in a few seconds.',
      'The server is busy. Please wait a minute and try again.',
    ];
    await page.goto('/sign-in');
    for (const [i, answer] of answers.entries()) {
      // Every try gets the answer: a "busy" one is tried twice more (1 s, then 2 s later) before it is shown.
      let tries = 0;
      await page.route('**/api/auth/login', (route) => (tries++, route.fulfill(answer)));
      await page.getByLabel('Email').fill('eng@example.com');
      await page.getByLabel('Password').fill('a password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert')).toHaveText(shown[i]!);
      expect(tries).toBe(answer.status === 503 ? 3 : 1);
      await expect(page).toHaveURL(/\/sign-in/);
      await page.unroute('**/api/auth/login');
    }
  });
});
