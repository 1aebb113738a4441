import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { Logo } from '../../../components/ui/logo';

/** The frame of the signed-out screens: the mark, one card, and a line beneath it. */
export function AuthLayout({
  title,
  description,
  children,
  footer,
  wide = false,
}: {
  title: string;
  /** Room for a grid (a shared device's names) rather than a form's column. */
  wide?: boolean;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col items-center px-4 py-8 sm:justify-center sm:py-12">
      <title>{`${title} · Tavolo`}</title>
      <main className={`flex w-full flex-col gap-6 ${wide ? 'max-w-3xl' : 'max-w-md'}`}>
        <Logo className="self-center" />
        <Card className="flex flex-col gap-6">
          <div className="flex flex-col gap-1">
            <h1 className="text-xl font-semibold tracking-tight text-ink">{title}</h1>
            {description ? <p className="text-sm text-ink-muted">{description}</p> : null}
          </div>
          {children}
        </Card>
        {footer ? <div className="text-center text-sm text-ink-muted">{footer}</div> : null}
      </main>
    </div>
  );
}

export const authLinkClassName =
  'font-medium text-accent-700 underline-offset-4 hover:underline focus-visible:underline';
