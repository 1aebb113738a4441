import { Link } from 'react-router';
import { buttonClassName } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Logo } from '../components/ui/logo';

export function NotFoundScreen() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 p-4">
      <title>Page not found · Tavolo</title>
      <Logo />
      <Card className="flex w-full max-w-md flex-col items-center gap-4 text-center">
        <p className="text-sm font-semibold text-accent-700">404</p>
        <h1 className="text-xl font-semibold text-ink">Page not found</h1>
        <p className="text-sm text-ink-muted">The address may be mistyped, or the page has moved.</p>
        <Link to="/" className={buttonClassName('primary')}>
          Go to the dashboard
        </Link>
      </Card>
    </main>
  );
}
