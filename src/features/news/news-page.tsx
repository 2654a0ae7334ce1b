import { PageContainer } from '../../components/page-container';
import { PageTitle } from '../../components/page-title';

export function NewsPage() {
  return (
    <PageContainer>
      <PageTitle>News</PageTitle>
    </PageContainer>
  );
}
