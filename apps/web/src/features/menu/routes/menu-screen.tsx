import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { BookIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';

export function MenuScreen() {
  return (
    <>
      <PageHeader
        title="Menu"
        description="Dishes, prices, options and the days they are served."
        actions={
          <Link to="/dashboard/menu/add" className={buttonClassName('primary')}>
            Add a dish
          </Link>
        }
      />
      <EmptyState
        icon={<BookIcon />}
        title="Menu management arrives soon"
        description="Add dishes with photos, prices, options, tags and allergens, and choose the days they are served."
      />
    </>
  );
}
