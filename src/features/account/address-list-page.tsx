import { PageContainer } from '../../components/page-container';
import { PageTitle } from '../../components/page-title';

export function AddressListPage() {
  return (
    <PageContainer>
      <PageTitle>Address List</PageTitle>
    </PageContainer>
  );
}
