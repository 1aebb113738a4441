import type { TSandboxCheckout } from '@tavolo/contract/payments';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, stubFetch } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PAYMENT_ID = '88888888-8888-4888-8888-888888888888';
const RETURN_URL = '/t/table-four-code-0123456789/orders/77777777-7777-4777-8777-777777777777';

function checkout(overrides: Partial<TSandboxCheckout> = {}): TSandboxCheckout {
  return {
    paymentId: PAYMENT_ID,
    status: 'pending',
    amountMinor: 1_375,
    currency: 'EUR',
    restaurantName: 'Trattoria Giulia',
    orderNumber: 12,
    description: 'Order #12',
    tipMinor: 0,
    returnUrl: RETURN_URL,
    ...overrides,
  };
}

/** The sandbox API: the payment as `current` has it at each request, the completion answered by `answer`. */
function stubCheckoutApi(
  current: TSandboxCheckout | null | (() => TSandboxCheckout | null),
  answer?: (outcome: string) => Response,
) {
  const read = typeof current === 'function' ? current : () => current;
  const completions: unknown[] = [];
  stubFetch(({ url, method, init }) => {
    if (url.pathname === `/api/payments/sandbox/${PAYMENT_ID}` && method === 'GET') {
      const found = read();
      return found ? jsonResponse(200, found) : errorResponse(404, 'NOT_FOUND', 'No such payment');
    }
    if (url.pathname === `/api/payments/sandbox/${PAYMENT_ID}/complete` && method === 'POST') {
      const body = JSON.parse(String(init.body)) as { outcome: string };
      completions.push(body);
      return answer
        ? answer(body.outcome)
        : jsonResponse(200, checkout({ status: body.outcome === 'pay' ? 'succeeded' : 'failed' }));
    }
    // The order page the guest goes back to is not part of these tests.
    return errorResponse(404, 'NOT_FOUND', 'Not found');
  });
  return { completions };
}

describe('the sandbox checkout', () => {
  it('says it is a sandbox and shows who is paid, for which order, how much', async () => {
    stubCheckoutApi(checkout());
    renderApp(`/pay/sandbox/${PAYMENT_ID}`);
    expect((await screen.findByTestId('checkout-amount')).textContent).toBe('€13.75');
    expect(screen.getByTestId('sandbox-banner').textContent).toBe('Sandbox payment — no real money moves');
    expect(screen.getByTestId('checkout-restaurant').textContent).toBe('Trattoria Giulia');
    expect(screen.getByText('Order #12')).toBeTruthy();
    expect(screen.queryByTestId('checkout-breakdown')).toBeNull();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeTruthy();
  });

  it('shows a payment towards a table bill with its tip, and goes back to the receipt', async () => {
    const receipt = `/t/table-four-code-0123456789/bill/receipts/${PAYMENT_ID}`;
    const { completions } = stubCheckoutApi(
      checkout({
        orderNumber: null,
        description: 'Table 4, your share of the bill',
        amountMinor: 2_200,
        tipMinor: 200,
        returnUrl: receipt,
      }),
      () => jsonResponse(200, checkout({ status: 'succeeded', orderNumber: null, returnUrl: receipt })),
    );
    const { router } = renderApp(`/pay/sandbox/${PAYMENT_ID}`);
    expect((await screen.findByTestId('checkout-amount')).textContent).toBe('€22.00');
    expect(screen.getByTestId('checkout-description').textContent).toBe('Table 4, your share of the bill');
    expect(screen.getByTestId('checkout-breakdown').textContent).toBe('Bill €20.00 + tip €2.00 = €22.00');
    expect(screen.queryByText(/Order #/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pay €22.00' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(receipt));
    expect(completions).toEqual([{ outcome: 'pay' }]);
  });

  it('pays, then goes back to the order', async () => {
    const { completions } = stubCheckoutApi(checkout());
    const { router } = renderApp(`/pay/sandbox/${PAYMENT_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay €13.75' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(RETURN_URL));
    expect(completions).toEqual([{ outcome: 'pay' }]);
  });

  it('declines, then leaves for a return address on another site with a full page load', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const away = 'https://shop.example.com/back';
    const { completions } = stubCheckoutApi(checkout({ returnUrl: away }), () =>
      jsonResponse(200, checkout({ status: 'failed', returnUrl: away })),
    );
    renderApp(`/pay/sandbox/${PAYMENT_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(away));
    expect(completions).toEqual([{ outcome: 'decline' }]);
  });

  it('shows a payment that is no longer pending, with a way back', async () => {
    stubCheckoutApi(checkout({ status: 'succeeded' }));
    const { router } = renderApp(`/pay/sandbox/${PAYMENT_ID}`);
    expect((await screen.findByTestId('checkout-status')).textContent).toBe('Paid');
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(RETURN_URL));
  });

  it('reloads a payment settled meanwhile instead of paying twice', async () => {
    let current = checkout();
    stubCheckoutApi(
      () => current,
      () => {
        // Paid in another tab a moment ago.
        current = checkout({ status: 'succeeded' });
        return errorResponse(409, 'CONFLICT', 'This payment is not pending any more');
      },
    );
    renderApp(`/pay/sandbox/${PAYMENT_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay €13.75' }));
    expect((await screen.findByTestId('checkout-status')).textContent).toBe('Paid');
  });

  it('explains a payment that does not exist', async () => {
    stubCheckoutApi(null);
    renderApp(`/pay/sandbox/${PAYMENT_ID}`);
    expect(await screen.findByRole('heading', { name: "This payment doesn't exist" })).toBeTruthy();
  });
});
