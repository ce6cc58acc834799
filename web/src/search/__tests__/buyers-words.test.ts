import { describe, expect, it } from 'vitest';
import {
  documents,
  isGeneric,
  joinedTerms,
  rankByTerms,
  search,
  splitTerm,
  vocabularyOf,
  words,
  type ManifestCategory,
  type SearchDoc,
} from '../engine';
import { buildTinyIndex } from './tiny-index';
import vectors from './tokenizer-vectors.gen.json';

// Searching in the buyers' own words: partial matches when no product holds every word,
// words split or joined differently, synonyms from synonyms.toml (applied by sitegen).

const DOCS: SearchDoc[] = [
  [1, 'Autoclave', '/products/1/autoclave', 'Steam sterilisation of instruments.'],
  [2, 'Electrosurgical Unit', '/products/2/electrosurgical-unit', 'Cutting and coagulation.'],
  [3, 'Suction Unit', '/products/3/suction-unit', 'Portable suction.'],
  [4, 'BiPAP Machine', '/products/4/bipap-machine', 'Non-invasive ventilation.'],
  [5, 'X-Ray Film Viewer', '/products/5/x-ray-film-viewer', 'A light box.'],
  [6, 'Ultrasound Machine', '/products/6/ultrasound-machine', 'Imaging.'],
  [7, 'USG Gel', '/products/7/usg-gel', 'Gel for scanning.'],
];
const CATEGORIES: ManifestCategory[] = [{ id: 'all', name: 'Equipment', start: 0, end: DOCS.length, subcategories: [] }];
const { manifest, load } = buildTinyIndex(DOCS, CATEGORIES, { ultrasound: ['usg', 'sonography'] });

async function found(query: string) {
  const result = await search(query, manifest, load);
  const docs = await documents(result.ranked, manifest, load);
  return { titles: docs.map(({ doc }) => doc[1]), dropped: result.droppedTerms, kept: result.keptTerms };
}

describe('tokenizer', () => {
  it('splits every vector into the words sitegen gives it', () => {
    for (const { text, words: expected } of vectors) expect(words(text), text).toEqual(expected);
  });

  it('keeps a Devanagari word whole', () => {
    expect(words('डायलिसिस')).toEqual(['डायलिसिस']);
  });
});

describe('no dead ends', () => {
  it('shows the products holding every word when some do, dropping none', async () => {
    expect(await found('suction unit')).toEqual({ titles: ['Suction Unit'], dropped: [], kept: ['suction', 'unit'] });
  });

  it('shows the products holding the most words when none holds them all, and names the dropped ones', async () => {
    const { titles, dropped, kept } = await found('autoclave unit');
    // "autoclave" is rarer than "unit": the autoclave comes first.
    expect(titles[0]).toBe('Autoclave');
    expect(titles).toContain('Suction Unit');
    expect(kept).toEqual(['autoclave']);
    expect(dropped).toEqual(['unit']);
  });

  it('ranks by how many words a product holds, then by how rare they are', () => {
    const perTerm = [new Map([[0, 300]]), new Map([[0, 300], [1, 300], [2, 300]]), new Map([[1, 300]])];
    expect(rankByTerms(perTerm, ['a', 'b', 'c']).ranked).toEqual([0, 1, 2]);
    expect(rankByTerms(perTerm, ['a', 'b', 'c']).droppedTerms).toEqual(['c']);
  });
});

describe('words split or joined differently', () => {
  const vocabulary = vocabularyOf(manifest);

  it('joins neighbouring words that make one index word', async () => {
    expect(joinedTerms(['bi', 'pap', 'machine'], vocabulary)).toEqual(new Map([[0, 'bipap']]));
    expect((await found('bi pap')).titles).toEqual(['BiPAP Machine']);
  });

  it('splits a word that is no index word into two that are', async () => {
    expect(splitTerm('xray', vocabulary)).toEqual(['x', 'ray']);
    expect(splitTerm('autoclave', vocabulary)).toBeNull();
    expect((await found('xray viewer')).titles).toEqual(['X-Ray Film Viewer']);
  });
});

describe('synonyms', () => {
  it('finds a product by a synonym of its title, below a product whose title holds the word', async () => {
    expect((await found('usg')).titles).toEqual(['USG Gel', 'Ultrasound Machine']);
    expect((await found('sonography machine')).titles).toEqual(['Ultrasound Machine']);
  });
});

describe('generic words', () => {
  // "machine" is in 6 of 11 titles: a kind of thing, not which.
  const MACHINES: SearchDoc[] = [
    [11, 'A-Scan Biometer', '/products/11/a-scan-biometer', 'Axial length by ultrasound.'],
    [12, 'B-Scan Ultrasound', '/products/12/b-scan-ultrasound', 'Posterior segment scanning.'],
    [13, 'Digital X-Ray System', '/products/13/digital-x-ray-system', 'Radiography.'],
    [14, 'OPG Machine', '/products/14/opg-machine', 'Dental panoramic imaging.'],
    [15, 'Ultrasound Machine', '/products/15/ultrasound-machine', 'A scanner for abdominal scanning.'],
    [16, 'Suction Machine', '/products/16/suction-machine', 'Airway suction.'],
    [17, 'CPAP Machine', '/products/17/cpap-machine', 'Airway pressure.'],
    [18, 'EEG Machine', '/products/18/eeg-machine', 'Brain activity.'],
    [19, 'Polysomnography System', '/products/19/polysomnography-system', 'Sleep studies.'],
    [20, 'Peritoneal Dialysis Cycler', '/products/20/peritoneal-dialysis-cycler', 'Automated exchanges.'],
    [21, 'Hemodialysis Machine', '/products/21/hemodialysis-machine', 'Haemodialysis.'],
  ];
  const index = buildTinyIndex(
    MACHINES,
    [{ id: 'all', name: 'Equipment', start: 0, end: MACHINES.length, subcategories: [] }],
    { opg: ['x', 'ray'], polysomnography: ['psg'], hemodialysis: ['dialysis', 'kidney'] },
  );
  async function titles(query: string) {
    const result = await search(query, index.manifest, index.load);
    return (await documents(result.ranked, index.manifest, index.load)).map(({ doc }) => doc[1]);
  }

  it('a word in at least 5 titles and 4 % of them is generic', () => {
    expect(isGeneric(5, 11)).toBe(true);
    expect(isGeneric(4, 11)).toBe(false);
    expect(isGeneric(19, 250)).toBe(true);
    expect(isGeneric(9, 250)).toBe(false);
  });

  it('does not put a title holding the generic word above one holding the specific words', async () => {
    // "OPG Machine" holds "x ray" only as a synonym, and "machine" in its title.
    expect((await titles('x ray machine'))[0]).toBe('Digital X-Ray System');
  });

  it('a generic word still counts beside a specific word the title holds, inside a longer word too', async () => {
    expect((await titles('dialysis machine'))[0]).toBe('Hemodialysis Machine');
  });

  it('finds a hyphenated product type written with a space, or joined, before a generic word', async () => {
    expect((await titles('a scan machine'))[0]).toBe('A-Scan Biometer');
    expect((await titles('ascan machine'))[0]).toBe('A-Scan Biometer');
    expect((await titles('b scan machine'))[0]).toBe('B-Scan Ultrasound');
  });

  it("finds a machine named by its procedure's abbreviation from the synonyms", async () => {
    expect((await titles('psg machine'))[0]).toBe('Polysomnography System');
  });

  it('a query of generic words only finds what holds them', async () => {
    expect((await titles('machine')).sort()).toEqual([
      'CPAP Machine',
      'EEG Machine',
      'Hemodialysis Machine',
      'OPG Machine',
      'Suction Machine',
      'Ultrasound Machine',
    ]);
  });

  it('ranks a generic word by its match among the products holding the specific words', () => {
    const perTerm = [new Map([[0, 300], [1, 250]]), new Map([[1, 300], [2, 300]])];
    expect(rankByTerms(perTerm, ['xray', 'machine'], () => 0, [false, true]).ranked).toEqual([0, 1]);
    // Without a product holding both, the most words first, as ever.
    const apart = [new Map([[0, 300]]), new Map([[1, 300]]), new Map([[2, 300]])];
    expect(rankByTerms(apart, ['a', 'b', 'machine'], () => 0, [false, false, true]).droppedTerms).toEqual(['b', 'machine']);
  });
});
