import { PageContainer } from '../../components/page-container';
import { PageTitle } from '../../components/page-title';

export function OrderConfirmationPage() {
  return (
    <PageContainer>
      <PageTitle>Order confirmation</PageTitle>
    </PageContainer>
  );
}
