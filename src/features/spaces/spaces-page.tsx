import { PageContainer } from '../../components/page-container';
import { PageTitle } from '../../components/page-title';

export function SpacesPage() {
  return (
    <PageContainer>
      <PageTitle>Spaces</PageTitle>
    </PageContainer>
  );
}
