import { describe, expect, it } from 'vitest';
import { categoryFormSchema } from './category-form-schema';

function errorsOf(values: { name: string; description: string }): Record<string, string> {
  const result = categoryFormSchema().safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('categoryFormSchema', () => {
  it('gives the contract’s values: a trimmed name', () => {
    expect(categoryFormSchema().parse({ name: '  Pasta ', description: '' })).toMatchObject({
      name: 'Pasta',
    });
  });

  it('says what is wrong in sentences that name the input', () => {
    expect(errorsOf({ name: '  ', description: 'x'.repeat(501) })).toEqual({
      name: 'Name is required.',
      description: 'Description (optional) must be at most 500 characters.',
    });
    expect(errorsOf({ name: 'x'.repeat(81), description: '' })).toEqual({
      name: 'Name must be at most 80 characters.',
    });
  });
});
