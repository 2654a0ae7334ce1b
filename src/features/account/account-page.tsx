import { PageContainer } from '../../components/page-container';
import { PageTitle } from '../../components/page-title';

export function AccountPage() {
  return (
    <PageContainer>
      <PageTitle>My Account</PageTitle>
    </PageContainer>
  );
}
