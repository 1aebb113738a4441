import { type ReactNode, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';

const MM_PER_PX = 25.4 / 96;
/** When the slip cannot be measured: a strip as long as A4, which a roll printer cuts after the content. */
const FALLBACK_HEIGHT_MM = 297;

/**
 * While a slip is on the page, printing gives it alone, on 80 mm paper as long as it is. `size:
 * 80mm auto` is no CSS (Chromium drops the declaration and prints on Letter), so the slip is
 * measured and its page's height written out. A named page, and rules that exist only while the
 * slip does, so that no other print (the QR sheet) inherits them.
 */
function slipRules(heightMm: number): string {
  return `@page tavolo-slip { size: 80mm ${heightMm}mm; margin: 0; }
[data-print-slip] { page: tavolo-slip; }
@media print {
  body > :not([data-print-slip]) { display: none !important; }
  html, body { background: #fff !important; min-height: 0 !important; }
}`;
}

/**
 * The slip's rules on the document while it is mounted. A constructed stylesheet: the server's
 * Content-Security-Policy (style-src 'self') blocks a <style> element written by script; where
 * constructed sheets are missing, a <style> element is the best there is.
 */
function adoptRules(): { write: (rules: string) => void; remove: () => void } {
  if (
    typeof CSSStyleSheet === 'function' &&
    'adoptedStyleSheets' in document &&
    'replaceSync' in CSSStyleSheet.prototype
  ) {
    const sheet = new CSSStyleSheet();
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return {
      write: (rules) => sheet.replaceSync(rules),
      remove: () => {
        document.adoptedStyleSheets = document.adoptedStyleSheets.filter((one) => one !== sheet);
      },
    };
  }
  const style = document.createElement('style');
  document.head.append(style);
  return {
    write: (rules) => {
      style.textContent = rules;
    },
    remove: () => style.remove(),
  };
}

/**
 * What prints on 80 mm paper (a receipt, the day's Z report): a copy of `children` under <body>,
 * laid out 80 mm wide out of sight, and the only thing printed. The screen shows its own copy,
 * which may be laid out for the screen.
 */
export function PrintSlip({ children, testId }: { children: ReactNode; testId?: string }) {
  const slip = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const rules = adoptRules();
    const measure = () => {
      const height = slip.current?.getBoundingClientRect().height ?? 0;
      // A millimetre or two to spare: a page a hair too short would print a second, empty one.
      rules.write(slipRules(height > 0 ? Math.ceil(height * MM_PER_PX) + 2 : FALLBACK_HEIGHT_MM));
    };
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : undefined;
    if (slip.current) observer?.observe(slip.current);
    return () => {
      observer?.disconnect();
      rules.remove();
    };
  }, []);

  return createPortal(
    <div
      ref={slip}
      data-print-slip=""
      data-testid={testId}
      // The screen reader reads the screen's copy; this one is for paper.
      aria-hidden="true"
      className="pointer-events-none invisible fixed top-0 -left-[200mm] w-[80mm] bg-white p-[4mm] text-black print:visible print:static print:pointer-events-auto"
    >
      {children}
    </div>,
    document.body,
  );
}
