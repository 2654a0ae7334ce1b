import { PageContainer } from '../../components/page-container';
import { PageTitle } from '../../components/page-title';

export function CommunityPage() {
  return (
    <PageContainer>
      <PageTitle>Community</PageTitle>
    </PageContainer>
  );
}
