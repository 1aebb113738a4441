import type { TOptionGroup } from '@tavolo/contract/menu';
import { describe, expect, it } from 'vitest';
import {
  describeGroupRule,
  isSingleChoice,
  optionsPriceMinor,
  selectionToOptions,
  toggleChoice,
  validateSelection,
} from './option-selection';

const size: TOptionGroup = {
  name: 'Size',
  required: true,
  min: 1,
  max: 1,
  choices: [
    { name: 'Regular', priceMinor: 0 },
    { name: 'Large', priceMinor: 300 },
  ],
};
const extras: TOptionGroup = {
  name: 'Extras',
  required: false,
  min: 0,
  max: 2,
  choices: [
    { name: 'Burrata', priceMinor: 250 },
    { name: 'Nduja', priceMinor: 150 },
    { name: 'Rocket', priceMinor: 0 },
  ],
};
const sauces: TOptionGroup = {
  name: 'Sauces',
  required: true,
  min: 2,
  max: 3,
  choices: [
    { name: 'Aioli', priceMinor: 0 },
    { name: 'Ketchup', priceMinor: 0 },
    { name: 'Pesto', priceMinor: 50 },
    { name: 'Salsa', priceMinor: 0 },
  ],
};
const side: TOptionGroup = {
  name: 'Side',
  required: false,
  min: 0,
  max: 1,
  choices: [{ name: 'Fries', priceMinor: 300 }],
};

describe('describeGroupRule', () => {
  it('says whether a choice is needed, and how many', () => {
    expect(describeGroupRule(size)).toBe('Required · choose 1');
    expect(describeGroupRule(extras)).toBe('Optional · up to 2');
    expect(describeGroupRule(sauces)).toBe('Required · choose 2 to 3');
    expect(describeGroupRule(side)).toBe('Optional');
    expect(describeGroupRule({ ...sauces, min: 2, max: 2 })).toBe('Required · choose 2');
  });

  it('uses radio buttons for one pick, checkboxes for more', () => {
    expect(isSingleChoice(size)).toBe(true);
    expect(isSingleChoice(side)).toBe(true);
    expect(isSingleChoice(extras)).toBe(false);
  });
});

describe('validateSelection', () => {
  it('asks for the required groups, and only those', () => {
    expect(validateSelection([size, extras], {})).toEqual({ Size: 'Choose one.' });
    expect(validateSelection([size, extras], { Size: ['Large'] })).toEqual({});
  });

  it('holds a group to its minimum and maximum', () => {
    expect(validateSelection([sauces], { Sauces: ['Aioli'] })).toEqual({ Sauces: 'Choose at least 2.' });
    expect(validateSelection([sauces], { Sauces: ['Aioli', 'Pesto'] })).toEqual({});
    expect(validateSelection([sauces], { Sauces: ['Aioli', 'Pesto', 'Salsa', 'Ketchup'] })).toEqual({
      Sauces: 'Choose at most 3.',
    });
    expect(validateSelection([{ ...sauces, max: 2 }], { Sauces: ['Aioli'] })).toEqual({
      Sauces: 'Choose 2.',
    });
    expect(validateSelection([extras], { Extras: ['Burrata', 'Nduja', 'Rocket'] })).toEqual({
      Extras: 'Choose at most 2.',
    });
  });

  it('does not count choices the menu no longer has', () => {
    expect(validateSelection([size], { Size: ['Family size'] })).toEqual({ Size: 'Choose one.' });
  });
});

describe('toggleChoice', () => {
  it('swaps the pick of a single-choice group; a required one cannot be emptied', () => {
    let selection = toggleChoice(size, {}, 'Regular');
    expect(selection).toEqual({ Size: ['Regular'] });
    selection = toggleChoice(size, selection, 'Large');
    expect(selection).toEqual({ Size: ['Large'] });
    expect(toggleChoice(size, selection, 'Large')).toBe(selection);
    expect(toggleChoice(side, { Side: ['Fries'] }, 'Fries')).toEqual({ Side: [] });
  });

  it('adds and removes in a multiple group, and ignores a pick past its maximum', () => {
    let selection = toggleChoice(extras, {}, 'Burrata');
    selection = toggleChoice(extras, selection, 'Rocket');
    expect(selection).toEqual({ Extras: ['Burrata', 'Rocket'] });
    expect(toggleChoice(extras, selection, 'Nduja')).toBe(selection);
    expect(toggleChoice(extras, selection, 'Burrata')).toEqual({ Extras: ['Rocket'] });
  });
});

describe('selectionToOptions and optionsPriceMinor', () => {
  it('lists the picks in menu order and prices them', () => {
    const options = selectionToOptions([size, extras], { Extras: ['Rocket', 'Burrata'], Size: ['Large'] });
    expect(options).toEqual([
      { group: 'Size', choice: 'Large' },
      { group: 'Extras', choice: 'Burrata' },
      { group: 'Extras', choice: 'Rocket' },
    ]);
    expect(optionsPriceMinor([size, extras], options)).toBe(550);
    expect(optionsPriceMinor([size, extras], [])).toBe(0);
  });

  it('cannot price a choice that is gone', () => {
    expect(optionsPriceMinor([size], [{ group: 'Size', choice: 'Family size' }])).toBeUndefined();
    expect(optionsPriceMinor([size], [{ group: 'Crust', choice: 'Thin' }])).toBeUndefined();
  });
});
