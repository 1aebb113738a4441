import type { ReactNode } from 'react';
import { Logo } from '../../../components/ui/logo';

/** A whole-page message on the guest side: a dead code, a menu that would not load, a lost order. */
export function GuestNotice({
  title,
  children,
  icon,
  action,
}: {
  title: string;
  children: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-8 px-6 py-10 text-center">
      <title>{`${title} · Tavolo`}</title>
      <div className="flex max-w-sm flex-col items-center gap-4">
        {icon ? (
          <div className="flex size-16 items-center justify-center rounded-full bg-accent-50 text-accent-700">
            {icon}
          </div>
        ) : null}
        <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
        <div className="flex flex-col gap-2 text-base text-ink-muted">{children}</div>
        {action ? <div className="flex w-full flex-col gap-2 pt-2">{action}</div> : null}
      </div>
      <Logo className="opacity-80" />
    </main>
  );
}
