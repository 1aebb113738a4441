import type { TPrinterStatus } from '@tavolo/contract/kitchen';
import { PrinterIcon } from '../../../components/ui/icons';
import { formatTimeOfDay } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';

/** Said loudly while the station's printer fails: tickets wait to print, the screen still has them. */
export function PrinterBanner({ printer, timeZone }: { printer: TPrinterStatus | null; timeZone: string }) {
  if (printer?.state !== 'failing') return null;
  const since = printer.failedSince ? formatTimeOfDay(printer.failedSince, timeZone) : null;
  return (
    <div
      role="alert"
      data-testid="printer-failing"
      className="flex items-start gap-3 rounded-xl border-2 border-red-400 bg-red-950 px-4 py-2 text-lg text-red-50"
    >
      <PrinterIcon className="mt-1 size-6 shrink-0" />
      <div className="flex flex-col">
        <p>
          <span className="font-bold">
            {since ? t('kitchen.printer.failingSince', { since }) : t('kitchen.printer.failing')}
          </span>{' '}
          {printer.pending > 0 ? t('kitchen.printer.pending', { count: printer.pending }) : null}
        </p>
        {printer.lastError ? <p className="text-base text-red-200">{printer.lastError}</p> : null}
      </div>
    </div>
  );
}
