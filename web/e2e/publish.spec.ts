// Publishing from the editor and an entry's history, against a real `sitegen serve` in
// a clone of a bare repository of each test's own (e2e/editor-site.ts): what an editor
// sees, and what reaches the remote.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { axeViolations } from './catalogue-axe';
import { expect, git, test } from './editor-site';

test.use({ repository: true });

const form = (page: Page) => page.locator('form.entry-form');
const title = (page: Page) => form(page).getByRole('textbox', { name: 'Title', exact: true });

async function openProduct(page: Page, id: number) {
  await page.goto(`/_edit?file=products.toml&entry=${id}`);
  await expect(title(page)).not.toHaveValue('');
}

test('an edited product is listed in editors’ words, published to the remote, and the success shown', async ({ page, site }) => {
  const remote = site.remote!;
  const before = git(remote, 'rev-parse', 'main');
  await openProduct(page, 17);
  await title(page).fill('Hemodialysis Machine Mark II');
  await form(page).getByRole('button', { name: 'Save', exact: true }).first().click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved products.toml.' })).toBeVisible();

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const view = page.getByRole('region', { name: 'Publish' });
  await expect(view.getByRole('heading', { name: 'Publish', exact: true })).toBeFocused();
  await expect(view.getByRole('heading', { name: 'What will be published: 1 change, to origin/main' })).toBeVisible();
  await expect(view.getByRole('listitem')).toHaveText(['Product 17 · Hemodialysis Machine Mark II: title']);
  await expect(view.getByRole('textbox', { name: 'Message' })).toHaveValue('content: Product 17 · Hemodialysis Machine Mark II: title');
  // git has no author here: asked once.
  const who = view.getByRole('group', { name: /Who is publishing/ });
  await expect(who).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // By keyboard: the name, the address, then the Publish button.
  await who.getByRole('textbox', { name: 'Your name' }).focus();
  await page.keyboard.type('Ada Editor');
  await page.keyboard.press('Tab');
  await page.keyboard.type('ada@example.com');
  await page.keyboard.press('Tab');
  await expect(view.getByRole('button', { name: 'Publish these changes' })).toBeFocused();
  await page.keyboard.press('Enter');

  const done = view.getByRole('status').filter({ hasText: /^Published 1 change to origin\/main as [0-9a-f]{7}\.$/ });
  await expect(done).toBeVisible({ timeout: 20_000 });
  const published = git(remote, 'rev-parse', 'main');
  expect(published).not.toBe(before);
  await expect(done).toContainText(published.slice(0, 7));
  expect(git(remote, 'log', '-1', '--format=%an <%ae>|%s', 'main')).toBe('Ada Editor <ada@example.com>|content: Product 17 · Hemodialysis Machine Mark II: title');
  expect(git(remote, 'show', '--name-only', '--format=', 'main')).toBe('content/products.toml');
  expect(await axeViolations(page)).toEqual([]);
});

test('an older version from the History is restored into the form, to save like any edit', async ({ page, site }) => {
  // A colleague's published rename of 17, and a change of another product after it.
  site.write('products.toml', site.read('products.toml').replace('title = "Hemodialysis Machine"\n', 'title = "Renamed by a colleague"\n'));
  git(site.work, '-c', 'user.name=Colleague', '-c', 'user.email=c@example.com', 'commit', '-qam', 'rename the dialysis machine');
  site.write('products.toml', site.read('products.toml').replace('title = "Hemodialysis Machine with Online HDF"\n', 'title = "Online HDF"\n'));
  git(site.work, '-c', 'user.name=Colleague', '-c', 'user.email=c@example.com', 'commit', '-qam', 'rename 18');
  git(site.work, 'push', '-q');

  await openProduct(page, 17);
  await expect(title(page)).toHaveValue('Renamed by a colleague');
  await page.getByText('History', { exact: true }).click();
  const versions = page.getByRole('list', { name: 'History' }).getByRole('listitem');
  // Only the commits that changed 17: not the rename of 18.
  await expect(versions).toHaveCount(2);
  await expect(versions.nth(0)).toContainText('rename the dialysis machine');
  await expect(versions.nth(0)).toContainText('Colleague, ');
  await expect(versions.nth(1)).toContainText('content');
  await expect(versions.nth(1)).toContainText('Seed, ');
  expect(await axeViolations(page)).toEqual([]);

  const restore = versions.nth(1).getByRole('button', { name: /^Restore this version/ });
  await restore.focus();
  await page.keyboard.press('Enter');
  await expect(title(page)).toHaveValue('Hemodialysis Machine');
  await expect(form(page).getByText('Unsaved edits.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /is in the form: save it to keep it/ })).toBeVisible();
  // Nothing is written until saved.
  expect(site.read('products.toml')).toContain('title = "Renamed by a colleague"\n');
  await form(page).getByRole('button', { name: 'Save', exact: true }).first().click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved products.toml.' })).toBeVisible();
  expect(site.read('products.toml')).toContain('id = 17\ntitle = "Hemodialysis Machine"\n');
  expect(site.read('products.toml')).toContain('title = "Online HDF"\n');
});

/** A colleague's clone of the remote publishes `title` as product 17's title. */
function colleaguePublishesTitle(site: { remote: string | null; work: string }, title: string) {
  const remote = site.remote!;
  const clone = `${remote}-colleague`;
  git(site.work, 'clone', '-q', `file://${remote}`, clone);
  const products = `${clone}/content/products.toml`;
  writeFileSync(products, readFileSync(products, 'utf8').replace('title = "Hemodialysis Machine"\n', `title = "${title}"\n`));
  git(clone, '-c', 'user.name=Colleague', '-c', 'user.email=c@example.com', 'commit', '-qam', 'their title');
  git(clone, 'push', '-q');
  rmSync(clone, { recursive: true, force: true });
}

async function publishTitleAgainstTheirs(page: Page, site: { remote: string | null; work: string }) {
  git(site.work, 'config', 'user.name', 'Ada Editor');
  git(site.work, 'config', 'user.email', 'ada@example.com');
  colleaguePublishesTitle(site, 'Theirs');
  await openProduct(page, 17);
  await title(page).fill('Mine');
  await form(page).getByRole('button', { name: 'Save', exact: true }).first().click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved products.toml.' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const view = page.getByRole('region', { name: 'Publish' });
  await expect(view.getByText('Published as Ada Editor <ada@example.com>.')).toBeVisible();
  await view.getByRole('button', { name: 'Publish these changes' }).click();
  const refusal = view.getByRole('alert');
  await expect(refusal.getByRole('heading', { name: 'Not published: a colleague changed the same value (E1107)' })).toBeVisible({ timeout: 20_000 });
  await expect(refusal).toContainText('keep yours');
  const panel = view.locator('.conflict-panel');
  await expect(panel.locator('.conflict-field')).toHaveText('Product 17 · Mine: title');
  await expect(panel.locator('dd')).toHaveText(['Mine', 'Theirs']);
  return { view, panel };
}

test('a value a colleague published too shows both; Keep mine publishes mine over theirs', async ({ page, site }) => {
  const { view, panel } = await publishTitleAgainstTheirs(page, site);
  const theirs = git(site.remote!, 'rev-parse', 'main');
  // Nothing pushed; my edit is still on disk.
  expect(site.read('products.toml')).toContain('id = 17\ntitle = "Mine"\n');
  expect(await axeViolations(page)).toEqual([]);
  await panel.getByRole('button', { name: /^Keep mine/ }).click();
  await expect(view.getByRole('status').filter({ hasText: /^Published 1 change to origin\/main as [0-9a-f]{7}\. A colleague’s changes/ })).toBeVisible({ timeout: 20_000 });
  expect(git(site.remote!, 'rev-parse', 'main^')).toBe(theirs);
  expect(git(site.remote!, 'show', 'main:content/products.toml')).toContain('id = 17\ntitle = "Mine"\n');
});

test('Take theirs saves the colleague’s value here instead of mine', async ({ page, site }) => {
  const { view, panel } = await publishTitleAgainstTheirs(page, site);
  await panel.getByRole('button', { name: /^Take theirs/ }).click();
  await expect(view.getByRole('status').filter({ hasText: 'Your colleague’s values are saved here instead of yours.' })).toBeVisible();
  await expect.poll(() => site.read('products.toml')).toContain('id = 17\ntitle = "Theirs"\n');
  await expect(view.locator('.conflict-panel')).toHaveCount(0);
});
