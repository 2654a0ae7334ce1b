import { PageContainer } from '../../components/page-container';
import { PageTitle } from '../../components/page-title';

export function ProductPage() {
  return (
    <PageContainer>
      <PageTitle>Product detail</PageTitle>
    </PageContainer>
  );
}
