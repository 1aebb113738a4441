import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { TableIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryError } from '../../../components/ui/query-error';
import { StaffOfflineStatus } from '../../../components/ui/staff-offline-status';
import { useCan, useCurrentSession } from '../../../lib/current-session';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { useNow } from '../../../lib/use-now';
import { useFloor } from '../api/get-floor';
import { TableTile, TableTilesSkeleton, TILE_GRID } from '../components/table-tile';
import { useNarrowScreen } from '../components/use-narrow-screen';
import { groupByArea, myTables, summarizeFloor } from '../model/floor-tables';

/**
 * Every table as a tile, by area, live: its state in colour and words, covers, waiter, how long its
 * oldest order has waited and what is due. A phone shows the waiter's own tables first. The
 * dashboard's stream keeps it fresh and it is read again on every reconnect.
 */
export function FloorScreen() {
  const session = useCurrentSession();
  const floor = useFloor();
  const now = useNow();
  const narrow = useNarrowScreen();
  const canManageTables = useCan('tables.manage');
  const currency = session.restaurant.currency;
  const tables = floor.data?.tables;

  let content: ReactNode;
  if (floor.isPending) {
    content = <TableTilesSkeleton />;
  } else if (floor.isError && !tables) {
    content = (
      <QueryError
        title={t('floor.screen.loadFailed')}
        error={floor.error}
        retrying={floor.isFetching}
        onRetry={() => void floor.refetch()}
      />
    );
  } else if (!tables || tables.length === 0) {
    content = (
      <EmptyState
        icon={<TableIcon />}
        title={t('floor.screen.emptyTitle')}
        description={t('floor.screen.emptyDescription')}
        action={
          canManageTables ? (
            <Link to="/dashboard/tables" className={buttonClassName('primary')}>
              {t('floor.screen.addTables')}
            </Link>
          ) : undefined
        }
      />
    );
  } else {
    const mine = myTables(tables, session.staffId);
    const mineIds = new Set(mine.map((table) => table.id));
    // On a phone one's own tables come first and are not repeated below.
    const rest = narrow ? tables.filter((table) => !mineIds.has(table.id)) : tables;
    const areas = groupByArea(rest);
    // Tables without an area are "the other tables" beside named ones, else simply the tables.
    const named = areas.some((group) => group.area !== null) || (narrow && mine.length > 0);
    content = (
      <div className="flex flex-col gap-8">
        {narrow && mine.length > 0 ? (
          <FloorSection title={t('floor.screen.myTables')} testId="my-tables">
            {mine.map((table) => (
              <TableTile key={table.id} table={table} currency={currency} now={now} mine />
            ))}
          </FloorSection>
        ) : null}
        {areas.map((group) => (
          <FloorSection
            key={group.area ?? ''}
            title={group.area ?? (named ? t('floor.screen.otherTables') : t('floor.screen.allTables'))}
            testId="floor-area"
          >
            {group.tables.map((table) => (
              <TableTile
                key={table.id}
                table={table}
                currency={currency}
                now={now}
                mine={mineIds.has(table.id)}
              />
            ))}
          </FloorSection>
        ))}
      </div>
    );
  }

  const summary = tables ? summarizeFloor(tables) : null;
  return (
    <>
      <PageHeader
        title={t('floor.screen.title')}
        description={
          summary
            ? // Guests who ordered by QR are not counted: no head count rather than a wrong one.
              summary.covers > 0
              ? t('floor.screen.summary', {
                  occupied: summary.occupied,
                  tables: summary.tables,
                  covers: summary.covers,
                  due: formatMoney(summary.dueMinor, currency),
                })
              : t('floor.screen.summaryNoCovers', {
                  occupied: summary.occupied,
                  tables: summary.tables,
                  due: formatMoney(summary.dueMinor, currency),
                })
            : t('floor.screen.description')
        }
      />
      <StaffOfflineStatus className="mb-4" />
      {content}
    </>
  );
}

function FloorSection({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section aria-label={title} data-testid={testId} className="flex flex-col gap-3">
      <h2 className="text-sm font-semibold tracking-wide text-ink-muted uppercase">{title}</h2>
      <ul className={TILE_GRID}>{children}</ul>
    </section>
  );
}
