import { describe, expect, it } from 'vitest';
import { pickActiveSection } from './active-section';

const page = { offset: 64, viewportHeight: 800 };

describe('pickActiveSection', () => {
  it('marks the first section at the top of a short menu that fits on one screen', () => {
    // Mains, then Desserts, both visible: nothing to scroll, so the page is at its end too.
    const sections = [
      { id: 'mains', top: 200 },
      { id: 'desserts', top: 500 },
    ];
    expect(pickActiveSection(sections, { ...page, scrollY: 0, pageHeight: 800 })).toBe('mains');
  });

  it('follows the section whose top passed under the tabs', () => {
    const sections = [
      { id: 'starters', top: -900 },
      { id: 'mains', top: 40 },
      { id: 'desserts', top: 700 },
    ];
    expect(pickActiveSection(sections, { ...page, scrollY: 1200, pageHeight: 4000 })).toBe('mains');
  });

  it('marks the last, short section once the guest scrolled to the very end', () => {
    const sections = [
      { id: 'mains', top: -600 },
      { id: 'desserts', top: 500 },
    ];
    expect(pickActiveSection(sections, { ...page, scrollY: 1400, pageHeight: 2200 })).toBe('desserts');
  });

  it('has nothing to mark without sections', () => {
    expect(pickActiveSection([], { ...page, scrollY: 0, pageHeight: 800 })).toBeNull();
  });
});
