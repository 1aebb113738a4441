import type { TStation } from '@tavolo/contract/kitchen';
import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n/i18n';

/** The stations as a row of toggles; the device remembers the one chosen. */
export function StationPicker({
  stations,
  chosenId,
  onChoose,
}: {
  stations: readonly TStation[];
  chosenId: string | undefined;
  onChoose: (stationId: string) => void;
}) {
  if (stations.length < 2) return null;
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">{t('kitchen.station.label')}</legend>
      {stations.map((station) => {
        const chosen = station.id === chosenId;
        return (
          <button
            key={station.id}
            type="button"
            aria-pressed={chosen}
            onClick={() => onChoose(station.id)}
            className={cn(
              'min-h-11 rounded-lg border-2 px-4 text-base font-bold focus-visible:outline-sky-300',
              chosen
                ? 'border-teal-300 bg-teal-300 text-slate-950'
                : 'border-slate-600 bg-slate-800 text-slate-100 hover:bg-slate-700',
            )}
          >
            {station.name}
          </button>
        );
      })}
    </fieldset>
  );
}
