import { PageContainer } from '../../components/page-container';
import { PageTitle } from '../../components/page-title';

export function RegisterPage() {
  return (
    <PageContainer>
      <PageTitle>Create Your Account</PageTitle>
    </PageContainer>
  );
}
