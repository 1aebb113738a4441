import { Button } from '../../../components/ui/button';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { canVoid, type VisitLine } from '../model/visit-lines';

export type LineAction = 'change' | 'void' | 'discount' | 'discount-order' | 'move';

/** What can be done with a placed line (and its order), each as a large button. */
export function LineActionsSheet({
  entry,
  allowed,
  onChoose,
  onClose,
}: {
  entry: VisitLine;
  allowed: ReadonlySet<LineAction>;
  onChoose: (action: LineAction) => void;
  onClose: () => void;
}) {
  const { line, order } = entry;
  const show = (action: LineAction) => allowed.has(action);
  const movable = order.paidMinor === 0 && order.status !== 'cancelled' && order.status !== 'completed';
  return (
    <ModalDialog
      open
      onClose={onClose}
      variant="sheet"
      title={t('floor.lineActions.title', { count: line.quantity, name: line.name })}
      description={t('floor.lineActions.description', {
        number: order.number,
        total: formatMoney(line.lineTotalMinor, order.currency),
      })}
      testId="line-actions-sheet"
    >
      <div className="flex flex-col gap-2">
        {show('change') ? (
          <Button variant="secondary" className="min-h-14 justify-start" onClick={() => onChoose('change')}>
            {t('floor.lineActions.change')}
          </Button>
        ) : null}
        {show('void') && canVoid(entry) ? (
          <Button
            variant="secondary"
            className="min-h-14 justify-start text-red-800"
            onClick={() => onChoose('void')}
            data-testid="choose-void"
          >
            {t('floor.lineActions.void')}
          </Button>
        ) : null}
        {show('discount') ? (
          <Button variant="secondary" className="min-h-14 justify-start" onClick={() => onChoose('discount')}>
            {t('floor.lineActions.discount')}
          </Button>
        ) : null}
        {show('discount-order') ? (
          <Button
            variant="secondary"
            className="min-h-14 justify-start"
            onClick={() => onChoose('discount-order')}
          >
            {t('floor.lineActions.discountOrder', { number: order.number })}
          </Button>
        ) : null}
        {show('move') && movable ? (
          <Button variant="secondary" className="min-h-14 justify-start" onClick={() => onChoose('move')}>
            {t('floor.lineActions.move', { number: order.number })}
          </Button>
        ) : null}
      </div>
    </ModalDialog>
  );
}
