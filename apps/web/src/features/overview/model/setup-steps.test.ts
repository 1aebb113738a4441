import { describe, expect, it } from 'vitest';
import { describeSetup, readMenuSetup } from './setup-steps';

const everything = () => true;

describe('describeSetup', () => {
  it('ticks what is done and counts it', () => {
    const progress = describeSetup(
      { categories: true, dishes: true, tables: false, staff: false },
      everything,
    );
    expect(progress.steps.map((step) => [step.id, step.done])).toEqual([
      ['categories', true],
      ['dishes', true],
      ['tables', false],
      ['staff', false],
    ]);
    expect(progress).toMatchObject({ doneCount: 2, complete: false, pending: false });
  });

  it('is complete when every step is done, and pending while one is unknown', () => {
    expect(
      describeSetup({ categories: true, dishes: true, tables: true, staff: true }, everything).complete,
    ).toBe(true);
    expect(describeSetup({ categories: true, dishes: true, tables: true }, everything)).toMatchObject({
      complete: false,
      pending: true,
    });
  });

  it('shows only the steps the user may take', () => {
    const progress = describeSetup({ tables: true }, (permission) => permission === 'tables.manage');
    expect(progress.steps.map((step) => step.id)).toEqual(['tables']);
    expect(progress.complete).toBe(true);
    expect(describeSetup({}, () => false)).toMatchObject({ steps: [], complete: true });
  });
});

describe('readMenuSetup', () => {
  it('finds dishes through the categories’ counts', () => {
    expect(readMenuSetup([])).toEqual({ categories: false, dishes: false });
    expect(readMenuSetup([{ itemCount: 0 }])).toEqual({ categories: true, dishes: false });
    expect(readMenuSetup([{ itemCount: 0 }, { itemCount: 3 }])).toEqual({ categories: true, dishes: true });
  });
});
