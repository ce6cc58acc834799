// The products' search over the index sitegen writes (crates/sitegen-search/src/lib.rs):
// a manifest with the vocabulary and the categories' ranges, postings chunks by a word's
// first two characters, and document chunks. Pure functions; the files are loaded by the
// caller through `load`. The files' types are generated from Rust (index-format.gen.ts).

import type { DocRow, ManifestCategory, PostingsChunk, SearchManifest } from './index-format.gen';

/** Words of a query beyond this many are ignored. */
export const MAX_TERMS = 8;
/** Vocabulary words a prefix may stand for (the shortest first). */
export const PREFIX_LIMIT = 40;

export type { ManifestCategory, PostingsChunk, WordPostings } from './index-format.gen';
/** The manifest, as sitegen writes it (`data/search-index.json`). */
export type Manifest = SearchManifest;
/** A result's document: id, title, page path, the description's beginning. */
export type SearchDoc = DocRow;

export type MatchKind = 'exact' | 'prefix' | 'fuzzy';
type Field = 't' | 's' | 'c' | 'd' | 'i';

/**
 * What a match is worth, by field, then kind: title over a synonym of a title phrase
 * over category over description.
 */
const SCORES: Record<Field, Record<MatchKind, number>> = {
  t: { exact: 300, prefix: 200, fuzzy: 100 },
  s: { exact: 250, prefix: 150, fuzzy: 50 },
  c: { exact: 30, prefix: 20, fuzzy: 10 },
  d: { exact: 3, prefix: 2, fuzzy: 1 },
  i: { exact: 100_000, prefix: 20, fuzzy: 0 },
};

/**
 * Lower case, split at everything neither alphabetic nor numeric: as sitegen splits
 * them (Unicode's Alphabetic keeps vowel signs in their word; tested against vectors
 * generated from Rust).
 */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{Alphabetic}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** The distinct words of a query, at most [MAX_TERMS]. */
export function queryTerms(query: string): string[] {
  return [...new Set(words(query))].slice(0, MAX_TERMS);
}

export function isNumber(word: string): boolean {
  return /^[0-9]+$/.test(word);
}

/** The postings chunk a word is in: its first two characters. */
export function chunkKey(word: string): string {
  return Array.from(word).slice(0, 2).join('');
}

/** Edits a word may differ by: none under 4 letters, one from 4, two from 8. */
export function allowedEdits(term: string): number {
  const length = Array.from(term).length;
  if (length >= 8) return 2;
  if (length >= 4) return 1;
  return 0;
}

/**
 * Whether `a` and `b` are at most `max` edits apart (insertions, deletions,
 * substitutions, and swaps of neighbours), with early exit once every path is over.
 */
export function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1).fill(0);
    current[0] = i;
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, before[j - 2]! + 1);
      }
      current[j] = value;
      best = Math.min(best, value);
    }
    if (best > max) return false;
    before = previous;
    previous = current;
  }
  return previous[b.length]! <= max;
}

/** Terms this long also match inside longer words ("dialysis" in "hemodialysis"). */
export const INFIX_MIN_LENGTH = 5;

/**
 * Whether `term` occurs somewhere inside `word` with at most `max` edits (the
 * alignment may start and end anywhere in `word`).
 */
export function withinEditsInside(term: string, word: string, max: number): boolean {
  if (word.length + max < term.length) return false;
  // previous[j]: edits to align term[0..i) ending at word[j]; a start anywhere is free.
  let previous = new Array<number>(word.length + 1).fill(0);
  for (let i = 1; i <= term.length; i++) {
    const current = new Array<number>(word.length + 1).fill(0);
    current[0] = i;
    let best = i;
    for (let j = 1; j <= word.length; j++) {
      const cost = term[i - 1] === word[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current[j] = value;
      best = Math.min(best, value);
    }
    if (best > max) return false;
    previous = current;
  }
  return Math.min(...previous) <= max;
}

export type Candidate = { word: string; kind: MatchKind };

const split = new WeakMap<Manifest, { vocabulary: string[]; titleChunks: string[] }>();

function splitManifest(manifest: Manifest) {
  let lists = split.get(manifest);
  if (!lists) {
    lists = {
      vocabulary: manifest.words ? manifest.words.split(' ') : [],
      titleChunks: manifest.titleChunks ? manifest.titleChunks.split(' ') : [],
    };
    split.set(manifest, lists);
  }
  return lists;
}

/** The sorted vocabulary of a manifest. */
export function vocabularyOf(manifest: Manifest): readonly string[] {
  return splitManifest(manifest).vocabulary;
}

/** A document's title word count, from the manifest's `titleWords` (0 when missing). */
export function titleWordsOf(manifest: Manifest): (doc: number) => number {
  const counts = manifest.titleWords;
  return (doc) => {
    const count = parseInt(counts.charAt(doc), 36);
    return Number.isNaN(count) ? 0 : count;
  };
}

/** Document chunks fetched with the postings, at most this many a query. */
export const LIKELY_CHUNKS = 2;

/**
 * The document chunks the top results are likely in, to fetch while the postings load:
 * per term, the chunk of the first shortest-title match of its best candidate word (a
 * title match ranks first, and equal scores go by title length, then document order).
 */
export function likelyDocChunks(wordCandidates: readonly Candidate[][], manifest: Manifest): string[] {
  const { vocabulary, titleChunks } = splitManifest(manifest);
  const paths = new Set<string>();
  for (const candidates of wordCandidates) {
    for (const { word } of candidates) {
      const at = lowerBound(vocabulary, word);
      const chunk = vocabulary[at] === word ? titleChunks[at] : undefined;
      if (!chunk || chunk === '-') continue;
      const path = manifest.docChunks[parseInt(chunk, 36)];
      if (path) paths.add(path);
      break;
    }
  }
  return [...paths].slice(0, LIKELY_CHUNKS);
}

/** The first index of `sorted` whose word is not before `word`. */
function lowerBound(sorted: readonly string[], word: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! < word) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The words of `vocabulary` (sorted) a query term stands for: itself, the words it
 * begins (the shortest [PREFIX_LIMIT]), and the words within its allowed edits, or
 * holding it within them (from [INFIX_MIN_LENGTH] letters: "dialisys" finds
 * "hemodialysis").
 */
export function expandTerm(term: string, vocabulary: readonly string[]): Candidate[] {
  const found = new Map<string, MatchKind>();
  const start = lowerBound(vocabulary, term);
  if (vocabulary[start] === term) found.set(term, 'exact');
  const prefixed: string[] = [];
  for (let index = start; index < vocabulary.length; index++) {
    const word = vocabulary[index]!;
    if (!word.startsWith(term)) break;
    if (word !== term) prefixed.push(word);
  }
  prefixed.sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
  for (const word of prefixed.slice(0, PREFIX_LIMIT)) found.set(word, 'prefix');
  const edits = allowedEdits(term);
  const inside = Array.from(term).length >= INFIX_MIN_LENGTH;
  if (edits > 0) {
    for (const word of vocabulary) {
      if (found.has(word)) continue;
      if (withinEdits(term, word, edits) || (inside && withinEditsInside(term, word, edits))) {
        found.set(word, 'fuzzy');
      }
    }
  }
  return [...found].map(([word, kind]) => ({ word, kind }));
}

/** Candidates of a number term from its postings chunk: itself, and longer numbers it begins. */
export function expandNumber(term: string, chunk: PostingsChunk | undefined): Candidate[] {
  if (!chunk) return [];
  const result: Candidate[] = [];
  for (const word of Object.keys(chunk)) {
    if (word === term) result.push({ word, kind: 'exact' });
    else if (term.length >= 2 && word.startsWith(term) && isNumber(word)) result.push({ word, kind: 'prefix' });
  }
  return result;
}

/** How a term matches a category's or subcategory's name, if it does. */
function nameMatch(term: string, name: string): MatchKind | null {
  let best: MatchKind | null = null;
  for (const word of words(name)) {
    if (word === term) return 'exact';
    if (word.startsWith(term)) best = 'prefix';
    else if (best === null && allowedEdits(term) > 0 && withinEdits(term, word, allowedEdits(term))) best = 'fuzzy';
  }
  return best;
}

export type Facet = { id: string; name: string; count: number };

export type SearchResult = {
  /** Matching document numbers, best first. */
  ranked: number[];
  /** Matches per category, in the catalogue's order (categories without any left out). */
  facets: Facet[];
  /** The index words the query matched, for highlighting. */
  matchedWords: Set<string>;
  /**
   * The query's words the best results leave out, when no product holds them all
   * (then the results hold the most of them); empty otherwise.
   */
  droppedTerms: string[];
  /** The query's words the best results hold (all of them when none is dropped). */
  keptTerms: string[];
};

/** Loads an index file by its path (relative to the site's root). */
export type Load = <T>(path: string) => Promise<T>;

/** Adds the absolute document numbers of a postings list to `into`, with `score` for each. */
function addPostings(deltas: readonly number[] | undefined, score: number, into: Map<number, number>): void {
  if (!deltas) return;
  let doc = 0;
  for (const delta of deltas) {
    doc += delta;
    if ((into.get(doc) ?? 0) < score) into.set(doc, score);
  }
}

/** Adds the absolute document numbers of a postings list to `into`. */
function addDocs(deltas: readonly number[] | undefined, into: Set<number>): void {
  let doc = 0;
  for (const delta of deltas ?? []) {
    doc += delta;
    into.add(doc);
  }
}

/** How many documents a postings list holds. */
function postingsCount(deltas: readonly number[] | undefined): number {
  return deltas?.length ?? 0;
}

/** Halves shorter than this are not tried when a word is split ("x ray" is). */
const SPLIT_MIN_HALF = 1;

/** Whether the sorted `vocabulary` holds `word`. */
function holds(vocabulary: readonly string[], word: string): boolean {
  return vocabulary[lowerBound(vocabulary, word)] === word;
}

/**
 * The index words a query word that is not one may be split into: two words of the
 * vocabulary that make it up ("xray" → "x", "ray"), the most even split first.
 */
export function splitTerm(term: string, vocabulary: readonly string[]): [string, string] | null {
  const letters = Array.from(term);
  if (isNumber(term) || holds(vocabulary, term)) return null;
  let best: [string, string] | null = null;
  let bestShorter = 0;
  for (let at = SPLIT_MIN_HALF; at <= letters.length - SPLIT_MIN_HALF; at++) {
    const left = letters.slice(0, at).join('');
    const right = letters.slice(at).join('');
    const shorter = Math.min(at, letters.length - at);
    if (shorter > bestShorter && holds(vocabulary, left) && holds(vocabulary, right)) {
      best = [left, right];
      bestShorter = shorter;
    }
  }
  return best;
}

/** The query's neighbours that join into one index word ("bi pap" → "bipap"), by the first one's place. */
export function joinedTerms(terms: readonly string[], vocabulary: readonly string[]): Map<number, string> {
  const joined = new Map<number, string>();
  for (let index = 0; index + 1 < terms.length; index++) {
    const word = terms[index]! + terms[index + 1]!;
    if (!isNumber(word) && holds(vocabulary, word)) joined.set(index, word);
  }
  return joined;
}

/** `into` with the better score of each document of `more`. */
function mergeBest(into: Map<number, number>, more: ReadonlyMap<number, number>): void {
  for (const [doc, score] of more) {
    if ((into.get(doc) ?? 0) < score) into.set(doc, score);
  }
}

/**
 * A query word held by at least this share of the titles (and [GENERIC_MIN_TITLES])
 * names a kind of thing ("machine", "system", "unit", "set"), not which: it does not
 * outrank the query's specific words.
 */
export const GENERIC_TITLE_SHARE = 0.04;
export const GENERIC_MIN_TITLES = 5;
/**
 * A generic word's match adds at most this to a product whose title holds none of the
 * query's specific words (it holds them by synonym or description): below a title's
 * lead over a synonym (300 − 250).
 */
const GENERIC_SCORE_CAP = 30;

/** Whether a word held by `titles` of `docCount` titles is generic. */
export function isGeneric(titles: number, docCount: number): boolean {
  return titles >= Math.max(GENERIC_MIN_TITLES, GENERIC_TITLE_SHARE * docCount);
}

/**
 * Ranks documents by the terms they hold. A generic term (`generic[i]`, see
 * [isGeneric]) is not required once some product holds every term, and adds little to
 * a product whose title (`inTitle[i]`: the documents whose title holds term i) holds
 * none of the specific ones: "OPG Machine", an x-ray only by synonym, does not come
 * before "Digital X-Ray System" for "x ray machine"; "Hemodialysis Machine" still does
 * before "Peritoneal Dialysis Cycler" for "dialysis machine".
 *
 * When some hold every term, those holding every specific one, by their summed best
 * match per term, then by their title's word count (`titleWords`: fewer words is the
 * more specific match, as BM25's field-length normalisation), then by their order in
 * the index (category, subcategory, title). Otherwise every document holding any, by how many specific terms they hold,
 * then by how rare those terms are (a word few products hold says more), then as
 * before; the terms the best result leaves out are the dropped ones. A query of generic
 * words only treats them all as specific.
 */
export function rankByTerms(
  perTerm: readonly ReadonlyMap<number, number>[],
  terms: readonly string[],
  titleWords: (doc: number) => number = () => 0,
  generic: readonly boolean[] = [],
  inTitle: readonly ReadonlySet<number>[] = [],
) {
  const optional = terms.map((_, term) => generic[term] === true);
  if (optional.every(Boolean)) optional.fill(false);
  const required = optional.filter((isOptional) => !isOptional).length;
  const titleHoldsSpecific = (doc: number) => inTitle.some((docs, term) => !optional[term] && docs.has(doc));
  const held = new Map<number, { count: number; score: number; rarity: number; terms: number[] }>();
  perTerm.forEach((scores, term) => {
    const rarity = 1 / Math.max(1, scores.size);
    for (const [doc, score] of scores) {
      const entry = held.get(doc) ?? { count: 0, score: 0, rarity: 0, terms: [] };
      if (optional[term]) {
        entry.score += titleHoldsSpecific(doc) ? score : Math.min(score, GENERIC_SCORE_CAP);
      } else {
        entry.count += 1;
        entry.score += score;
        entry.rarity += rarity;
      }
      entry.terms.push(term);
      held.set(doc, entry);
    }
  });
  // Where some product holds every term, those holding every specific one (a generic
  // word may be missing). Where none does, the most terms, as without generic words.
  const partial = ![...held.values()].some((entry) => entry.terms.length === terms.length);
  const scored = partial ? [...held] : [...held].filter(([, entry]) => entry.count === required);
  scored.sort(
    ([docA, a], [docB, b]) =>
      b.count - a.count ||
      (partial ? b.rarity - a.rarity : 0) ||
      b.score - a.score ||
      titleWords(docA) - titleWords(docB) ||
      docA - docB,
  );
  const best = scored[0]?.[1].terms ?? [];
  const keptTerms = terms.filter((_, index) => best.includes(index));
  const droppedTerms = partial && scored.length > 0 ? terms.filter((_, index) => !best.includes(index)) : [];
  return { ranked: scored.map(([doc]) => doc), keptTerms, droppedTerms };
}

/**
 * Runs a query. A term matches a title, a synonym, a description, an id, or the
 * product's category or subcategory name; two neighbouring terms that make one index
 * word match it too ("bi pap"), and a term that is no index word matches the two
 * index words it is made of ("xray"). Ranked by [rankByTerms]: every term where some
 * product holds them all, otherwise the most of them.
 */
export async function search(query: string, manifest: Manifest, load: Load): Promise<SearchResult> {
  const terms = queryTerms(query);
  if (terms.length === 0) return { ranked: [], facets: [], matchedWords: new Set(), droppedTerms: [], keptTerms: [] };
  const vocabulary = vocabularyOf(manifest);
  const wordCandidates = terms.map((term) => (isNumber(term) ? [] : expandTerm(term, vocabulary)));
  const joined = joinedTerms(terms, vocabulary);
  const splits = terms.map((term) => splitTerm(term, vocabulary));
  const keys = new Set<string>();
  terms.forEach((term, index) => {
    if (isNumber(term)) keys.add(chunkKey(term));
    for (const candidate of wordCandidates[index]!) keys.add(chunkKey(candidate.word));
    for (const half of splits[index] ?? []) keys.add(chunkKey(half));
  });
  for (const word of joined.values()) keys.add(chunkKey(word));
  for (const path of likelyDocChunks(wordCandidates, manifest)) void load(path).catch(() => undefined);
  const chunks = new Map<string, PostingsChunk>();
  await Promise.all(
    [...keys].map(async (key) => {
      const path = manifest.postings[key];
      if (path) chunks.set(key, await load<PostingsChunk>(path));
    }),
  );

  const matchedWords = new Set<string>();
  const inTitle = terms.map(() => new Set<number>());
  /** `titleHolders` gets the documents whose title holds `term` itself, or inside a longer word. */
  const scoresOf = (candidates: readonly Candidate[], titleHolders?: Set<number>, term?: string) => {
    const scores = new Map<number, number>();
    for (const { word, kind } of candidates) {
      const postings = chunks.get(chunkKey(word))?.[word];
      if (!postings) continue;
      matchedWords.add(word);
      addPostings(postings.t, SCORES.t[kind], scores);
      // Not a word begun ("hd" is not "hdf") nor one a few edits away ("ascan", "scanner").
      const held = kind === 'exact' || (term !== undefined && kind === 'fuzzy' && word.includes(term));
      if (titleHolders && held) addDocs(postings.t, titleHolders);
      addPostings(postings.s, SCORES.s[kind], scores);
      addPostings(postings.d, SCORES.d[kind], scores);
      addPostings(postings.i, SCORES.i[kind], scores);
    }
    return scores;
  };
  const perTerm = terms.map((term, index) => {
    const candidates = isNumber(term) ? expandNumber(term, chunks.get(chunkKey(term))) : wordCandidates[index]!;
    const scores = scoresOf(candidates, inTitle[index], term);
    for (const category of manifest.categories) {
      const names: [string, number, number][] = [
        [category.name, category.start, category.end],
        [category.id, category.start, category.end],
        ...category.subcategories.map((sub): [string, number, number] => [sub.name, sub.start, sub.end]),
      ];
      for (const [name, start, end] of names) {
        const kind = nameMatch(term, name);
        if (!kind) continue;
        const score = SCORES.c[kind];
        for (let doc = start; doc < end; doc++) {
          if ((scores.get(doc) ?? 0) < score) scores.set(doc, score);
        }
      }
    }
    const halves = splits[index];
    if (halves) {
      const titles = halves.map(() => new Set<number>());
      const [left, right] = halves.map((half, at) => scoresOf([{ word: half, kind: 'exact' }], titles[at]));
      const both = new Map<number, number>();
      for (const [doc, score] of left!) {
        const more = right!.get(doc);
        if (more !== undefined) both.set(doc, Math.min(score, more));
        if (titles[0]!.has(doc) && titles[1]!.has(doc)) inTitle[index]!.add(doc);
      }
      mergeBest(scores, both);
    }
    return scores;
  });
  for (const [index, word] of joined) {
    const titleHolders = new Set<number>();
    const scores = scoresOf([{ word, kind: 'exact' }], titleHolders);
    for (const doc of titleHolders) inTitle[index]!.add(doc);
    for (const doc of titleHolders) inTitle[index + 1]!.add(doc);
    mergeBest(perTerm[index]!, scores);
    mergeBest(perTerm[index + 1]!, scores);
  }
  // How many titles hold each term itself: the share that makes it generic.
  const generic = terms.map((term) => isGeneric(postingsCount(chunks.get(chunkKey(term))?.[term]?.t), manifest.docCount));
  const { ranked, keptTerms, droppedTerms } = rankByTerms(perTerm, terms, titleWordsOf(manifest), generic, inTitle);
  return { ranked, facets: facetsOf(ranked, manifest.categories), matchedWords, droppedTerms, keptTerms };
}

/** The number of results in each category (the categories' documents are contiguous). */
export function facetsOf(ranked: readonly number[], categories: readonly ManifestCategory[]): Facet[] {
  const counts = categories.map(() => 0);
  for (const doc of ranked) {
    const index = categories.findIndex((category) => doc >= category.start && doc < category.end);
    if (index >= 0) counts[index]! += 1;
  }
  return categories
    .map((category, index) => ({ id: category.id, name: category.name, count: counts[index]! }))
    .filter((facet) => facet.count > 0);
}

/** The results within one category (all of them for `null`). */
export function inCategory(ranked: readonly number[], categories: readonly ManifestCategory[], id: string | null): number[] {
  if (id === null) return [...ranked];
  const category = categories.find((candidate) => candidate.id === id);
  if (!category) return [...ranked];
  return ranked.filter((doc) => doc >= category.start && doc < category.end);
}

/** A result's document with its number in the index (which says its category). */
export type FoundDoc = { number: number; doc: SearchDoc };

/** The documents of `numbers`, loading only the chunks they are in. */
export async function documents(numbers: readonly number[], manifest: Manifest, load: Load): Promise<FoundDoc[]> {
  const chunkIndexes = [...new Set(numbers.map((doc) => Math.floor(doc / manifest.docsPerChunk)))];
  const chunks = new Map<number, SearchDoc[]>();
  await Promise.all(
    chunkIndexes.map(async (index) => {
      const path = manifest.docChunks[index];
      if (path) chunks.set(index, await load<SearchDoc[]>(path));
    }),
  );
  const result: FoundDoc[] = [];
  for (const number of numbers) {
    const doc = chunks.get(Math.floor(number / manifest.docsPerChunk))?.[number % manifest.docsPerChunk];
    if (doc) result.push({ number, doc });
  }
  return result;
}

/** A text cut into parts, each marked when it is a word the query matched. */
export function highlightParts(text: string, matched: ReadonlySet<string>): { text: string; marked: boolean }[] {
  const parts: { text: string; marked: boolean }[] = [];
  for (const piece of text.split(/([\p{Alphabetic}\p{N}]+)/u)) {
    if (piece === '') continue;
    const marked = matched.has(piece.toLowerCase());
    const last = parts[parts.length - 1];
    if (last && last.marked === marked) last.text += piece;
    else parts.push({ text: piece, marked });
  }
  return parts;
}

/**
 * The documents whose title is exactly the query's words first (stable otherwise):
 * "slit lamp" shows "Slit Lamp" before "Slit Lamp Microscope" of an earlier subcategory.
 */
export function exactTitlesFirst(found: readonly FoundDoc[], query: string): FoundDoc[] {
  const wanted = words(query).join(' ');
  const isExact = ({ doc }: FoundDoc) => words(doc[1]).join(' ') === wanted;
  return [...found.filter(isExact), ...found.filter((item) => !isExact(item))];
}
