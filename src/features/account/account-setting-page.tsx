import { PageContainer } from '../../components/page-container';
import { PageTitle } from '../../components/page-title';

export function AccountSettingPage() {
  return (
    <PageContainer>
      <PageTitle>Change Account</PageTitle>
    </PageContainer>
  );
}
