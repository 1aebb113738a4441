import { type ReactNode, useRef } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryError } from '../../../components/ui/query-error';
import { StaffOfflineStatus } from '../../../components/ui/staff-offline-status';
import { cn } from '../../../lib/cn';
import { useSharedDevice } from '../../../lib/current-device';
import { useCan, useCurrentSession } from '../../../lib/current-session';
import { useTodayKitchenStats } from '../../../lib/get-kitchen-stats';
import { useStations } from '../../../lib/get-stations';
import { t } from '../../../lib/i18n/i18n';
import { useLogout } from '../../../lib/logout';
import { useInertOutside } from '../../../lib/use-inert-outside';
import { useNow } from '../../../lib/use-now';
import { useKitchenView } from '../api/get-kitchen';
import { PrepFigures } from '../components/prep-figures';
import { PrinterBanner } from '../components/printer-banner';
import { KitchenLoading } from '../components/screen-status';
import { StationBoard } from '../components/station-board';
import { StationPicker } from '../components/station-picker';
import { useCompactLayout } from '../components/use-compact-layout';
import { useStationChoice } from '../components/use-station-choice';

/**
 * A station's screen (PRODUCT.md §10): the tickets it has to make, oldest first, what it makes all
 * day, its recent bumps and its printer; worked by touch or a bump bar, read from two metres. The
 * device remembers its station. The dashboard's stream keeps it live; it is read again on every
 * reconnect. Through a Wi-Fi drop it keeps its tickets, says how long it has been offline and
 * queues its bumps (PRODUCT.md §13).
 */
export function KitchenScreen() {
  const session = useCurrentSession();
  const canManage = useCan('orders.manage');
  const stations = useStations();
  const [station, chooseStation] = useStationChoice(session.restaurant.id, stations.data);
  const view = useKitchenView(station?.id);
  // A figure in a corner: five minutes old is fresh enough.
  const stats = useTodayKitchenStats({ refreshEvery: 5 * 60_000 });
  const now = useNow(15_000);
  const [compact, setCompact] = useCompactLayout();
  // Compact covers the top bar and its "Switch user": a shared tablet keeps the way out here.
  const sharedDevice = useSharedDevice();
  const logout = useLogout();
  // Compact, the screen is the station's alone: the dashboard under it takes no focus.
  const section = useRef<HTMLElement>(null);
  useInertOutside(section, compact);

  let content: ReactNode;
  if (stations.isError && !stations.data) {
    content = (
      <QueryError
        title={t('kitchen.screen.stationsFailed')}
        error={stations.error}
        retrying={stations.isFetching}
        onRetry={() => void stations.refetch()}
      />
    );
  } else if (stations.data && !station) {
    content = <p className="p-8 text-center text-xl text-slate-300">{t('kitchen.screen.noStations')}</p>;
  } else if (view.isError && !view.data) {
    content = (
      <QueryError
        title={t('kitchen.screen.loadFailed')}
        error={view.error}
        retrying={view.isFetching}
        onRetry={() => void view.refetch()}
      />
    );
  } else if (!view.data) {
    content = <KitchenLoading />;
  } else {
    content = (
      <StationBoard
        key={view.data.station.id}
        view={view.data}
        now={now}
        canManage={canManage}
        compact={compact}
      />
    );
  }

  return (
    <>
      <PageHeader
        title={t('kitchen.screen.title')}
        documentTitle={station ? t('kitchen.screen.documentTitle', { station: station.name }) : undefined}
        description={station ? station.name : t('kitchen.screen.description')}
        actions={
          <Link to="/dashboard/kitchen/expo" className={buttonClassName('secondary')}>
            {t('kitchen.expo.open')}
          </Link>
        }
      />
      <section
        ref={section}
        aria-label={t('kitchen.screen.label')}
        data-testid="kitchen-station"
        data-layout={compact ? 'compact' : 'roomy'}
        className={cn(
          'flex flex-col bg-slate-950 text-slate-100 [color-scheme:dark]',
          // Compact covers the dashboard's bars (dialogs and toasts still come on top): more tickets fit.
          compact ? 'fixed inset-0 z-40 gap-2 overflow-y-auto p-2' : 'gap-3 rounded-2xl p-3',
        )}
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          {stations.data ? (
            <StationPicker stations={stations.data} chosenId={station?.id} onChoose={chooseStation} />
          ) : (
            <span />
          )}
          <div className="flex flex-wrap items-center gap-3">
            {station ? <PrepFigures stats={stats.data} stationId={station.id} /> : null}
            {compact ? (
              <Link
                to="/dashboard/kitchen/expo"
                className="inline-flex min-h-11 items-center rounded-lg border-2 border-slate-500 px-3 text-lg font-bold text-slate-100 hover:bg-slate-800 focus-visible:outline-sky-300"
              >
                {t('kitchen.expo.open')}
              </Link>
            ) : null}
            {compact && sharedDevice ? (
              <button
                type="button"
                onClick={() => logout.mutate()}
                disabled={logout.isPending}
                className="inline-flex min-h-11 items-center rounded-lg border-2 border-slate-500 px-3 text-lg font-bold text-slate-100 hover:bg-slate-800 focus-visible:outline-sky-300"
              >
                {t('kitchen.board.switchUser')}
              </button>
            ) : null}
            <button
              type="button"
              aria-pressed={compact}
              onClick={() => setCompact(!compact)}
              className="inline-flex min-h-11 items-center rounded-lg border-2 border-slate-500 px-3 text-lg font-bold text-slate-100 hover:bg-slate-800 aria-pressed:border-sky-300 aria-pressed:bg-sky-950 focus-visible:outline-sky-300"
            >
              {t('kitchen.board.compact')}
            </button>
          </div>
        </div>
        <StaffOfflineStatus tone="dark" />
        <PrinterBanner printer={view.data?.printer ?? null} timeZone={session.restaurant.timezone} />
        {content}
      </section>
    </>
  );
}
