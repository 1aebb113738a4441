import type { RouteObject } from 'react-router';
import { GuestMenuScreen } from '../features/guest/routes/guest-menu-screen';
import { lazyScreen } from './lazy-screen';

/**
 * The guest's pages: what a table's QR code opens, and where it leads (the order, the bill, a
 * receipt, the sandbox provider's checkout). The guest entry (guest.html) routes these alone; the
 * server sends it for these paths (GUEST_PAGE in apps/server/src/http/web-app.ts). The menu comes
 * with the entry: it is the first screen, and waiting for a second chunk would delay it.
 */
export const guestRoutes: RouteObject[] = [
  { path: '/t/:qrToken', element: <GuestMenuScreen /> },
  {
    path: '/t/:qrToken/orders/:orderId',
    element: lazyScreen(() => import('../features/guest/routes/guest-order-screen'), 'GuestOrderScreen'),
  },
  {
    path: '/t/:qrToken/bill',
    element: lazyScreen(() => import('../features/guest/routes/guest-bill-screen'), 'GuestBillScreen'),
  },
  {
    // Where a payment towards the table's bill comes back to.
    path: '/t/:qrToken/bill/receipts/:paymentId',
    element: lazyScreen(() => import('../features/guest/routes/guest-receipt-screen'), 'GuestReceiptScreen'),
  },
  {
    // The sandbox provider's hosted checkout: public, light, outside the dashboard.
    path: '/pay/sandbox/:paymentId',
    element: lazyScreen(
      () => import('../features/checkout/routes/sandbox-checkout-screen'),
      'SandboxCheckoutScreen',
      { fullScreen: true },
    ),
  },
];
