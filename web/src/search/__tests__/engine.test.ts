import { describe, expect, it } from 'vitest';
import {
  allowedEdits,
  documents,
  exactTitlesFirst,
  expandTerm,
  facetsOf,
  highlightParts,
  inCategory,
  LIKELY_CHUNKS,
  likelyDocChunks,
  queryTerms,
  search,
  vocabularyOf,
  withinEdits,
  withinEditsInside,
  type ManifestCategory,
  type SearchDoc,
} from '../engine';
import { buildTinyIndex } from './tiny-index';
import { MAX_QUERY_LENGTH, parseQuery } from '../query';

// A small index in sitegen's format: documents in category order, postings as
// differences, by a word's first two characters.
const DOCS: SearchDoc[] = [
  [7, 'Dialysis Machine', '/products/7/dialysis-machine', 'A machine for haemodialysis.'],
  [8, 'Dialysis Chair', '/products/8/dialysis-chair', 'A reclining chair.'],
  [3, 'ICU Ventilator', '/products/3/icu-ventilator', 'Breathing support.'],
  [4, 'Patient Monitor', '/products/4/patient-monitor', 'Shows a machine reading.'],
  [1, 'Slit Lamp', '/products/1/slit-lamp', 'Eye examination.'],
  [12, 'Slit Lamp Microscope', '/products/12/slit-lamp-microscope', 'Eye examination.'],
];

const CATEGORIES: ManifestCategory[] = [
  { id: 'dialysis', name: 'Dialysis Equipment', start: 0, end: 2, subcategories: [{ name: 'General', start: 0, end: 2 }] },
  { id: 'critical-care', name: 'Critical Care', start: 2, end: 4, subcategories: [{ name: 'Ventilation', start: 2, end: 3 }, { name: 'Monitoring', start: 3, end: 4 }] },
  { id: 'ophthalmic', name: 'Ophthalmic Equipment', start: 4, end: 6, subcategories: [{ name: 'General', start: 4, end: 6 }] },
];

const buildIndex = () => buildTinyIndex(DOCS, CATEGORIES);
const { manifest, load, loaded } = buildIndex();

async function titles(query: string): Promise<string[]> {
  const result = await search(query, manifest, load);
  return (await documents(result.ranked, manifest, load)).map(({ doc }) => doc[1]);
}

describe('parsing ?q=', () => {
  it('takes the query as typed, cut to the stated limit', () => {
    expect(parseQuery(null)).toBe('');
    expect(parseQuery('')).toBe('');
    expect(parseQuery('<b>lamp</b>')).toBe('<b>lamp</b>');
    expect(parseQuery('x'.repeat(500))).toHaveLength(MAX_QUERY_LENGTH);
    // Cut by characters, never inside one.
    expect(Array.from(parseQuery('😀'.repeat(200)))).toHaveLength(MAX_QUERY_LENGTH);
  });

  it('splits a query into distinct lower-case words, markup and punctuation dropped', () => {
    expect(queryTerms('  Slit-LAMP <b>lamp</b> ')).toEqual(['slit', 'lamp', 'b']);
    expect(queryTerms('')).toEqual([]);
  });
});

describe('typo tolerance', () => {
  it('allows no edit under 4 letters, one from 4 and two from 8', () => {
    expect([allowedEdits('icu'), allowedEdits('lamp'), allowedEdits('ventilat'), allowedEdits('dialysis')]).toEqual([0, 1, 2, 2]);
  });

  it('counts insertions, deletions, substitutions and swaps as one edit each', () => {
    expect(withinEdits('machne', 'machine', 1)).toBe(true);
    expect(withinEdits('macihne', 'machine', 1)).toBe(true);
    expect(withinEdits('dialisys', 'dialysis', 2)).toBe(true);
    expect(withinEdits('dialisys', 'dialysis', 1)).toBe(false);
    expect(withinEdits('lamp', 'ramps', 1)).toBe(false);
  });

  it('finds misspelt words, within the allowed edits only', async () => {
    expect((await titles('dialisys machne'))[0]).toBe('Dialysis Machine');
    expect(await titles('ventilater')).toEqual(['ICU Ventilator']);
    expect(await titles('lmap')).toEqual(['Slit Lamp', 'Slit Lamp Microscope']);
    // Three letters: no typo allowed.
    expect(await titles('icv')).toEqual([]);
  });

  it('finds a long term inside longer words, with its allowed edits', () => {
    expect(withinEditsInside('dialysis', 'hemodialysis', 0)).toBe(true);
    expect(withinEditsInside('dialisys', 'hemodialysis', 2)).toBe(true);
    expect(withinEditsInside('dialisys', 'hemodialysis', 1)).toBe(false);
    expect(expandTerm('dialisys', ['dialysis', 'hemodialysis', 'dial'])).toEqual([
      { word: 'dialysis', kind: 'fuzzy' },
      { word: 'hemodialysis', kind: 'fuzzy' },
    ]);
    // Under five letters, only whole words and their beginnings.
    expect(expandTerm('lamp', ['clamp', 'lamps'])).toEqual([{ word: 'lamps', kind: 'prefix' }, { word: 'clamp', kind: 'fuzzy' }]);
  });

  it('expands a term to itself, the words it begins and the words near it', () => {
    const vocabulary = ['machine', 'machines', 'monitor', 'patient'];
    expect(expandTerm('machine', vocabulary)).toEqual([
      { word: 'machine', kind: 'exact' },
      { word: 'machines', kind: 'prefix' },
    ]);
    expect(expandTerm('monitr', vocabulary)).toEqual([{ word: 'monitor', kind: 'fuzzy' }]);
  });
});

describe('ranking', () => {
  it('puts an exact id first', async () => {
    expect((await titles('12'))[0]).toBe('Slit Lamp Microscope');
    expect((await titles('3'))[0]).toBe('ICU Ventilator');
  });

  it('ranks title matches over category matches over description matches', async () => {
    // "machine": the title of 7, the description of 4.
    expect(await titles('machine')).toEqual(['Dialysis Machine', 'Patient Monitor']);
    // "critical": only the category name.
    expect(await titles('critical')).toEqual(['ICU Ventilator', 'Patient Monitor']);
    // "dialysis": titles of 7 and 8, and their category: both, titles first.
    expect(await titles('dialysis')).toEqual(['Dialysis Machine', 'Dialysis Chair']);
  });

  it('ranks exact words over prefixes over typos', async () => {
    const result = await search('chai', manifest, load);
    const docs = await documents(result.ranked, manifest, load);
    expect(docs[0]!.doc[1]).toBe('Dialysis Chair');
    // "mach" begins "machine": a prefix of a title beats a prefix of a description.
    expect(await titles('mach')).toEqual(['Dialysis Machine', 'Patient Monitor']);
  });

  it('matches prefixes as the visitor types', async () => {
    expect(await titles('ven')).toEqual(['ICU Ventilator']);
    expect(await titles('slit la')).toEqual(['Slit Lamp', 'Slit Lamp Microscope']);
  });

  it('shows an exact title before longer titles of the same words', async () => {
    const result = await search('slit lamp', manifest, load);
    const docs = await documents([...result.ranked].reverse(), manifest, load);
    expect(exactTitlesFirst(docs, 'Slit lamp').map(({ doc }) => doc[1])).toEqual(['Slit Lamp', 'Slit Lamp Microscope']);
  });

  it('ranks the shorter title first when the scores tie (the more specific match)', async () => {
    // Numbered copies earlier in the index tie with the original on every word.
    const copies = buildTinyIndex(
      [
        [21, 'Defibrillator 21', '/products/21/defibrillator-21', 'A shock for the heart.'],
        [22, 'Portable Defibrillator Unit 22', '/products/22/portable-defibrillator-unit-22', 'A shock.'],
        [23, 'Defibrillator 23', '/products/23/defibrillator-23', 'A shock for the heart.'],
        [24, 'Defibrillator 24', '/products/24/defibrillator-24', 'A shock for the heart.'],
        [2, 'Defibrillator', '/products/2/defibrillator', 'A shock for the heart.'],
        [5, 'Portable Defibrillator', '/products/5/portable-defibrillator', 'A shock.'],
      ],
      [{ id: 'cardiac', name: 'Cardiac', start: 0, end: 6, subcategories: [{ name: 'General', start: 0, end: 6 }] }],
    );
    const ranked = async (query: string) => {
      const result = await search(query, copies.manifest, copies.load);
      return (await documents(result.ranked, copies.manifest, copies.load)).map(({ doc }) => doc[1]);
    };
    expect(await ranked('defibrillator')).toEqual([
      'Defibrillator',
      'Defibrillator 21',
      'Defibrillator 23',
      'Defibrillator 24',
      'Portable Defibrillator',
      'Portable Defibrillator Unit 22',
    ]);
    // A better score still wins over a shorter title.
    expect((await ranked('portable defibrillator'))[0]).toBe('Portable Defibrillator');
    // The document chunk asked for with the postings is the shortest title's (the second).
    copies.loaded.length = 0;
    await search('defibrillator', copies.manifest, copies.load);
    expect(copies.loaded[0]).toBe('search/d1.json');
  });

  it('shows nothing for an empty query, or when no word matches anything', async () => {
    expect(await titles('')).toEqual([]);
    expect(await titles('zzqqxx wwvvkk')).toEqual([]);
  });
});

describe('facets and loading', () => {
  it('counts the results per category and narrows to one', async () => {
    const result = await search('machine', manifest, load);
    expect(result.facets).toEqual([
      { id: 'dialysis', name: 'Dialysis Equipment', count: 1 },
      { id: 'critical-care', name: 'Critical Care', count: 1 },
    ]);
    expect(facetsOf([0, 1, 5], manifest.categories).map((facet) => facet.count)).toEqual([2, 1]);
    expect(inCategory(result.ranked, manifest.categories, 'critical-care')).toEqual([3]);
    expect(inCategory(result.ranked, manifest.categories, null)).toEqual(result.ranked);
  });

  it('loads only the chunks a query needs', async () => {
    loaded.length = 0;
    const result = await search('ventilator', manifest, load);
    await documents(result.ranked, manifest, load);
    expect(loaded.sort()).toEqual(['search/d0.json', 'search/d0.json', 'search/p-ve.json']);
  });

  it('asks for the document chunk of the first title match together with the postings', async () => {
    loaded.length = 0;
    await search('microscop', manifest, load);
    // Asked for before the postings chunk: the top result's document arrives with it.
    expect(loaded).toEqual(['search/d1.json', 'search/p-mi.json']);
    const candidates = (query: string) => queryTerms(query).map((term) => expandTerm(term, vocabularyOf(manifest)));
    // A word in no title (only in descriptions) gives no chunk; a fuzzy match counts.
    expect(likelyDocChunks(candidates('reclining'), manifest)).toEqual([]);
    expect(likelyDocChunks(candidates('ventilatr'), manifest)).toEqual(['search/d0.json']);
    // At most LIKELY_CHUNKS a query, one per term.
    expect(likelyDocChunks(candidates('slit dialysis monitor'), manifest)).toEqual(['search/d1.json', 'search/d0.json']);
    expect(LIKELY_CHUNKS).toBe(2);
  });

  it('marks the matched words of a text, whatever their case', async () => {
    const result = await search('lamp', manifest, load);
    expect(highlightParts('Slit Lamp <b>', result.matchedWords)).toEqual([
      { text: 'Slit ', marked: false },
      { text: 'Lamp', marked: true },
      { text: ' <b>', marked: false },
    ]);
  });
});
