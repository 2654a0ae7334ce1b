import { css } from 'styled-system/css';
import { LinkButton } from '../components/link-button';
import { PageContainer } from '../components/page-container';
import { PageTitle } from '../components/page-title';

/** Stands in for a screen a later issue builds, so every route of spec §2 already navigates. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <PageContainer>
      <PageTitle subtitle="This page is being prepared. Please check back soon.">{title}</PageTitle>
      <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
        <LinkButton href="/menu">Browse the menu</LinkButton>
        <LinkButton href="/" visual="outline">
          Back to home
        </LinkButton>
      </div>
    </PageContainer>
  );
}
