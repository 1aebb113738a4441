import { Link, useParams } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { BookIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';

/** One screen for /dashboard/menu/add and /dashboard/menu/update/:id. */
export function MenuItemFormScreen() {
  const { id } = useParams();
  const editing = id !== undefined;
  return (
    <>
      <PageHeader
        title={editing ? 'Edit dish' : 'Add a dish'}
        description={editing ? 'Change how this dish appears to guests.' : 'A new dish for your menu.'}
        actions={
          <Link to="/dashboard/menu" className={buttonClassName('secondary')}>
            Back to the menu
          </Link>
        }
      />
      <EmptyState
        icon={<BookIcon />}
        title="The dish editor arrives soon"
        description="Name, price, category, photo, options, tags, allergens and the days it is served — all on this one screen."
      />
    </>
  );
}
