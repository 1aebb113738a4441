import type { TMenuItem } from '@tavolo/contract/menu';
import type { TOrder } from '@tavolo/contract/orders';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { orderBillRows } from '../../../components/shared/bill-money';
import { BillSummary } from '../../../components/shared/bill-summary';
import { Button } from '../../../components/ui/button';
import { ArrowLeftIcon, PlusIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryError } from '../../../components/ui/query-error';
import { Loading } from '../../../components/ui/spinner';
import { StaffOfflineStatus, UnsentMark } from '../../../components/ui/staff-offline-status';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage, isHttpError } from '../../../lib/api-client';
import { useCan, useCurrentSession } from '../../../lib/current-session';
import { formatMoney } from '../../../lib/format';
import { useCategories } from '../../../lib/get-categories';
import { useTodayMenu } from '../../../lib/get-today-menu';
import { t } from '../../../lib/i18n/i18n';
import { optionsPriceMinor } from '../../../lib/option-selection';
import { randomUuid } from '../../../lib/random-uuid';
import { describeStaffTap, unsentTaps, useStaffTapEntries } from '../../../lib/staff-taps';
import { useFloorTable } from '../api/get-floor-table';
import { usePlaceStaffOrder } from '../api/place-staff-order';
import { ChangeLineSheet } from '../components/change-line-sheet';
import { DiscountSheet } from '../components/discount-sheet';
import { DishPickerSheet } from '../components/dish-picker-sheet';
import { type DishChoice, DishSheet } from '../components/dish-sheet';
import { DraftPanel } from '../components/draft-panel';
import { FinishTableActions } from '../components/finish-table-actions';
import { HeldCourses } from '../components/held-courses';
import { type LineAction, LineActionsSheet } from '../components/line-actions-sheet';
import { MergeTableSheet, MoveOrderSheet } from '../components/move-and-merge';
import { TableStateBadge } from '../components/table-state-badge';
import { useOrderDraft } from '../components/use-order-draft';
import { VisitLines, VisitOrderList } from '../components/visit-orders';
import { VisitPanel } from '../components/visit-panel';
import { VoidSheet } from '../components/void-sheet';
import {
  addDraftLine,
  type DraftLine,
  draftCount,
  draftRequest,
  emptyDraft,
  removeDraftLine,
  replaceDraftLine,
  withSendingKey,
} from '../model/order-draft';
import type { VisitLine } from '../model/visit-lines';

const ORDER_TAPS = ['order.place'] as const;

/** A sheet open over the table's screen: one at a time (the PIN sheet opens over its own). */
type OpenSheet =
  | { kind: 'picker' }
  | { kind: 'dish'; item: TMenuItem; fromPicker: boolean }
  | { kind: 'draft-line'; line: DraftLine; item: TMenuItem | undefined }
  | { kind: 'line'; entry: VisitLine }
  | { kind: 'change'; entry: VisitLine }
  | { kind: 'void'; entry: VisitLine }
  | { kind: 'discount'; order: TOrder; lineIndex?: number }
  | { kind: 'move'; order: TOrder }
  | { kind: 'merge' }
  | null;

/**
 * One table: seat guests (covers and waiter) or hand the table over; the visit's orders by seat
 * and course; add items through the picker into a draft and send it; change, void or discount a
 * line; move an order or merge another table here; the bill's figures and the way to settle it.
 */
export function FloorTableScreen() {
  const { id = '' } = useParams();
  const { restaurant } = useCurrentSession();
  const toast = useToast();
  const detail = useFloorTable(id);
  const canCreate = useCan('orders.create');
  const canManage = useCan('orders.manage');
  const canSeeBills = useCan('orders.view');
  const [draft, updateDraft] = useOrderDraft(id);
  const place = usePlaceStaffOrder();
  const menu = useTodayMenu();
  const findDish = (menuItemId: string) =>
    menu.data?.categories.flatMap((category) => category.items).find((item) => item.id === menuItemId);
  // A line's course is its category's unless the waiter picks another (PRODUCT.md §10).
  const categories = useCategories();
  const courseOfCategory = (categoryId: string | undefined) =>
    categories.data?.find((category) => category.id === categoryId)?.course ?? null;
  const usualCourse = (menuItemId: string) => courseOfCategory(findDish(menuItemId)?.categoryId);
  const [sheet, setSheet] = useState<OpenSheet>(null);
  // The next dish goes to the same seat as the last one: a round is taken seat by seat. Its course
  // starts at its category's (a starter, then a main), not the last dish's.
  const [lastSeat, setLastSeat] = useState<number | null>(null);
  const currency = restaurant.currency;
  // Orders taken here through a Wi-Fi drop, waiting to be sent (PRODUCT.md §13).
  const waitingOrders = unsentTaps(useStaffTapEntries(), ORDER_TAPS).filter(
    (entry) => entry.waiting && entry.tap.tableId === id,
  );

  if (detail.isPending) return <Loading />;
  if (detail.isError && !detail.data) {
    const missing = isHttpError(detail.error, 404);
    return (
      <>
        <BackToFloor />
        <QueryError
          title={missing ? t('floor.table.notFound') : t('floor.table.loadFailed')}
          error={detail.error}
          retrying={detail.isFetching}
          onRetry={() => void detail.refetch()}
        />
      </>
    );
  }
  const { table, orders } = detail.data;
  const placed = orders.filter((order) => order.status !== 'cancelled');
  const sending = place.isPending;

  // A void or a discount: those who hold the permission give it, those who take orders ask a manager's PIN.
  const allowed = new Set<LineAction>([
    ...(canCreate ? (['change', 'void', 'discount', 'discount-order'] as const) : []),
    ...(canManage ? (['move'] as const) : []),
  ]);

  const send = () => {
    if (draft.lines.length === 0 || sending) return;
    const ready = withSendingKey(draft, randomUuid);
    updateDraft(() => ready);
    place.mutate(
      {
        body: draftRequest(ready),
        idempotencyKey: ready.idempotencyKey ?? randomUuid(),
        tableNumber: table.number,
        dishes: ready.lines.map((line) => ({ name: line.name, quantity: line.quantity })),
      },
      {
        onSuccess: (result) => {
          updateDraft(() => emptyDraft(id));
          if (result.queued) {
            toast.success(t('floor.draft.queued', { table: table.number, count: draftCount(ready) }));
            return;
          }
          toast.success(
            t('floor.draft.sent', {
              number: result.answer.number,
              table: table.number,
              count: draftCount(ready),
            }),
          );
        },
        onError: (error) => toast.error(t('floor.draft.sendFailed', { error: getErrorMessage(error) })),
      },
    );
  };

  const addToDraft = (item: TMenuItem, choice: DishChoice) => {
    updateDraft((current) =>
      addDraftLine(current, {
        id: randomUuid(),
        menuItemId: item.id,
        name: item.name,
        unitPriceMinor: unitPriceOf(item, choice),
        ...choice,
      }),
    );
    setLastSeat(choice.seat);
  };

  let sheetElement: ReactNode = null;
  switch (sheet?.kind) {
    case 'dish':
      sheetElement = (
        <DishSheet
          key={sheet.item.id}
          open
          name={sheet.item.name}
          unitPriceMinor={sheet.item.priceMinor}
          groups={sheet.item.options}
          initial={{ quantity: 1, options: [], note: '', seat: lastSeat, course: null }}
          covers={table.covers}
          usualCourse={courseOfCategory(sheet.item.categoryId)}
          currency={currency}
          submitLabel={(total) =>
            total === null
              ? t('floor.dish.addPlain')
              : t('floor.dish.add', { total: formatMoney(total, currency) })
          }
          onSubmit={(choice) => {
            addToDraft(sheet.item, choice);
            setSheet(sheet.fromPicker ? { kind: 'picker' } : null);
          }}
          onClose={() => setSheet(sheet.fromPicker ? { kind: 'picker' } : null)}
        />
      );
      break;
    case 'draft-line': {
      const { line, item } = sheet;
      sheetElement = (
        <DishSheet
          key={line.id}
          open
          name={line.name}
          unitPriceMinor={item ? item.priceMinor : null}
          groups={item ? item.options : null}
          initial={line}
          covers={table.covers}
          usualCourse={courseOfCategory(item?.categoryId)}
          currency={currency}
          submitLabel={() => t('floor.draft.update')}
          onSubmit={(choice) => {
            const unit = item ? unitPriceOf(item, choice) : line.unitPriceMinor;
            updateDraft((current) => replaceDraftLine(current, { ...line, ...choice, unitPriceMinor: unit }));
            setSheet(null);
          }}
          onClose={() => setSheet(null)}
        />
      );
      break;
    }
    case 'line':
      sheetElement = (
        <LineActionsSheet
          entry={sheet.entry}
          allowed={allowed}
          onClose={() => setSheet(null)}
          onChoose={(action) => {
            const { entry } = sheet;
            if (action === 'discount-order') setSheet({ kind: 'discount', order: entry.order });
            else if (action === 'discount')
              setSheet({ kind: 'discount', order: entry.order, lineIndex: entry.lineIndex });
            else if (action === 'move') setSheet({ kind: 'move', order: entry.order });
            else setSheet({ kind: action, entry });
          }}
        />
      );
      break;
    case 'change':
      sheetElement = (
        <ChangeLineSheet
          entry={sheet.entry}
          covers={table.covers}
          onVoidInstead={() => setSheet({ kind: 'void', entry: sheet.entry })}
          onClose={() => setSheet(null)}
        />
      );
      break;
    case 'void':
      sheetElement = <VoidSheet entry={sheet.entry} onClose={() => setSheet(null)} />;
      break;
    case 'discount':
      sheetElement = (
        <DiscountSheet order={sheet.order} lineIndex={sheet.lineIndex} onClose={() => setSheet(null)} />
      );
      break;
    case 'move':
      sheetElement = <MoveOrderSheet order={sheet.order} table={table} onClose={() => setSheet(null)} />;
      break;
    case 'merge':
      sheetElement = <MergeTableSheet table={table} onClose={() => setSheet(null)} />;
      break;
  }

  return (
    <>
      <BackToFloor />
      <PageHeader
        title={t('floor.table.title', { table: table.number })}
        documentTitle={t('floor.table.documentTitle', { table: table.number })}
        description={[table.label, table.area].filter(Boolean).join(' · ') || undefined}
        actions={<TableStateBadge state={table.state} className="px-3 py-1 text-sm" />}
      />
      <StaffOfflineStatus className="mb-4" />
      <div className="flex flex-col gap-6">
        <VisitPanel key={`${table.id}-${table.state === 'free'}`} table={table} canEdit={canCreate} />

        {canCreate ? (
          // Last and kept in view on a phone, under the thumb; beside the visit on a tablet.
          <div className="sticky bottom-0 z-10 order-last -mx-4 border-t border-line bg-panel/95 p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur sm:static sm:order-none sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
            <Button
              size="large"
              className="sm:w-auto sm:px-8"
              onClick={() => setSheet({ kind: 'picker' })}
              disabled={sending}
              data-testid="add-items"
            >
              <PlusIcon className="size-5" />
              {draft.lines.length > 0
                ? t('floor.table.addMore', { count: draftCount(draft) })
                : t('floor.table.addItems')}
            </Button>
          </div>
        ) : null}

        {draft.lines.length > 0 ? (
          <DraftPanel
            draft={draft}
            currency={currency}
            sending={sending}
            serviceChargeBasisPoints={detail.data.serviceChargeBasisPoints}
            usualCourse={usualCourse}
            onEdit={(line) => setSheet({ kind: 'draft-line', line, item: findDish(line.menuItemId) })}
            onRemove={(line) => updateDraft((current) => removeDraftLine(current, line.id))}
            onSend={send}
          />
        ) : null}

        {waitingOrders.length > 0 ? (
          <section
            aria-labelledby="waiting-orders-heading"
            className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3"
            data-testid="waiting-orders"
          >
            <h2 id="waiting-orders-heading" className="text-base font-semibold text-ink">
              {t('floor.table.waitingOrders')}
            </h2>
            <ul className="flex flex-col gap-1 text-sm text-ink">
              {waitingOrders.map(({ id: entryId, tap }) => (
                <li key={entryId} className="flex flex-wrap items-center gap-2">
                  <UnsentMark />
                  {describeStaffTap(tap)}
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <section aria-labelledby="visit-orders-heading" className="flex flex-col gap-3">
          <h2 id="visit-orders-heading" className="text-base font-semibold text-ink">
            {t('floor.table.orders')}
          </h2>
          {placed.length === 0 ? (
            <p className="text-sm text-ink-muted" data-testid="no-orders">
              {t('floor.table.noOrders')}
            </p>
          ) : (
            <>
              {canManage ? <HeldCourses orders={placed} /> : null}
              <VisitLines
                orders={orders}
                currency={currency}
                onLine={allowed.size > 0 ? (entry) => setSheet({ kind: 'line', entry }) : undefined}
              />
              <VisitOrderList
                orders={orders}
                currency={currency}
                actions={
                  canCreate || canManage
                    ? (order) =>
                        order.status === 'cancelled' ? null : (
                          <>
                            {canCreate ? (
                              <Button
                                variant="secondary"
                                onClick={() => setSheet({ kind: 'discount', order })}
                              >
                                {t('floor.order.discount')}
                              </Button>
                            ) : null}
                            {canManage && order.paidMinor === 0 && order.status !== 'completed' ? (
                              <Button
                                variant="secondary"
                                onClick={() => setSheet({ kind: 'move', order })}
                                data-testid="move-order"
                              >
                                {t('floor.order.move')}
                              </Button>
                            ) : null}
                          </>
                        )
                    : undefined
                }
              />
            </>
          )}
        </section>

        <section
          aria-labelledby="bill-heading"
          className="flex flex-col gap-3"
          data-testid="table-bill-figures"
        >
          <h2 id="bill-heading" className="text-base font-semibold text-ink">
            {t('floor.bill.title')}
          </h2>
          {/* The bill's rows as every bill reads them: the service charge on its own, tips apart. */}
          <BillSummary
            rows={orderBillRows(placed, {
              paidMinor: table.totalMinor - table.dueMinor,
              dueMinor: table.dueMinor,
            })}
            currency={currency}
            labels={{ due: t('floor.bill.due') }}
            testIds={{ addedTax: 'bill-tax', includedTax: 'bill-tax' }}
            className="rounded-lg bg-slate-50 p-3 text-sm"
          />
          <FinishTableActions table={table} canSeeBills={canSeeBills} canManage={canManage}>
            {canManage ? (
              <Button
                variant="secondary"
                onClick={() => setSheet({ kind: 'merge' })}
                data-testid="merge-table"
              >
                {t('floor.table.merge')}
              </Button>
            ) : null}
          </FinishTableActions>
        </section>
      </div>

      <DishPickerSheet
        open={sheet?.kind === 'picker'}
        currency={currency}
        draftCount={draftCount(draft)}
        onPick={(item) => setSheet({ kind: 'dish', item, fromPicker: true })}
        onClose={() => setSheet(null)}
      />
      {sheetElement}
    </>
  );
}

/** What the menu asks for the dish with these options: the draft's estimate (the server prices the order). */
function unitPriceOf(item: TMenuItem, choice: Pick<DishChoice, 'options'>): number {
  return item.priceMinor + (optionsPriceMinor(item.options, choice.options) ?? 0);
}

function BackToFloor() {
  return (
    <Link
      to="/dashboard/floor"
      className="-ml-2 mb-2 inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm font-medium text-accent-800 hover:bg-accent-50"
    >
      <ArrowLeftIcon className="size-4" />
      {t('floor.table.back')}
    </Link>
  );
}
