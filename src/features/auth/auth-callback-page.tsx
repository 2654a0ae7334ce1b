import { PageContainer } from '../../components/page-container';
import { PageTitle } from '../../components/page-title';

export function AuthCallbackPage() {
  return (
    <PageContainer>
      <PageTitle>Signing you in</PageTitle>
    </PageContainer>
  );
}
