import type { TSandboxCheckout } from '@tavolo/contract/payments';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/spinner';
import { getErrorMessage, isHttpError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { useCompleteSandboxCheckout } from '../api/complete-sandbox-checkout';
import { useSandboxCheckout } from '../api/get-sandbox-checkout';
import { describeCheckoutStatus, describeTipBreakdown, isAppPath } from '../model/sandbox-checkout';

/**
 * The built-in sandbox provider's hosted checkout: what a real provider's payment page would be.
 * Guests on phones load it, so it stays small: no dashboard code, nothing but this page.
 */
export function SandboxCheckoutScreen() {
  const { paymentId = '' } = useParams();
  const checkout = useSandboxCheckout(paymentId);

  let content: ReactNode;
  if (checkout.data) {
    content = <CheckoutPanel checkout={checkout.data} onStale={() => void checkout.refetch()} />;
  } else if (checkout.isError) {
    const missing = isHttpError(checkout.error, 404);
    content = (
      <div className="flex flex-col gap-4 text-center" role="alert">
        <h1 className="text-2xl font-bold text-ink">
          {missing ? t('checkout.notFoundTitle') : t('checkout.loadFailed')}
        </h1>
        <p className="text-base text-ink-muted">
          {missing ? t('checkout.notFoundText') : getErrorMessage(checkout.error)}
        </p>
        {missing ? null : (
          <Button
            size="large"
            onClick={() => void checkout.refetch()}
            pending={checkout.isFetching}
            pendingLabel={t('checkout.tryingAgain')}
          >
            {t('checkout.tryAgain')}
          </Button>
        )}
      </div>
    );
  } else {
    content = <Loading />;
  }

  return (
    <div className="flex min-h-dvh flex-col">
      <title>{t('checkout.pageTitle')}</title>
      <p
        className="bg-amber-100 px-4 py-3 text-center text-sm font-semibold text-amber-900"
        data-testid="sandbox-banner"
      >
        {t('checkout.banner')}
      </p>
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center gap-6 px-4 py-8">
        {content}
      </main>
    </div>
  );
}

function CheckoutPanel({ checkout, onStale }: { checkout: TSandboxCheckout; onStale: () => void }) {
  const navigate = useNavigate();
  const complete = useCompleteSandboxCheckout();
  const amount = formatMoney(checkout.amountMinor, checkout.currency);
  const leaving = complete.isSuccess;

  const goBack = (url: string) => {
    if (isAppPath(url)) void navigate(url);
    else window.location.assign(url);
  };

  const choose = (outcome: 'pay' | 'decline') =>
    complete.mutate(
      { paymentId: checkout.paymentId, outcome },
      {
        onSuccess: (settled) => goBack(settled.returnUrl),
        // Settled meanwhile (another tab, a retry): the page shows how it ended.
        onError: (error) => {
          if (isHttpError(error, 409)) onStale();
        },
      },
    );

  const summary = (
    <div className="flex flex-col items-center gap-1 rounded-2xl border border-line bg-panel p-6 text-center shadow-sm">
      <p className="text-base font-semibold text-ink" data-testid="checkout-restaurant">
        {checkout.restaurantName}
      </p>
      <p className="text-sm text-ink-muted" data-testid="checkout-description">
        {checkout.description}
      </p>
      <p
        className="pt-2 text-4xl font-bold tracking-tight text-ink tabular-nums"
        data-testid="checkout-amount"
      >
        {amount}
      </p>
      {checkout.tipMinor > 0 ? (
        <p className="text-sm text-ink-muted tabular-nums" data-testid="checkout-breakdown">
          {describeTipBreakdown(checkout)}
        </p>
      ) : null}
    </div>
  );

  if (checkout.status !== 'pending') {
    const status = describeCheckoutStatus(checkout.status);
    const backClass = buttonClassName('primary', undefined, 'large');
    return (
      <>
        <h1 className="text-center text-2xl font-bold text-ink" data-testid="checkout-status">
          {status.title}
        </h1>
        {summary}
        <p className="text-center text-base text-ink-muted">{status.detail}</p>
        {isAppPath(checkout.returnUrl) ? (
          <Link to={checkout.returnUrl} className={backClass}>
            {t('checkout.back')}
          </Link>
        ) : (
          <a href={checkout.returnUrl} className={backClass}>
            {t('checkout.back')}
          </a>
        )}
      </>
    );
  }

  const busy = complete.isPending || leaving;
  return (
    <>
      <h1 className="text-center text-2xl font-bold text-ink">
        {t('checkout.payTo', { restaurant: checkout.restaurantName })}
      </h1>
      {summary}
      {complete.isError && !isHttpError(complete.error, 409) ? (
        <Alert>{getErrorMessage(complete.error)}</Alert>
      ) : null}
      <div className="flex flex-col gap-3">
        <Button
          size="large"
          onClick={() => choose('pay')}
          disabled={busy}
          pending={busy && complete.variables?.outcome === 'pay'}
          pendingLabel={t('checkout.paying')}
        >
          {t('checkout.pay', { amount })}
        </Button>
        <Button
          size="large"
          variant="secondary"
          onClick={() => choose('decline')}
          disabled={busy}
          pending={busy && complete.variables?.outcome === 'decline'}
          pendingLabel={t('checkout.declining')}
        >
          {t('checkout.decline')}
        </Button>
      </div>
      <p className="text-center text-sm text-ink-muted">{t('checkout.explanation')}</p>
    </>
  );
}
