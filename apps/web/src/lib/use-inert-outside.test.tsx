import { cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useInertOutside } from './use-inert-outside';

function Page({ active }: { active: boolean }) {
  const view = useRef<HTMLElement>(null);
  useInertOutside(view, active);
  return (
    <div>
      <nav data-testid="nav">menu</nav>
      <main>
        <h1 data-testid="heading">Orders</h1>
        <section ref={view} data-testid="view">
          board
        </section>
        <dialog data-testid="dialog">details</dialog>
      </main>
      <div aria-live="polite" data-testid="toasts" />
    </div>
  );
}

afterEach(cleanup);

describe('useInertOutside', () => {
  it('makes the rest of the page inert while active, but not dialogs or live regions', () => {
    const { getByTestId, rerender } = render(<Page active />);
    expect(getByTestId('nav').hasAttribute('inert')).toBe(true);
    expect(getByTestId('heading').hasAttribute('inert')).toBe(true);
    expect(getByTestId('view').hasAttribute('inert')).toBe(false);
    expect(getByTestId('dialog').hasAttribute('inert')).toBe(false);
    expect(getByTestId('toasts').hasAttribute('inert')).toBe(false);

    rerender(<Page active={false} />);
    for (const id of ['nav', 'heading']) expect(getByTestId(id).hasAttribute('inert')).toBe(false);
  });
});
