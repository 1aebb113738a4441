import { CollapseIcon, ExpandIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n/i18n';

/**
 * Switches the board to the kitchen display: the whole screen, without the dashboard's sidebar,
 * so a tablet shows every column. Browser full screen is asked for too where it exists (it needs
 * the tap); the view itself lives in the URL, so a tablet can bookmark it.
 */
export function KitchenDisplayToggle({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={() => {
        if (!on) void document.documentElement.requestFullscreen?.().catch(() => undefined);
        else if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
        onChange(!on);
      }}
      className={cn(
        'min-h-11 items-center gap-2 rounded-lg bg-slate-800 px-3 text-sm font-bold text-slate-100 hover:bg-slate-700 focus-visible:outline-sky-300',
        // A phone has no sidebar to hide; the way out stays wherever the display is on.
        on ? 'inline-flex' : 'hidden md:inline-flex',
      )}
    >
      {on ? <CollapseIcon /> : <ExpandIcon />}
      {on ? t('orders.kitchenDisplay.exit') : t('orders.kitchenDisplay.enter')}
    </button>
  );
}
