import { type RefObject, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { CloseIcon } from '../../components/ui/icons';
import { Logo } from '../../components/ui/logo';
import { useCurrentSession } from '../../lib/current-session';
import { t } from '../../lib/i18n/i18n';
import { SidebarNav } from './sidebar-nav';

export const MOBILE_NAV_ID = 'mobile-nav';

/**
 * The sidebar below the `lg` breakpoint: a modal <dialog>, so the browser traps focus, makes the
 * page behind inert and closes it on Escape.
 */
export function MobileNav({
  open,
  onClose,
  returnFocusTo,
}: {
  open: boolean;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const session = useCurrentSession();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  // Growing past the breakpoint shows the fixed sidebar; a modal left open would keep the page inert.
  useEffect(() => {
    const wide = window.matchMedia('(min-width: 64rem)');
    const closeWhenWide = () => wide.matches && onClose();
    wide.addEventListener('change', closeWhenWide);
    return () => wide.removeEventListener('change', closeWhenWide);
  }, [onClose]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop is mouse-only; keyboards close with Escape.
    <dialog
      ref={dialog}
      id={MOBILE_NAV_ID}
      aria-label={t('app.layout.menu')}
      onClose={() => {
        onClose();
        returnFocusTo.current?.focus();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself; its content covers the rest.
        if (event.target === event.currentTarget) onClose();
      }}
      className="m-0 h-dvh max-h-none w-72 max-w-[85vw] bg-panel p-0 shadow-xl backdrop:bg-slate-900/40 lg:hidden"
    >
      <div className="flex h-full flex-col gap-4 overflow-y-auto p-4">
        <div className="flex items-center justify-between">
          <Logo />
          <button
            type="button"
            onClick={onClose}
            className="flex size-11 items-center justify-center rounded-lg text-ink-muted hover:bg-slate-100"
            aria-label={t('app.layout.closeMenu')}
          >
            <CloseIcon />
          </button>
        </div>
        <SidebarNav onNavigate={onClose} />
        <div className="mt-auto border-t border-line px-3 pt-4 text-sm">
          <p className="truncate font-medium text-ink">{session.name}</p>
          <p className="truncate text-ink-muted">
            {t('app.account.roleAt', { userType: session.userType, restaurant: session.restaurant.name })}
          </p>
          <Link
            to="/dashboard/settings#language"
            onClick={onClose}
            className="mt-1 inline-flex min-h-11 items-center font-medium text-accent-800 underline-offset-2 hover:underline"
          >
            {t('app.account.languageAndPassword')}
          </Link>
        </div>
      </div>
    </dialog>
  );
}
