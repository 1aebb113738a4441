import { Link } from 'react-router';
import { buttonClassName } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Logo } from '../components/ui/logo';
import { t } from '../lib/i18n/i18n';

export function NotFoundScreen() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 p-4">
      <title>{t('app.notFound.pageTitle')}</title>
      <Logo />
      <Card className="flex w-full max-w-md flex-col items-center gap-4 text-center">
        <p className="text-sm font-semibold text-accent-700">404</p>
        <h1 className="text-xl font-semibold text-ink">{t('app.notFound.title')}</h1>
        <p className="text-sm text-ink-muted">{t('app.notFound.explanation')}</p>
        <Link to="/" className={buttonClassName('primary')}>
          {t('app.notFound.toDashboard')}
        </Link>
      </Card>
    </main>
  );
}
