// Loads a CommonJS script with a V8 code cache beside it: its bytecode, including the
// functions compiled while it ran, so a new worker neither parses the SSR bundle again
// nor compiles React's renderer while it renders its first pages (about 0.15 s of each
// worker's start, measured on the 250-product site). Node 20's ES module loader has no
// such cache; a script does (vm.Script#createCachedData).
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import vm from 'node:vm';

/**
 * The cache file: one line naming what it was made from, then V8's data. V8 checks its
 * own version and flags, but of the source only its length, and in a release build not
 * its data's checksum. So the line holds hashes of the source (a rebuilt bundle of the
 * same length never gets another one's code) and of the data (a damaged file is
 * ignored, never run).
 */
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

function headerFor(source) {
  return `sitegen code cache ${process.version} ${process.arch} ${sha256(source)}`;
}

function readCache(cachePath, header) {
  let file;
  try {
    file = readFileSync(cachePath);
  } catch {
    return undefined;
  }
  const newline = file.indexOf(0x0a);
  if (newline < 0) return undefined;
  const data = file.subarray(newline + 1);
  return file.toString('latin1', 0, newline) === `${header} ${sha256(data)}` ? data : undefined;
}

/**
 * Runs the CommonJS script at `path` and returns its exports, and `saveCache`: a
 * function that writes the code cache to `cachePath` when there was none fit for this
 * source (else `undefined`). Call it once the script has done typical work, so that
 * the cache holds the functions that work compiled. Writing is best effort: a folder
 * that cannot be written costs speed, never a build, and a file is replaced whole
 * (written aside, then renamed), so workers that save at once leave a valid one.
 */
export function loadWithCodeCache(path, cachePath) {
  const source = readFileSync(path, 'utf8');
  const header = headerFor(source);
  const cachedData = readCache(cachePath, header);
  // Node's own wrapper, on the script's first line: line numbers in stacks stay true.
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: path,
    cachedData,
  });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(path), module, path, dirname(path));
  const cacheFitted = cachedData !== undefined && !script.cachedDataRejected;
  const saveCache = cacheFitted
    ? undefined
    : () => {
        // One name for every writer: at most one such file is left by a killed worker,
        // and a file mixed by two writers at once fails its digest, so it is never used.
        const aside = `${cachePath}.tmp`;
        try {
          const data = script.createCachedData();
          writeFileSync(aside, Buffer.concat([Buffer.from(`${header} ${sha256(data)}\n`, 'latin1'), data]));
          renameSync(aside, cachePath);
        } catch {
          rmSync(aside, { force: true });
        }
      };
  return { exports: module.exports, usedCache: cacheFitted, saveCache };
}
