import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createReleaseWatch } from '../../lib/release';
import { NewReleaseBanner } from './new-release-banner';

afterEach(cleanup);

describe('NewReleaseBanner', () => {
  it('offers to reload once the server names a newer release, and may be put off until a still newer one', () => {
    const watch = createReleaseWatch('2026-01-01-a');
    const reload = vi.fn();
    render(<NewReleaseBanner watch={watch} reload={reload} />);
    expect(screen.queryByTestId('new-release')).toBeNull();
    act(() => watch.note('2026-01-01-a'));
    expect(screen.queryByTestId('new-release')).toBeNull();

    act(() => watch.note('2026-02-01-b'));
    const banner = screen.getByTestId('new-release');
    expect(banner.textContent).toContain('Tavolo has been updated. Reload to use the new version.');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByTestId('new-release')).toBeNull();
    act(() => watch.note('2026-03-01-c'));
    expect(screen.getByTestId('new-release')).toBeTruthy();
  });
});
