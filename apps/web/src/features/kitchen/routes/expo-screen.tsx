import type { TOrder } from '@tavolo/contract/orders';
import { type ReactNode, useCallback, useMemo } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryError } from '../../../components/ui/query-error';
import { StaffOfflineStatus } from '../../../components/ui/staff-offline-status';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { courseName } from '../../../lib/courses';
import { useCurrentOrders } from '../../../lib/current-orders';
import { useCan } from '../../../lib/current-session';
import { useStations } from '../../../lib/get-stations';
import { t } from '../../../lib/i18n/i18n';
import { useNow } from '../../../lib/use-now';
import { useFireCourse } from '../api/fire-course';
import { useMarkServed } from '../api/mark-served';
import { ExpoOrderCard } from '../components/expo-order-card';
import { KitchenLoading } from '../components/screen-status';
import { expoOrders, stationProgress } from '../model/expo';

/**
 * The pass (PRODUCT.md §10): every open order whole, oldest first, with each station's progress;
 * held courses are fired from here and ready orders marked served. The board's live list, kept by
 * the dashboard's stream.
 */
export function ExpoScreen() {
  const canManage = useCan('orders.manage');
  const orders = useCurrentOrders();
  const stations = useStations();
  const fire = useFireCourse();
  const served = useMarkServed();
  const toast = useToast();
  const now = useNow(15_000);

  const stationList = stations.data;
  const defaultStationId = stationList?.find((station) => station.isDefault)?.id ?? null;
  const stationOrder = useMemo(() => stationList?.map((station) => station.id) ?? [], [stationList]);
  const stationName = useCallback(
    (stationId: string) =>
      stationList?.find((station) => station.id === stationId)?.name ?? t('kitchen.expo.unknownStation'),
    [stationList],
  );
  const list = useMemo(() => expoOrders(orders.data ?? []), [orders.data]);

  const busyOrder =
    (fire.isPending ? fire.variables?.orderId : undefined) ??
    (served.isPending ? served.variables?.orderId : undefined);

  const onFire = useCallback(
    (order: TOrder, course: number) =>
      fire.mutate(
        { orderId: order.id, course },
        {
          onSuccess: () =>
            toast.success(t('kitchen.expo.fired', { course: courseName(course), table: order.tableNumber })),
          onError: (error) => toast.error(getErrorMessage(error)),
        },
      ),
    [fire, toast],
  );
  const onServed = useCallback(
    (order: TOrder) =>
      served.mutate({ orderId: order.id }, { onError: (error) => toast.error(getErrorMessage(error)) }),
    [served, toast],
  );

  let content: ReactNode;
  if (orders.isPending) {
    content = <KitchenLoading />;
  } else if (orders.isError && !orders.data) {
    content = (
      <QueryError
        title={t('kitchen.expo.loadFailed')}
        error={orders.error}
        retrying={orders.isFetching}
        onRetry={() => void orders.refetch()}
      />
    );
  } else if (list.length === 0) {
    content = (
      <p
        role="status"
        className="rounded-xl bg-slate-900 p-8 text-center text-2xl font-semibold text-slate-300"
      >
        {t('kitchen.expo.empty')}
      </p>
    );
  } else {
    content = (
      <ol
        aria-label={t('kitchen.expo.label')}
        className="grid grid-cols-[repeat(auto-fill,minmax(17rem,1fr))] items-start gap-3"
      >
        {list.map((order) => (
          <ExpoOrderCard
            key={order.id}
            order={order}
            progress={stationProgress(order, defaultStationId, stationOrder)}
            stationName={stationName}
            now={now}
            canManage={canManage}
            busy={busyOrder === order.id}
            onFire={onFire}
            onServed={onServed}
          />
        ))}
      </ol>
    );
  }

  return (
    <>
      <PageHeader
        title={t('kitchen.expo.title')}
        description={t('kitchen.expo.description')}
        actions={
          <Link to="/dashboard/kitchen" className={buttonClassName('secondary')}>
            {t('kitchen.expo.toStations')}
          </Link>
        }
      />
      <section
        aria-label={t('kitchen.expo.title')}
        data-testid="kitchen-expo"
        className="flex flex-col gap-3 rounded-2xl bg-slate-950 p-3 text-slate-100 [color-scheme:dark]"
      >
        <StaffOfflineStatus tone="dark" />
        {content}
      </section>
    </>
  );
}
