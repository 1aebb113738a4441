import { describe, expect, it } from 'vitest';
import { accountFieldMessage } from './settlement-account-form';

describe('accountFieldMessage', () => {
  it('says each rule the contract checks as a sentence about its field', () => {
    expect(accountFieldMessage('bankName', 'too_small', 'is required')).toBe('Bank name is required.');
    expect(accountFieldMessage('accountName', 'too_big', 'must be at most 120 characters')).toBe(
      'Account holder must be at most 120 characters.',
    );
    expect(accountFieldMessage('accountNumber', 'too_small', 'must have at least 4 letters or digits')).toBe(
      'Account number or IBAN must have at least 4 letters or digits.',
    );
    expect(accountFieldMessage('accountNumber', 'invalid_format', 'must be letters and digits')).toBe(
      'Account number or IBAN must be letters and digits.',
    );
  });

  it('leaves a refusal it does not know as the contract says it', () => {
    expect(accountFieldMessage('isDefault', 'invalid_type', 'must be a boolean')).toBe('must be a boolean');
    expect(accountFieldMessage('bankName', 'too_big', 'is too long')).toBe('is too long');
  });
});
