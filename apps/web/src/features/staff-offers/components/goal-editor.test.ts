import { describe, expect, it } from 'vitest';
import { type CatalogueOptionsData } from '../api/get-catalogue-options';
import { goalChoices } from './goal-editor';

const OPTIONS = {
  products: [],
  verticals: [],
  goalTypes: [],
  goals: [
    { id: 1, identifier: 'first_deposit', name: 'First deposit', retired: false, minSecondsToConvert: null },
    { id: 2, identifier: 'install', name: 'App install', retired: true, minSecondsToConvert: null },
  ],
} satisfies CatalogueOptionsData;

describe('goalChoices (decision 078)', () => {
  it('names each goal with the code its postback sends, and leaves a retired goal out of a new offer', () => {
    expect(goalChoices(OPTIONS, [], '', 'retired')).toEqual([
      { value: 'first_deposit', label: 'First deposit (first_deposit)' },
    ]);
  });

  it('keeps a retired goal on the offer that pays on it already, marked', () => {
    expect(goalChoices(OPTIONS, ['install'], 'install', 'retired').map((c) => c.label)).toEqual([
      'First deposit (first_deposit)',
      'App install (install) · retired',
    ]);
  });
});
