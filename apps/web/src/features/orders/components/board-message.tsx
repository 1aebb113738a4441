import type { ReactNode } from 'react';

/** What the board says instead of columns (nothing open yet). */
export function BoardMessage({
  icon,
  title,
  children,
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border-2 border-dashed border-slate-700 px-6 py-16 text-center">
      {icon ? (
        <div className="flex size-14 items-center justify-center rounded-full bg-slate-800 text-teal-300">
          {icon}
        </div>
      ) : null}
      <h2 className="text-xl font-semibold text-white">{title}</h2>
      {children ? <div className="max-w-md text-base text-slate-300">{children}</div> : null}
    </div>
  );
}
