import type { TChangeLineRequest } from '@tavolo/contract/order-changes';
import type { TKitchenStatus } from '@tavolo/contract/orders';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { useToast } from '../../../components/ui/toast';
import { formatMoney } from '../../../lib/format';
import { useTodayMenu } from '../../../lib/get-today-menu';
import { t } from '../../../lib/i18n/i18n';
import { useChangeOrderLine } from '../api/change-order';
import { changeRefusalOf, describeChangeRefusal } from '../model/order-changes';
import type { VisitLine } from '../model/visit-lines';
import { type DishChoice, DishSheet } from './dish-sheet';

/** Lines the kitchen has started: changing them is refused, voiding them is the way. */
const KITCHEN_STARTED: ReadonlySet<TKitchenStatus> = new Set(['preparing', 'ready', 'served']);

/** What changed between the line as placed and as the sheet left it: only those fields are sent. */
export function lineChanges(before: DishChoice, after: DishChoice): TChangeLineRequest {
  const changes: TChangeLineRequest = {};
  if (after.quantity !== before.quantity) changes.quantity = after.quantity;
  const options = (choice: DishChoice) =>
    JSON.stringify(choice.options.map(({ group, choice: c }) => [group, c]));
  if (options(after) !== options(before))
    changes.options = after.options.map(({ group, choice }) => ({ group, choice }));
  if (after.note !== before.note) changes.note = after.note === '' ? null : after.note;
  if (after.seat !== before.seat) changes.seat = after.seat;
  // A course cannot be unset once named: "Auto" leaves it as it is.
  if (after.course !== before.course && after.course !== null) changes.course = after.course;
  return changes;
}

/**
 * Changing a placed line before the kitchen starts it: the dish's sheet, filled with the line. Once
 * the kitchen has started it the server refuses (409 LINE_STARTED) and the sheet offers to void it
 * instead.
 */
export function ChangeLineSheet({
  entry,
  covers,
  onVoidInstead,
  onClose,
}: {
  entry: VisitLine;
  covers: number | null;
  onVoidInstead: () => void;
  onClose: () => void;
}) {
  const toast = useToast();
  const menu = useTodayMenu();
  const change = useChangeOrderLine();
  const [refusal, setRefusal] = useState<unknown>(null);
  const { line, order, lineIndex } = entry;
  const item = menu.data?.categories
    .flatMap((category) => category.items)
    .find((dish) => dish.id === line.menuItemId);
  const before: DishChoice = {
    quantity: line.quantity,
    options: line.options.map(({ group, choice }) => ({ group, choice })),
    note: line.note ?? '',
    seat: line.seat,
    course: line.course,
  };
  const started = refusal !== null && changeRefusalOf(refusal) === 'line-started';

  // Said at once, not at Save: a line the kitchen started is voided, not changed (PRODUCT.md §9).
  if (KITCHEN_STARTED.has(line.kitchenStatus)) {
    return (
      <ModalDialog
        open
        onClose={onClose}
        variant="sheet"
        title={line.name}
        testId="line-started-sheet"
        footer={
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button variant="danger" onClick={onVoidInstead} data-testid="void-instead">
              {t('floor.change.voidInstead')}
            </Button>
            <Button variant="secondary" onClick={onClose}>
              {t('floor.cancel')}
            </Button>
          </div>
        }
      >
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {t('floor.change.started', { name: line.name })}
        </p>
      </ModalDialog>
    );
  }

  return (
    <DishSheet
      open
      name={line.name}
      unitPriceMinor={item ? item.priceMinor : null}
      groups={item ? item.options : null}
      initial={before}
      covers={covers}
      currency={order.currency}
      pending={change.isPending}
      submitLabel={(total) =>
        total === null
          ? t('floor.change.submit')
          : t('floor.change.submitWithTotal', { total: formatMoney(total, order.currency) })
      }
      notice={
        refusal === null ? null : (
          <div role="alert" className="flex flex-col gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800">
            <p>{describeChangeRefusal(refusal)}</p>
            {started ? (
              <Button variant="danger" onClick={onVoidInstead} data-testid="void-instead">
                {t('floor.change.voidInstead')}
              </Button>
            ) : null}
          </div>
        )
      }
      onSubmit={(after) => {
        const body = lineChanges(before, after);
        if (Object.keys(body).length === 0) {
          onClose();
          return;
        }
        setRefusal(null);
        change.mutate(
          { orderId: order.id, lineIndex, body },
          {
            onSuccess: () => {
              toast.success(t('floor.change.done', { name: line.name, number: order.number }));
              onClose();
            },
            onError: (error) => {
              setRefusal(error);
              if (changeRefusalOf(error) !== 'line-started') toast.error(describeChangeRefusal(error));
            },
          },
        );
      }}
      onClose={onClose}
    />
  );
}
