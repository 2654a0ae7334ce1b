import { PageContainer } from '../../components/page-container';
import { PageTitle } from '../../components/page-title';

export function CartPage() {
  return (
    <PageContainer>
      <PageTitle>My Cart</PageTitle>
    </PageContainer>
  );
}
