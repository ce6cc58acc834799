import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../logic/json-schema';
import { fieldsOf } from '../logic/schema-fields';
import { breakProblems, ruleBreaks } from '../logic/schema-rules';

const schema: JsonSchema = {
  type: 'object',
  required: ['title'],
  properties: {
    title: { type: 'string', pattern: '\\S', maxLength: 10 },
    code: { type: 'string', pattern: '^[A-Z]{2}-\\d+$' },
    notes: { type: 'string' },
    specifications: {
      type: 'array',
      items: { type: 'object', properties: { name: { type: 'string', maxLength: 3 } } },
    },
  },
};
const fields = fieldsOf(schema);

describe('the schema rules checked before a save', () => {
  it('let a value within every rule through', () => {
    expect(ruleBreaks(fields, { title: 'Lamp', code: 'SL-900', notes: 'x'.repeat(500), specifications: [{ name: 'kg' }] })).toEqual([]);
  });

  it('find a text over its maxLength, counting characters', () => {
    expect(ruleBreaks(fields, { title: 'ééééééééééé' })).toEqual([{ path: ['title'], message: 'is 11 characters long: at most 10 fit' }]);
    expect(ruleBreaks(fields, { title: 'éééééééééé' })).toEqual([]);
  });

  it('find a text that does not match its pattern, in words for a text that must not be blank', () => {
    expect(ruleBreaks(fields, { title: '   ', code: 'sl900' })).toEqual([
      { path: ['title'], message: 'must not be empty or only spaces' },
      { path: ['code'], message: 'must match the pattern ^[A-Z]{2}-\\d+$' },
    ]);
  });

  it('look into lists and their items’ fields', () => {
    expect(ruleBreaks(fields, { title: 'Lamp', specifications: [{ name: 'ok' }, { name: 'Weight' }] })).toEqual([
      { path: ['specifications', 1, 'name'], message: 'is 6 characters long: at most 3 fit' },
    ]);
  });

  it('skip a pattern JavaScript cannot read, which the save’s check still applies', () => {
    const odd = fieldsOf({ type: 'object', properties: { word: { type: 'string', pattern: '(?<' } } });
    expect(ruleBreaks(odd, { word: 'anything' })).toEqual([]);
  });

  it('become errors at their fields, with no code', () => {
    const [problem] = breakProblems(ruleBreaks(fields, { title: '' }), 'products.toml', 12);
    expect(problem).toEqual({
      code: '',
      severity: 'error',
      message: 'Title must not be empty or only spaces.',
      hint: null,
      file: 'products.toml',
      line: null,
      column: null,
      entry: 12,
      field: ['title'],
    });
  });

  it('read every pattern of the committed schemas as JavaScript, so that none is skipped', () => {
    const dir = path.join(import.meta.dirname, '../../../../schemas');
    const patterns = new Set<string>();
    const collect = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (value !== null && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value)) {
          if (key === 'pattern' && typeof inner === 'string') patterns.add(inner);
          else collect(inner);
        }
      }
    };
    for (const name of readdirSync(dir)) collect(JSON.parse(readFileSync(path.join(dir, name), 'utf8')));
    expect(patterns.size).toBeGreaterThan(1);
    for (const pattern of patterns) expect(() => new RegExp(pattern, 'u'), pattern).not.toThrow();
  });
});
