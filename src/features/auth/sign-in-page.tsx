import { PageContainer } from '../../components/page-container';
import { PageTitle } from '../../components/page-title';

export function SignInPage() {
  return (
    <PageContainer>
      <PageTitle>Welcome Back</PageTitle>
    </PageContainer>
  );
}
