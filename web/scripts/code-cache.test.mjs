// @vitest-environment node
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadWithCodeCache } from './code-cache.mjs';

const SCRIPT = [
  'const util = require("node:util");',
  'exports.greet = (name) => util.format("hello %s", name);',
  'exports.fail = () => { throw new Error("on line 3"); };',
].join('\n');

describe('loadWithCodeCache', () => {
  let dir;
  let scriptPath;
  let cachePath;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'code-cache-'));
    scriptPath = join(dir, 'bundle.cjs');
    cachePath = join(dir, 'bundle.cjs.v8-cache');
    writeFileSync(scriptPath, SCRIPT);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** Loads the script, runs it, and saves its cache when it asks to. */
  function loadAndSave() {
    const loaded = loadWithCodeCache(scriptPath, cachePath);
    expect(loaded.exports.greet('world')).toBe('hello world');
    loaded.saveCache?.();
    return loaded;
  }

  it('runs the script as CommonJS and saves a cache the next load uses', () => {
    const first = loadAndSave();
    expect(first.usedCache).toBe(false);
    expect(readFileSync(cachePath, 'latin1')).toMatch(/^sitegen code cache v\d+\S* \S+ [0-9a-f]{64} [0-9a-f]{64}\n/);

    const second = loadAndSave();
    expect(second.usedCache).toBe(true);
    expect(second.saveCache).toBeUndefined();
  });

  it('keeps line numbers in stacks true to the file', () => {
    const { exports } = loadWithCodeCache(scriptPath, cachePath);
    expect(() => exports.fail()).toThrow(expect.objectContaining({ stack: expect.stringContaining('bundle.cjs:3:') }));
  });

  it('never uses the cache of another source of the same length, and replaces it', () => {
    loadAndSave();
    writeFileSync(scriptPath, SCRIPT.replace('hello', 'howdy'));
    const loaded = loadWithCodeCache(scriptPath, cachePath);
    expect(loaded.usedCache).toBe(false);
    expect(loaded.exports.greet('world')).toBe('howdy world');
    loaded.saveCache();
    expect(loadWithCodeCache(scriptPath, cachePath).usedCache).toBe(true);
  });

  it('ignores a damaged cache file', () => {
    loadAndSave();
    const damaged = readFileSync(cachePath);
    damaged[damaged.length - 10] ^= 0xff;
    writeFileSync(cachePath, damaged);
    expect(loadAndSave().usedCache).toBe(false);

    writeFileSync(cachePath, 'not a cache');
    expect(loadAndSave().usedCache).toBe(false);
  });

  it('loses nothing but speed when the cache cannot be written', () => {
    // A folder in the cache's place: the data is written aside, and the rename fails.
    mkdirSync(join(cachePath, 'in-the-way'), { recursive: true });
    const loaded = loadWithCodeCache(scriptPath, cachePath);
    expect(() => loaded.saveCache()).not.toThrow();
    expect(readdirSync(dir).sort()).toEqual(['bundle.cjs', 'bundle.cjs.v8-cache']);
  });
});
