import type { TMeResponse } from '@tavolo/contract/auth';
import type { TOrder } from '@tavolo/contract/orders';
import type { TPaymentListItem } from '@tavolo/contract/payments';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../../testing/fake-event-source';
import { errorResponse, jsonResponse, ME, stubFetch } from '../../../testing/fetch-stub';
import { fakeOrder, movedOrder } from '../../../testing/order-fixtures';
import { fakePayment, fakeRefund } from '../../../testing/payment-fixtures';
import { renderApp } from '../../../testing/render-app';
import { staffSession } from '../../../testing/staff-fixtures';

const RID = ME.restaurantId;

beforeEach(() => {
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** Orders in every list (the board's and the past ones), their payments, and the refunds sent. */
function stubOrdersWithPayments(
  orders: TOrder[],
  payments: Record<string, TPaymentListItem[]>,
  me: TMeResponse = ME,
) {
  const refunds: { paymentId: string; body: unknown; key: string | null }[] = [];
  const fetch = stubFetch(({ url, method, init }) => {
    if (url.pathname === '/auth/me') return jsonResponse(200, me);
    if (url.pathname === `/api/orders/restaurant/${RID}`)
      return jsonResponse(200, { items: orders, total: orders.length, page: 1, pageSize: 20 });
    const list = /^\/api\/orders\/([^/]+)\/payments$/.exec(url.pathname);
    if (list && method === 'GET') return jsonResponse(200, { items: payments[list[1] ?? ''] ?? [] });
    const refund = /^\/api\/payments\/([^/]+)\/refund$/.exec(url.pathname);
    if (refund && method === 'POST') {
      const body = JSON.parse(String(init.body));
      refunds.push({
        paymentId: refund[1] ?? '',
        body,
        key: new Headers(init.headers).get('idempotency-key'),
      });
      const payment = Object.values(payments)
        .flat()
        .find((one) => one.id === refund[1]);
      if (!payment) return errorResponse(404, 'NOT_FOUND', 'Not found');
      const made = fakeRefund(payment, { amountMinor: body.amountMinor, reason: body.reason ?? null });
      const order = orders.find((one) => one.id === payment.orderId) as TOrder;
      return jsonResponse(201, {
        refund: made,
        payment: { ...payment, refundedMinor: payment.refundedMinor + body.amountMinor, refunds: [made] },
        order: {
          ...order,
          paidMinor: order.paidMinor - body.amountMinor,
          paymentStatus: 'partially_refunded',
        },
      });
    }
    const single = /^\/api\/orders\/([^/]+)$/.exec(url.pathname);
    const one = orders.find((order) => order.id === single?.[1]);
    if (one) return jsonResponse(200, one);
    return errorResponse(404, 'NOT_FOUND', 'Not found');
  });
  return { fetch, refunds };
}

function partlyPaid(number: number, status: TOrder['status'] = 'served'): TOrder {
  const order = fakeOrder({ number, totalMinor: 2350, subtotalMinor: 2350, paidMinor: 1050 });
  return status === 'pending' ? order : movedOrder(order, status, '2025-03-14T18:30:00.000Z');
}

describe('partly paid orders', () => {
  it('read "Partly paid · due" on the board, in past orders and in the details; refunds say so', async () => {
    const served = partlyPaid(31);
    const refunded = movedOrder(
      fakeOrder({ number: 32, paidMinor: 0, paymentStatus: 'refunded' }),
      'completed',
      '2025-03-14T19:00:00.000Z',
    );
    const partlyRefunded = movedOrder(
      fakeOrder({ number: 33, paidMinor: 900, paymentStatus: 'partially_refunded' }),
      'completed',
      '2025-03-14T19:00:00.000Z',
    );
    stubOrdersWithPayments([served, refunded, partlyRefunded], {});

    const board = renderApp('/dashboard/orders');
    const card = await screen.findByText('Partly paid · €13.00 due', {}, { timeout: 5_000 });
    expect(card.closest('[data-testid=order-card]')?.getAttribute('data-order-number')).toBe('31');
    expect(screen.queryByText(/^Unpaid/)).toBeNull();
    board.unmount();

    renderApp('/dashboard/orders/past-orders?status=all');
    const rows = await screen.findAllByTestId('past-order-row', {}, { timeout: 5_000 });
    expect(within(rows[0]!).getByText('Partly paid · €13.00 due')).toBeTruthy();
    expect(within(rows[1]!).getByText('Refunded')).toBeTruthy();
    expect(within(rows[2]!).getByText('Partly refunded')).toBeTruthy();
    // The phone's cards say the same.
    expect(
      within(screen.getAllByTestId('past-order-card')[0]!).getByText('Partly paid · €13.00 due'),
    ).toBeTruthy();

    fireEvent.click(within(rows[0]!).getByRole('button', { name: /^Order\s*#31\s*, details$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Order #31' });
    expect(within(dialog).getByText('Partly paid · €13.00 due')).toBeTruthy();
  });
});

describe('an order’s payments in its details', () => {
  it('lists every payment with its refunds, in the restaurant’s time zone, and refunds one', async () => {
    const order = partlyPaid(40);
    const card = fakePayment({
      orderId: order.id,
      orderNumber: 40,
      amountMinor: 1550,
      refundedMinor: 500,
      recordedBy: 'Marco Bianchi',
      createdAt: '2025-03-14T18:30:00.000Z',
    });
    const withRefund = {
      ...card,
      refunds: [fakeRefund(card, { amountMinor: 500, reason: 'Cold soup', recordedBy: 'Giulia Rossi' })],
    };
    const failed = fakePayment({
      orderId: order.id,
      orderNumber: 40,
      method: 'online',
      status: 'failed',
      recordedBy: null,
    });
    const { refunds } = stubOrdersWithPayments([order], { [order.id]: [withRefund, failed] });

    renderApp('/dashboard/orders/past-orders?status=all');
    const [row] = await screen.findAllByTestId('past-order-row', {}, { timeout: 5_000 });
    fireEvent.click(within(row!).getByRole('button', { name: /^Order\s*#40\s*, details$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Order #40' });

    const payments = await within(dialog).findAllByTestId('order-payment');
    expect(payments).toHaveLength(2);
    expect(payments[0]!.textContent).toContain('€15.50');
    expect(payments[0]!.textContent).toContain('Card');
    expect(payments[0]!.textContent).toContain('by Marco Bianchi');
    // 18:30 UTC is 19:30 in Rome.
    expect(payments[0]!.textContent).toMatch(/7:30\s?PM|19:30/);
    const [refund] = within(payments[0]!).getAllByTestId('order-refund');
    expect(refund!.textContent).toContain('−€5.00 refunded');
    expect(refund!.textContent).toContain('“Cold soup”');
    expect(refund!.textContent).toContain('by Giulia Rossi');
    expect(refund!.textContent).toMatch(/8:00\s?PM|20:00/);
    expect(within(payments[1]!).getByText('Failed')).toBeTruthy();
    // Only money that arrived can go back.
    expect(within(payments[1]!).queryByRole('button', { name: /Refund/ })).toBeNull();

    fireEvent.click(within(payments[0]!).getByRole('button', { name: 'Refund the €15.50 card payment' }));
    const refundDialog = await screen.findByRole('dialog', { name: 'Refund a payment of order #40' });
    const amount = within(refundDialog).getByLabelText('Amount (EUR)') as HTMLInputElement;
    expect(amount.value).toBe('10.50');
    fireEvent.change(amount, { target: { value: '4' } });
    fireEvent.click(within(refundDialog).getByRole('button', { name: 'Review refund' }));
    fireEvent.click(await within(refundDialog).findByRole('button', { name: 'Refund €4.00' }));
    expect(await screen.findByText('€4.00 refunded for order #40.')).toBeTruthy();
    expect(refunds).toEqual([
      { paymentId: card.id, body: { amountMinor: 400 }, key: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    ]);
    // The order's details stay open beneath.
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Refund a payment of order #40' })).toBeNull(),
    );
    expect(screen.getByRole('dialog', { name: 'Order #40' })).toBeTruthy();
  });

  it('offers no refund to those who may only look', async () => {
    const order = partlyPaid(41);
    const payment = fakePayment({ orderId: order.id, orderNumber: 41, amountMinor: 1050 });
    stubOrdersWithPayments(
      [order],
      { [order.id]: [payment] },
      staffSession(['orders.view', 'orders.manage']),
    );
    renderApp('/dashboard/orders');
    fireEvent.click(
      await screen.findByRole('button', { name: /^Order\s*#41\s*, details$/ }, { timeout: 5_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Order #41' });
    const [listed] = await within(dialog).findAllByTestId('order-payment');
    expect(listed!.textContent).toContain('€10.50');
    expect(within(dialog).queryByRole('button', { name: /^Refund/ })).toBeNull();
  });
});
