import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAYERS } from './layers.js';

/** The folders of each row of docs/web.md's layer table, in its order. */
function documentedLayers() {
  const page = readFileSync(path.join(import.meta.dirname, '../../docs/web.md'), 'utf8');
  return page
    .split('\n')
    .filter((line) => /^\| \d+ \|/.test(line))
    .map((line) => [...line.split('|')[2].matchAll(/`([a-z-]+)\/`/g)].map((match) => match[1]));
}

describe('the layers of src/', () => {
  it('are the ones docs/web.md describes, in the same order', () => {
    expect(documentedLayers()).toEqual(LAYERS);
  });

  it('hold every folder of src/ but the CSS and the tests', () => {
    const unlayered = ['styles', 'testing', '__tests__'];
    const folders = readdirSync(path.join(import.meta.dirname, '../src'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !unlayered.includes(entry.name))
      .map((entry) => entry.name);
    expect(folders.sort()).toEqual(LAYERS.flat().sort());
  });
});
