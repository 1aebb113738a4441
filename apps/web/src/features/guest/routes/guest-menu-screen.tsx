import { Logo } from '../../../components/ui/logo';

/** What a guest sees after scanning a table's QR code. Ordering arrives with the guest feature. */
export function GuestMenuScreen() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 p-4 text-center">
      <title>Menu · Tavolo</title>
      <Logo />
      <div className="flex max-w-sm flex-col gap-2">
        <h1 className="text-xl font-semibold text-ink">Ordering from your table is coming soon</h1>
        <p className="text-sm text-ink-muted">
          In the meantime, a member of staff will be happy to take your order.
        </p>
      </div>
    </main>
  );
}
