import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n/i18n';
import { loadCatalogues, speakEnglishAgain } from '../../testing/languages';
import { CheckboxField } from './checkbox-field';
import { FieldGroup } from './field';
import { TextField } from './text-field';

afterEach(cleanup);

function describedBy(element: HTMLElement): string[] {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? `missing #${id}`);
}

describe('Field', () => {
  it('names the control by its label and leaves it undescribed without messages', () => {
    render(<TextField label="E-mail" />);
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(input.hasAttribute('aria-invalid')).toBe(false);
  });

  it('describes the control by its hint and its error, and marks it invalid', () => {
    render(<TextField label="Password" hint="At least 8 characters." error="is required" />);
    const input = screen.getByRole('textbox', { name: 'Password' });
    expect(describedBy(input)).toEqual(['At least 8 characters.', 'Password is required.']);
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('puts a checkbox before its label, still named and described by them', () => {
    render(<CheckboxField label="Active" hint="Guests can order." />);
    const box = screen.getByRole('checkbox', { name: 'Active' });
    expect(describedBy(box)).toEqual(['Guests can order.']);
  });

  it('names a group by its legend and describes it by its messages', () => {
    render(
      <FieldGroup label="Tags" hint="Shown on the menu." error="must have at most 20 entries" announceError>
        <input type="checkbox" aria-label="vegan" />
      </FieldGroup>,
    );
    const group = screen.getByRole('group', { name: 'Tags' });
    expect(describedBy(group)).toEqual(['Shown on the menu.', 'Tags must have at most 20 entries.']);
    expect(screen.getByRole('alert').textContent).toBe('Tags must have at most 20 entries.');
  });

  it("says the contract's message as a sentence of its own in another language", async () => {
    loadCatalogues('de');
    i18n.activate('de');
    try {
      render(<TextField label="Name" error="must be at most 80 characters" />);
      const input = screen.getByRole('textbox', { name: 'Name' });
      expect(describedBy(input)).toEqual(['Geben Sie höchstens 80 Zeichen ein.']);
    } finally {
      await speakEnglishAgain();
    }
  });
});
