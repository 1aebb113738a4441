import { EmptyState } from '../../../components/ui/empty-state';
import { TagIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';

export function CategoriesScreen() {
  return (
    <>
      <PageHeader title="Categories" description="How the menu is grouped for guests." />
      <EmptyState
        icon={<TagIcon />}
        title="Categories arrive soon"
        description="Create, rename and reorder the sections of your menu."
      />
    </>
  );
}
