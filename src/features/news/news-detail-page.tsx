import { PageContainer } from '../../components/page-container';
import { PageTitle } from '../../components/page-title';

export function NewsDetailPage() {
  return (
    <PageContainer>
      <PageTitle>News detail</PageTitle>
    </PageContainer>
  );
}
