// The browser editor at /_edit, against a real `sitegen serve` of a content copy of
// each test's own (e2e/editor-site.ts): what an editor does, and what reaches the files.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { axeViolations } from './catalogue-axe';
import { expect, test } from './editor-site';

/** The lines of `after` that differ from `before`'s (both of the same length). */
function changedLines(before: string, after: string): string[] {
  const old = before.split('\n');
  const now = after.split('\n');
  expect(now).toHaveLength(old.length);
  return now.filter((line, index) => line !== old[index]);
}

async function openProduct(page: Page, id: number) {
  await page.goto(`/_edit?file=products.toml&entry=${id}`);
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).not.toHaveValue('');
  // The categories come in a request of their own: the form is whole once they are there.
  await expect(form(page).getByRole('combobox', { name: 'Category', exact: true }).getByRole('option', { name: 'Dialysis Products' })).toBeAttached();
}

/** Types `value` into the form's Title and waits until the form counts it as an edit. */
async function editTitle(page: Page, value: string) {
  const title = form(page).getByRole('textbox', { name: 'Title', exact: true });
  await title.fill(value);
  await expect(title).toHaveValue(value);
  await expect(save(page)).toBeEnabled();
}

const form = (page: Page) => page.locator('form.entry-form');
const save = (page: Page) => form(page).getByRole('button', { name: 'Save', exact: true }).first();

test('a changed title saves that one line of products.toml, and the preview shows it', async ({ page, site }) => {
  const before = site.read('products.toml');
  await openProduct(page, 17);
  await editTitle(page, 'Hemodialysis Machine Mark II');
  await save(page).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved products.toml.' })).toBeVisible();
  expect(changedLines(before, site.read('products.toml'))).toEqual(['title = "Hemodialysis Machine Mark II"']);
  // serve rebuilds and its live reload refreshes the framed page.
  const preview = page.frameLocator('iframe[title^="Preview of /products/17/"]');
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText('Hemodialysis Machine Mark II', { timeout: 30_000 });
});

test('an unknown category shows E0202 at the field with its hint, and nothing is written', async ({ page, site }) => {
  // An edit made outside the editor (a code editor, say) left a typo in the file.
  site.write('products.toml', site.read('products.toml').replace(/(id = 17\n(?:.*\n){2})category = "dialysis"/, '$1category = "dialisys"'));
  const before = site.read('products.toml');
  expect(before).toContain('category = "dialisys"');
  await openProduct(page, 17);
  await editTitle(page, 'Renamed');
  await save(page).click();

  const problems = page.locator('#field-category-problems');
  await expect(problems).toContainText('E0202');
  await expect(problems).toContainText('unknown category');
  await expect(problems).toContainText('did you mean "dialysis"?');
  await expect(form(page).getByRole('combobox', { name: 'Category', exact: true })).toHaveAttribute('aria-invalid', 'true');
  // The list of all problems links to the field.
  const list = page.getByRole('region', { name: 'Not saved: fix these first' });
  await list.getByRole('link', { name: /products\.toml:\d+:\d+, entry 17, category/ }).click();
  await expect(form(page).getByRole('combobox', { name: 'Category', exact: true })).toBeFocused();
  // Nothing written, and the edit is still in the form.
  expect(site.read('products.toml')).toBe(before);
  await expect(form(page).getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Renamed');
  expect(await axeViolations(page)).toEqual([]);
});

test("the preview's error overlay leaves the keyboard in the form", async ({ page, site }) => {
  await openProduct(page, 17);
  const title = form(page).getByRole('textbox', { name: 'Title', exact: true });
  await title.fill('');
  await title.pressSequentially('Ren');
  // A typo made elsewhere fails the build: the framed page shows why, over itself.
  site.write('products.toml', site.read('products.toml').replace(/(id = 17\n(?:.*\n){2})category = "dialysis"/, '$1category = "dialisys"'));
  const preview = page.frameLocator('iframe[title^="Preview of /products/17/"]');
  await expect(preview.getByRole('alertdialog', { name: 'The build failed' })).toBeVisible({ timeout: 30_000 });
  await page.keyboard.type('amed');
  await expect(title).toBeFocused();
  await expect(title).toHaveValue('Renamed');
});

test("a title of spaces breaks the schema's pattern: said at the field, and no save is sent", async ({ page, site }) => {
  const before = site.read('products.toml');
  await openProduct(page, 17);
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.url().includes('/_edit/api/')) saves.push(request.url());
  });
  await editTitle(page, '   ');
  await save(page).click();
  await expect(page.locator('#field-title-problems')).toContainText('Title must not be empty or only spaces.');
  const title = form(page).getByRole('textbox', { name: 'Title', exact: true });
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await expect(title).toBeFocused();
  expect(saves).toEqual([]);
  expect(site.read('products.toml')).toBe(before);
  // Fixed, the message goes and the save is sent.
  await editTitle(page, 'Hemodialysis Machine Mark III');
  await expect(page.locator('#field-title-problems')).toHaveCount(0);
  await save(page).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved products.toml.' })).toBeVisible();
});

test("the site's other warnings show once, apart from a save's own", async ({ page }) => {
  await openProduct(page, 17);
  await editTitle(page, 'Hemodialysis Machine Mark II');
  await save(page).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved products.toml.' })).toBeVisible();
  // The content's placeholders are not this save's doing.
  const others = page.getByRole('region', { name: /warnings elsewhere in the site, not from this save/ });
  await expect(others).toBeVisible();
  await expect(others.getByRole('listitem')).toHaveCount(10);
  await expect(page.getByRole('region', { name: 'Saved, with warnings' })).toHaveCount(0);
  // The next save does not repeat them.
  await editTitle(page, 'Hemodialysis Machine Mark III');
  await save(page).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved products.toml.' })).toBeVisible();
  await expect(others).toHaveCount(0);
});

test('a value changed on disk meanwhile is shown beside mine, and mine can be saved over it', async ({ page, site }) => {
  await openProduct(page, 17);
  await editTitle(page, 'Mine');
  site.write('products.toml', site.read('products.toml').replace('title = "Hemodialysis Machine"\n', 'title = "Theirs"\n'));
  await save(page).click();

  const conflict = page.getByRole('region', { name: /changed on disk/ });
  await expect(conflict).toContainText('Theirs');
  await expect(conflict).toContainText('Mine');
  expect(site.read('products.toml')).toContain('title = "Theirs"\n');
  await conflict.getByRole('button', { name: 'Save mine over the disk' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved products.toml.' })).toBeVisible();
  expect(site.read('products.toml')).toContain('id = 17\ntitle = "Mine"\n');
});

test('edits typed while the form reads its entry again stay, and save', async ({ page, site }) => {
  await openProduct(page, 17);
  await editTitle(page, 'First title');
  // After a save the form reads its entry again: that answer is held while typing goes on.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_edit\/api\/entry\?/, async (route) => {
    await held;
    await route.continue();
  });
  await save(page).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved products.toml.' })).toBeVisible();
  await editTitle(page, 'Second title');
  // Meanwhile another entry of the same file changes on disk.
  site.write('products.toml', site.read('products.toml').replace('title = "Hemodialysis Machine with Online HDF"\n', 'title = "Theirs"\n'));
  release();
  // The answer has arrived once the preview shows the saved title's page.
  await expect(page.locator('iframe[title^="Preview of /products/17/first-title"]')).toBeAttached();
  await expect(form(page).getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Second title');
  await expect(form(page).getByText('Unsaved edits.')).toBeVisible();
  await save(page).click();
  await expect.poll(() => site.read('products.toml')).toContain('id = 17\ntitle = "Second title"\n');
  expect(site.read('products.toml')).toContain('id = 18\ntitle = "Theirs"\n');
});

test('an uploaded image can be picked and saved', async ({ page, site }) => {
  await openProduct(page, 17);
  const image = form(page).getByRole('textbox', { name: /^Image/ });
  const choose = form(page).getByRole('button', { name: /^Choose… Image/ });
  await choose.click();
  const picker = page.getByRole('dialog', { name: /Choose an image/ });
  const png = readFileSync(path.join(import.meta.dirname, '../../content/media/brand/og-image.png'));
  await picker.getByLabel(/Upload an image/).setInputFiles({ name: 'E2E Photo.png', mimeType: 'image/png', buffer: png });
  // Uploading picks it and closes the picker; the name is made safe.
  await expect(picker).toBeHidden();
  await expect(image).toHaveValue(/^media\/e2e.photo\.png$/);
  await expect(form(page).locator('img.media-thumb')).toHaveJSProperty('complete', true);
  // The thumbnail's address carries the token that media files need.
  expect(await form(page).locator('img.media-thumb').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await save(page).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved products.toml.' })).toBeVisible();
  const saved = (await image.inputValue()).replace(/^media\//, '');
  expect(readFileSync(path.join(site.content, 'media', saved)).equals(png)).toBe(true);
  expect(site.read('products.toml')).toContain(`image = "media/${saved}"`);
  // It now shows in the picker.
  await choose.click();
  await expect(page.getByRole('dialog').getByRole('button', { name: saved })).toHaveAttribute('aria-pressed', 'true');
});

/**
 * A phone's 12-megapixel photo of about 10 MB: 4032×3024 pixels of noise over a
 * gradient, encoded by the browser as a JPEG at the quality that lands it between 9 and
 * 10 MB, with an EXIF block saying orientation 6 (turn a quarter clockwise), the way a
 * phone stores a portrait photo. Shown upright, it is portrait.
 */
async function sidewaysPhonePhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const [width, height] = [4032, 3024];
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d')!;
    const pixels = context.createImageData(width, height);
    let seed = 0x2545f491;
    for (let at = 0; at < pixels.data.length; at += 4) {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      const x = (at / 4) % width;
      const noise = seed & 63;
      pixels.data[at] = (x * 200) / width + noise;
      pixels.data[at + 1] = 120 + noise;
      pixels.data[at + 2] = 60 + (noise >> 1);
      pixels.data[at + 3] = 255;
    }
    context.putImageData(pixels, 0, 0);
    const encode = (quality: number) =>
      new Promise<Blob>((resolve) => canvas.toBlob((blob) => resolve(blob!), 'image/jpeg', quality));
    let [low, high] = [0.3, 1];
    let blob = await encode(0.9);
    for (let step = 0; step < 10 && (blob.size < 9e6 || blob.size > 1e7); step++) {
      const quality = (low + high) / 2;
      blob = await encode(quality);
      if (blob.size > 1e7) high = quality;
      else low = quality;
    }
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = '';
    for (let at = 0; at < bytes.length; at += 0x8000) text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
    return btoa(text);
  });
  const jpeg = Buffer.from(base64, 'base64');
  // APP1 "Exif": a big-endian TIFF block whose one entry is Orientation (0x0112) = 6.
  const tiff = Buffer.from('4d4d002a00000008000101120003000000010006000000000000', 'hex');
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, 0, payload.length + 2]), payload]);
  // After the browser's JFIF segment (APP0), where phones put theirs.
  const afterJfif = 4 + jpeg.readUInt16BE(4);
  return Buffer.concat([jpeg.subarray(0, afterJfif), app1, jpeg.subarray(afterJfif)]);
}

test("a phone's 10 MB photo stored sideways uploads and shows upright in the picker and the preview", async ({ page, site }) => {
  test.setTimeout(120_000);
  await openProduct(page, 17);
  const photo = await sidewaysPhonePhoto(page);
  expect(photo.length).toBeGreaterThan(9e6);
  expect(photo.length).toBeLessThanOrEqual(1e7);
  const image = form(page).getByRole('textbox', { name: /^Image/ });
  const choose = form(page).getByRole('button', { name: /^Choose… Image/ });
  await choose.click();
  const picker = page.getByRole('dialog', { name: /Choose an image/ });
  await picker.getByLabel(/Upload an image/).setInputFiles({ name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(picker).toBeHidden({ timeout: 30_000 });
  await expect(image).toHaveValue(/^media\/img.0042\.jpg$/);
  const saved = (await image.inputValue()).replace(/^media\//, '');
  const upright = (img: HTMLImageElement) => img.complete && img.naturalHeight > img.naturalWidth && img.naturalWidth > 0;
  // The form's thumbnail and the picker's show the photo upright: portrait.
  await expect.poll(() => form(page).locator('img.media-thumb').evaluate(upright)).toBe(true);
  await choose.click();
  const inPicker = page.getByRole('dialog').getByRole('button', { name: saved });
  await inPicker.scrollIntoViewIfNeeded();
  await expect.poll(() => inPicker.locator('img').evaluate(upright)).toBe(true);
  // Picking it again closes the picker.
  await inPicker.click();
  await expect(picker).toBeHidden();
  await save(page).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved products.toml.' })).toBeVisible();
  expect(readFileSync(path.join(site.content, 'media', saved)).equals(photo)).toBe(true);
  // The preview's product page shows its WebP variant, turned upright by the build.
  const preview = page.frameLocator('iframe[title^="Preview of /products/17/"]');
  const shown = preview.locator('.product-detail picture > img.product-detail-image');
  await expect(shown).toHaveAttribute('height', '4032', { timeout: 60_000 });
  await expect.poll(() => shown.evaluate(upright), { timeout: 30_000 }).toBe(true);
  expect(await shown.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/img.0042\.\d+w\.[0-9a-f]+\.webp$/);
});

test('a bulk change sets the category of the selected products in one save', async ({ page, site }) => {
  const before = site.read('products.toml');
  await page.goto('/_edit?file=products.toml');
  await page.getByRole('searchbox', { name: 'Filter' }).fill('hemodialysis machine');
  await expect(page.getByRole('status').filter({ hasText: /^\d+ of \d+ entries/ })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select 17 Hemodialysis Machine', exact: true }).check();
  // Keyboard: the arrow moves to the next row's checkbox, Space selects it.
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('checkbox', { name: /^Select 18 / })).toBeFocused();
  await page.keyboard.press('Space');
  const bulk = page.getByRole('group', { name: 'Change the 2 selected together' });
  await bulk.getByRole('combobox', { name: 'Category', exact: true }).selectOption('ophthalmic');
  await bulk.getByRole('combobox', { name: 'Subcategory' }).selectOption('General');
  await bulk.getByRole('button', { name: 'Save for 2 selected' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved products.toml.' })).toBeVisible();
  expect(changedLines(before, site.read('products.toml'))).toEqual([
    'category = "ophthalmic"',
    'subcategory = "General"',
    'category = "ophthalmic"',
    'subcategory = "General"',
  ]);
  expect(await axeViolations(page)).toEqual([]);
});

test('the editor has no axe violations, and asks before leaving unsaved edits', async ({ page }) => {
  await page.goto('/_edit');
  await expect(page.getByRole('navigation', { name: 'Content files' }).getByRole('link')).not.toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await openProduct(page, 17);
  expect(await axeViolations(page)).toEqual([]);
  await editTitle(page, 'Unsaved');
  let asked = '';
  page.once('dialog', async (dialog) => {
    asked = dialog.message();
    await dialog.dismiss();
  });
  await page.getByRole('navigation', { name: 'Content files' }).getByRole('link', { name: /^Site/ }).click();
  expect(asked).toMatch(/unsaved edits/);
  await expect(form(page).getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Unsaved');
});

test('"Undo last save" restores the file as it was', async ({ page, site }) => {
  const before = site.read('products.toml');
  await openProduct(page, 17);
  await editTitle(page, 'Undone soon');
  await save(page).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved products.toml.' })).toBeVisible();
  expect(site.read('products.toml')).not.toBe(before);
  await page.getByRole('button', { name: 'Undo last save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The last save of products.toml is undone.' })).toBeVisible();
  expect(site.read('products.toml')).toBe(before);
  await expect(form(page).getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Hemodialysis Machine');
});

test('deleting a category products still use is refused, naming each product', async ({ page, site }) => {
  const before = site.read('catalogue.toml');
  await page.goto('/_edit?file=catalogue.toml&entry=ophthalmic');
  page.once('dialog', (dialog) => void dialog.accept());
  await form(page).getByRole('button', { name: 'Delete' }).click();
  const problems = page.getByRole('region', { name: 'Not saved: fix these first' });
  await expect(problems).toBeFocused();
  await expect(problems.getByRole('link', { name: /^products\.toml:\d+:\d+, entry 1, category$/ })).toBeVisible();
  expect(site.read('catalogue.toml')).toBe(before);
  // A problem's link opens the product it names, at its field.
  await problems.getByRole('link', { name: /^products\.toml:\d+:\d+, entry 1, category$/ }).click();
  await expect(form(page).getByRole('combobox', { name: 'Category', exact: true })).toBeFocused();
  await expect(page).toHaveURL(/entry=1$/);
});

test('following a link in the preview offers to edit that page\'s entry', async ({ page }) => {
  await openProduct(page, 17);
  const preview = page.frameLocator('iframe[title^="Preview of /products/17/"]');
  const related = preview.getByRole('region', { name: 'Related Products' }).getByRole('link').first();
  const href = (await related.getAttribute('href')) ?? '';
  const id = /^\/products\/(\d+)\//.exec(href)?.[1];
  expect(id).toBeTruthy();
  await related.click();
  await page.getByRole('button', { name: new RegExp(`^Edit this page \\(${id} `) }).click();
  await expect(page).toHaveURL(new RegExp(`entry=${id}$`));
  await expect(page.locator(`iframe[title="Preview of ${href}"]`)).toBeVisible();
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the list, the form and the preview stack, none wider than the screen', async ({ page }) => {
    await openProduct(page, 17);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    const list = await page.getByRole('region', { name: 'Products' }).boundingBox();
    const formBox = await form(page).boundingBox();
    const preview = await page.getByRole('region', { name: 'Preview' }).boundingBox();
    expect(list && formBox && preview).toBeTruthy();
    if (!list || !formBox || !preview) return;
    expect(formBox.y).toBeGreaterThanOrEqual(list.y + list.height);
    expect(preview.y).toBeGreaterThanOrEqual(formBox.y + formBox.height);
    expect(await axeViolations(page)).toEqual([]);
  });
});
