import { EmptyState } from '../../../components/ui/empty-state';
import { SunIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';

export function TodayMenuScreen() {
  return (
    <>
      <PageHeader title="Today's menu" description="What guests can order today." />
      <EmptyState
        icon={<SunIcon />}
        title="Today's menu arrives soon"
        description="Mark dishes as sold out for today, or bring them back, with one tap."
      />
    </>
  );
}
