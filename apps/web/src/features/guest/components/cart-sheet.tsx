import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import type { Cart, CartAction, CartTotals, PricedLine } from '../model/cart';
import { CartEstimate } from './cart-estimate';
import { CartLineItem } from './cart-line-item';

export interface OrderProblem {
  message: string;
  /** Other fields the server named (the note, the name). */
  fields: Record<string, string>;
}

/** The cart as a sheet: lines, the guest's name and note, the estimate, and "Place order". */
export function CartSheet({
  open,
  onClose,
  cart,
  dispatch,
  priced,
  totals,
  currency,
  serviceChargePercent,
  tableName,
  lineErrors,
  problem,
  placing,
  onPlace,
}: {
  open: boolean;
  onClose: () => void;
  cart: Cart;
  dispatch: (action: CartAction) => void;
  priced: readonly PricedLine[];
  totals: CartTotals;
  currency: string;
  serviceChargePercent: number;
  tableName: string;
  lineErrors: Readonly<Record<string, string>>;
  problem: OrderProblem | null;
  placing: boolean;
  onPlace: () => void;
}) {
  const unavailable = priced.filter((entry) => entry.problem).length;
  const empty = priced.length === 0;
  return (
    <ModalDialog
      open={open}
      // While the order is on its way the sheet stays, and the cart cannot change under it: the
      // answer then clears exactly what was sent, and a failure is shown where the guest looks.
      onClose={placing ? () => undefined : onClose}
      variant="sheet"
      title={t('guest.common.yourOrder')}
      description={tableName}
      testId="cart-sheet"
      footer={
        <div className="flex flex-col gap-3">
          {problem ? <Alert>{problem.message}</Alert> : null}
          {unavailable > 0 && !problem ? (
            <p className="text-sm font-medium text-red-700">
              {t('guest.cart.unavailable', { count: unavailable })}
            </p>
          ) : null}
          <Button
            size="large"
            onClick={onPlace}
            disabled={empty || unavailable > 0}
            pending={placing}
            pendingLabel={t('guest.cart.placing')}
          >
            {t('guest.cart.place', { total: formatMoney(totals.totalMinor, currency) })}
          </Button>
        </div>
      }
    >
      {empty ? (
        <p className="py-8 text-center text-sm text-ink-muted">{t('guest.cart.empty')}</p>
      ) : (
        <fieldset disabled={placing} className="flex min-w-0 flex-col gap-6">
          <legend className="sr-only">{t('guest.cart.fields')}</legend>
          <ul className="flex flex-col divide-y divide-line" aria-label={t('guest.cart.dishes')}>
            {priced.map((entry) => (
              <CartLineItem
                key={entry.line.id}
                priced={entry}
                error={lineErrors[entry.line.id] ?? entry.problem}
                currency={currency}
                dispatch={dispatch}
              />
            ))}
          </ul>
          <div className="flex flex-col gap-4">
            <TextField
              label={t('guest.common.yourNameOptional')}
              hint={t('guest.cart.nameHint')}
              autoComplete="given-name"
              maxLength={80}
              value={cart.customerName}
              error={problem?.fields.customerName}
              onChange={(event) => dispatch({ type: 'setCustomerName', customerName: event.target.value })}
            />
            <TextareaField
              label={t('guest.cart.staffNote')}
              placeholder={t('guest.cart.staffNotePlaceholder')}
              maxLength={500}
              rows={2}
              value={cart.note}
              error={problem?.fields.note}
              onChange={(event) => dispatch({ type: 'setNote', note: event.target.value })}
            />
          </div>
          <CartEstimate totals={totals} currency={currency} serviceChargePercent={serviceChargePercent} />
        </fieldset>
      )}
    </ModalDialog>
  );
}
