import { SEARCH_FORMAT_VERSION, type PostingsChunk } from '../index-format.gen';
import { words, type Manifest, type ManifestCategory, type SearchDoc } from '../engine';

const DOCS_PER_CHUNK = 4;

/**
 * A small index in sitegen's format (sitegen-search): documents in category order,
 * postings as differences, by a word's first two characters; `synonyms` maps a title
 * word to the words posted for it under `s`, as synonyms.toml's groups do.
 */
export function buildTinyIndex(docs: SearchDoc[], categories: ManifestCategory[], synonyms: Record<string, string[]> = {}) {
  type Field = 't' | 's' | 'd' | 'i';
  const postings = new Map<string, Record<Field, number[]>>();
  const add = (word: string, field: Field, doc: number) => {
    const entry = postings.get(word) ?? { t: [], s: [], d: [], i: [] };
    postings.set(word, entry);
    if (entry[field].at(-1) !== doc) entry[field].push(doc);
  };
  docs.forEach(([id, title, , description], doc) => {
    for (const word of words(title)) {
      add(word, 't', doc);
      for (const synonym of synonyms[word] ?? []) add(synonym, 's', doc);
    }
    for (const word of words(description)) add(word, 'd', doc);
    add(String(id), 'i', doc);
  });
  const chunks = new Map<string, PostingsChunk>();
  const deltas = (list: number[]) => list.map((n, i) => n - (i === 0 ? 0 : list[i - 1]!));
  for (const [word, fields] of [...postings].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const key = Array.from(word).slice(0, 2).join('');
    const chunk = chunks.get(key) ?? {};
    chunks.set(key, chunk);
    const entry: Record<string, number[]> = {};
    for (const field of ['t', 's', 'd', 'i'] as const) if (fields[field].length) entry[field] = deltas(fields[field]);
    chunk[word] = entry;
  }
  const files = new Map<string, unknown>();
  const manifestPostings: Record<string, string> = {};
  for (const [key, chunk] of chunks) {
    files.set(`search/p-${key}.json`, chunk);
    manifestPostings[key] = `search/p-${key}.json`;
  }
  const docChunks: string[] = [];
  for (let start = 0; start < docs.length; start += DOCS_PER_CHUNK) {
    const path = `search/d${start / DOCS_PER_CHUNK}.json`;
    files.set(path, docs.slice(start, start + DOCS_PER_CHUNK));
    docChunks.push(path);
  }
  const titleWords = docs.map(([, title]) => Math.min(words(title).length, 35));
  const vocabulary = [...postings.keys()].filter((w) => !/^[0-9]+$/.test(w)).sort();
  const manifest: Manifest = {
    version: SEARCH_FORMAT_VERSION,
    docCount: docs.length,
    docsPerChunk: DOCS_PER_CHUNK,
    docChunks,
    postings: manifestPostings,
    categories,
    words: vocabulary.join(' '),
    titleChunks: vocabulary
      .map((word) => {
        const titled = postings.get(word)!.t;
        // The first of the shortest titles holding the word.
        const first = titled.reduce<number | undefined>(
          (best, doc) => (best === undefined || titleWords[doc]! < titleWords[best]! ? doc : best),
          undefined,
        );
        return first === undefined ? '-' : Math.floor(first / DOCS_PER_CHUNK).toString(36);
      })
      .join(' '),
    titleWords: titleWords.map((count) => count.toString(36)).join(''),
  };
  const loaded: string[] = [];
  const load = async <T,>(path: string): Promise<T> => {
    loaded.push(path);
    if (!files.has(path)) throw new Error(`no file ${path}`);
    return files.get(path) as T;
  };
  return { manifest, files, load, loaded };
}
