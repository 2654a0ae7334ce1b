import { PageContainer } from '../../components/page-container';
import { PageTitle } from '../../components/page-title';

export function MenuPage() {
  return (
    <PageContainer>
      <PageTitle>Menu</PageTitle>
    </PageContainer>
  );
}
