import type { TKitchenStats } from '@tavolo/contract/kitchen';
import { t } from '../../../lib/i18n/i18n';
import { formatPrepTime } from '../model/labels';

/** Today's prep time at the station (fired → ready): the average and the time nine in ten beat. */
export function PrepFigures({ stats, stationId }: { stats: TKitchenStats | undefined; stationId: string }) {
  const figures = stats?.stations.find((station) => station.stationId === stationId);
  if (!figures || figures.lines === 0) return null;
  return (
    <p data-testid="prep-figures" className="text-base text-slate-300">
      {t('kitchen.prep.today', {
        average: formatPrepTime(figures.avgSeconds),
        p90: formatPrepTime(figures.p90Seconds),
        lines: figures.lines,
      })}
    </p>
  );
}
