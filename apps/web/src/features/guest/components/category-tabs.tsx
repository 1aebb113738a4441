import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n/i18n';
import { pickActiveSection } from '../model/active-section';

export interface CategoryTab {
  id: string;
  name: string;
}

/** How tall the sticky row is; sections keep this much room above them (scroll-mt-16). */
const TABS_HEIGHT_PX = 64;

/** The id of a category's section on the page. */
export const categorySectionId = (categoryId: string) => `category-${categoryId}`;

/**
 * Which section is being read (pickActiveSection), measured on scroll. A jump by tap holds the
 * answer for a moment, so the smooth scroll does not flick through the sections in between.
 */
function useScrollSpy(ids: readonly string[], offset: number) {
  const [active, setActive] = useState(ids[0] ?? null);
  const holdUntil = useRef(0);

  useEffect(() => {
    if (ids.length === 0) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      if (Date.now() < holdUntil.current) return;
      const sections = ids.flatMap((id) => {
        const element = document.getElementById(categorySectionId(id));
        return element ? [{ id, top: element.getBoundingClientRect().top }] : [];
      });
      setActive(
        pickActiveSection(sections, {
          offset,
          scrollY: window.scrollY,
          viewportHeight: window.innerHeight,
          pageHeight: document.documentElement.scrollHeight,
        }) ??
          ids[0] ??
          null,
      );
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [ids, offset]);

  const hold = useCallback((id: string) => {
    holdUntil.current = Date.now() + 800;
    setActive(id);
  }, []);
  return [active, hold] as const;
}

/**
 * The menu's categories as a sticky row of tabs that jump to their section and follow the scroll;
 * `before` (the dish filter) leads the row and stays put while the tabs scroll sideways.
 */
export function CategoryTabs({
  categories,
  before,
}: {
  categories: readonly CategoryTab[];
  before?: ReactNode;
}) {
  const nav = useRef<HTMLElement>(null);
  const idsKey = categories.map((category) => category.id).join(' ');
  const ids = useMemo(() => idsKey.split(' ').filter(Boolean), [idsKey]);
  const [active, hold] = useScrollSpy(ids, TABS_HEIGHT_PX);

  // Keeps the active tab in view inside the row, without moving the page.
  useEffect(() => {
    const strip = nav.current?.querySelector<HTMLElement>('[data-strip]');
    const tab = strip?.querySelector<HTMLElement>(`[data-category="${active}"]`);
    if (!strip || !tab) return;
    // Measured against the strip itself: offsetLeft counts from the sticky row, filter button included.
    const offset = tab.getBoundingClientRect().left - strip.getBoundingClientRect().left + strip.scrollLeft;
    const left = offset - (strip.clientWidth - tab.offsetWidth) / 2;
    strip.scrollTo({ left: Math.max(0, left), behavior: 'smooth' });
  }, [active]);

  const jump = (id: string) => {
    const section = document.getElementById(categorySectionId(id));
    if (!section) return;
    hold(id);
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    section.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    // Keyboard users continue reading from the section they jumped to.
    section.focus({ preventScroll: true });
  };

  const tabs = categories.length >= 2;
  if (!tabs && !before) return null;
  return (
    <div className="sticky top-0 z-20 border-b border-line bg-panel/95 backdrop-blur supports-[backdrop-filter]:bg-panel/85">
      <div className="mx-auto flex max-w-2xl items-center">
        {before ? <div className="shrink-0 py-2 pl-4">{before}</div> : null}
        {tabs ? (
          <nav ref={nav} aria-label={t('guest.menu.sections')} className="min-w-0 flex-1">
            <ul data-strip className="flex gap-2 overflow-x-auto px-4 py-2 [scrollbar-width:none]">
              {categories.map((category) => {
                const current = category.id === active;
                return (
                  <li key={category.id} className="shrink-0">
                    <button
                      type="button"
                      data-category={category.id}
                      aria-current={current ? 'true' : undefined}
                      onClick={() => jump(category.id)}
                      className={cn(
                        'min-h-11 rounded-full px-4 text-sm font-medium whitespace-nowrap transition-colors',
                        current ? 'bg-accent-700 text-white' : 'bg-slate-100 text-ink hover:bg-slate-200',
                      )}
                    >
                      {category.name}
                    </button>
                  </li>
                );
              })}
            </ul>
          </nav>
        ) : null}
      </div>
    </div>
  );
}
