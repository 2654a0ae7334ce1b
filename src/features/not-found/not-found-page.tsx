import { css } from 'styled-system/css';
import { LinkButton } from '../../components/link-button';
import { PageContainer } from '../../components/page-container';
import { PageTitle } from '../../components/page-title';
import { paths } from '../../components/paths';

export function NotFoundPage() {
  return (
    <PageContainer
      css={css.raw({ textAlign: 'center', py: { base: '16', md: '24' }, maxW: '2xl' })}
    >
      <p
        aria-hidden="true"
        className={css({
          fontFamily: 'heading',
          fontSize: { base: '6xl', md: '8xl' },
          fontWeight: 'bold',
          color: 'accent',
          lineHeight: '1',
          mb: '4',
        })}
      >
        404
      </p>
      <PageTitle subtitle="The page you are looking for has moved, or never brewed.">
        Page not found
      </PageTitle>
      <div
        className={css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: '3' })}
      >
        <LinkButton href={paths.home()}>Go back home</LinkButton>
        <LinkButton href={paths.menu()} visual="outline">
          Browse the menu
        </LinkButton>
      </div>
    </PageContainer>
  );
}
