import { NotFoundView } from '../../components/not-found-view';
import { PageContainer } from '../../ui/page-container';

/** Any address the shop does not have (spec §2: "Page not found" with a "Go back home" link). */
export function NotFoundPage() {
  return (
    <PageContainer>
      <NotFoundView
        title="Page not found"
        text="The page you are looking for has moved, or never brewed."
      />
    </PageContainer>
  );
}
