import { css, cx } from 'styled-system/css';
import { APP_PROMO, AppBadges } from '../../components/app-badges';
import { BRAND_NAME } from '../../../contract/brand';
import { LinkButton } from '../../ui/link-button';
import { pageColumn } from '../../ui/page-container';
import { paths } from '../../lib/paths';
import { FeaturedProducts } from './featured-products';
import { eyebrowStyle, HomeSection, leadStyle } from './home-section';
import { NewsTeaser } from './news-teaser';
import { PodcastCard } from './podcast-card';
import { UpcomingEvents } from './upcoming-events';
import { WorkspacesCarousel } from './workspaces-carousel';

/** Spec §2 "Home": figures exactly as the spec gives them. */
const HOME_STATS = [
  { value: '32+', label: 'Menu variants' },
  { value: '8', label: 'Spaces' },
  { value: '500+', label: 'Community members' },
] as const;

/**
 * The first screen. It stays in the entry chunk (routes.tsx imports it statically): it is where
 * most visits start. A chunk of its own (tried for issue 19, preloaded with the rendered HTML)
 * spared other pages 5 kB but cost the home page's first visit 2 kB more in all, over its budget.
 */
export function HomePage() {
  return (
    <>
      <Hero />
      <About />
      <HomeSection
        id="featured-heading"
        eyebrow="Featured"
        title="Our popular menu"
        className={css({ bg: 'surfaceMuted' })}
        action={
          <LinkButton href={paths.menu()} visual="outline">
            Explore Other Menu
          </LinkButton>
        }
      >
        <FeaturedProducts />
      </HomeSection>
      <AppDownload />
      <WorkspacesCarousel />
      <UpcomingEvents />
      <PodcastCard />
      <NewsTeaser />
    </>
  );
}

// Side by side even on a 360 px phone: less padding there than the large size's default.
const heroButton = css.raw({ px: { base: '5', sm: '7' } });

function Hero() {
  return (
    <section aria-labelledby="home-title" className={css({ overflow: 'hidden' })}>
      <div
        className={css(pageColumn, {
          pt: { base: '8', md: '14', lg: '16' },
          pb: 'section',
          display: 'grid',
          gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 1.05fr) minmax(0, 1fr)' },
          alignItems: 'center',
          gap: { base: '8', lg: '14' },
        })}
      >
        <div>
          <p className={eyebrowStyle}>Roastery · Kitchen · Workspace</p>
          <h1
            id="home-title"
            tabIndex={-1}
            data-page-title=""
            className={css({ textStyle: 'display', color: 'text', _focus: { outline: 'none' } })}
          >
            Light roasts, warm rooms, good company.
          </h1>
          <p className={cx(leadStyle, css({ mt: '5', maxW: 'xl' }))}>
            Small-batch coffee roasted in-house, fresh bakes from our kitchen, and bright spaces to
            work, meet and slow down.
          </p>
          <div className={css({ mt: '8', display: 'flex', flexWrap: 'wrap', gap: '3' })}>
            <LinkButton href={paths.menu()} size="lg" css={heroButton}>
              Explore Menu
            </LinkButton>
            <LinkButton href={paths.spaces()} size="lg" visual="outline" css={heroButton}>
              Find a Space
            </LinkButton>
          </div>
          <dl
            className={css({
              mt: { base: '10', md: '12' },
              pt: { base: '6', md: '8' },
              borderTopWidth: '1px',
              borderColor: 'border',
              display: 'grid',
              gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
              gap: { base: '3', md: '6' },
              maxW: 'lg',
            })}
          >
            {HOME_STATS.map((stat) => (
              <div
                key={stat.label}
                data-testid="home-stat"
                // Figure above its label, all figures on one line even when a label wraps.
                className={css({
                  display: 'flex',
                  flexDirection: 'column-reverse',
                  justifyContent: 'flex-end',
                  gap: '1',
                })}
              >
                <dt className={css({ textStyle: 'small', color: 'textMuted' })}>{stat.label}</dt>
                <dd
                  className={css({
                    fontFamily: 'heading',
                    fontSize: { base: '3xl', md: '4xl' },
                    fontWeight: '600',
                    color: 'accent',
                    lineHeight: '1',
                  })}
                >
                  {stat.value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
        <div className={css({ position: 'relative' })}>
          <div
            aria-hidden="true"
            className={css({
              position: 'absolute',
              inset: '0',
              transform: 'translate(1.25rem, 1.25rem)',
              bg: 'accentSubtle',
              borderRadius: 'panel',
              display: { base: 'none', md: 'block' },
            })}
          />
          <img
            src="/images/home/hero.svg"
            alt={`A cup of coffee in warm morning light at ${BRAND_NAME}`}
            width={1600}
            height={900}
            fetchPriority="high"
            className={css({
              position: 'relative',
              display: 'block',
              w: 'full',
              aspectRatio: { base: '4 / 3', md: '16 / 10', lg: '4 / 3.4' },
              objectFit: 'cover',
              // The cup sits right of centre in the art; keep it in frame when cropped.
              objectPosition: '72% center',
              borderRadius: 'panel',
              boxShadow: 'raised',
              bg: 'surfaceMuted',
            })}
          />
        </div>
      </div>
    </section>
  );
}

function About() {
  const image = css({
    display: 'block',
    w: 'full',
    aspectRatio: '9 / 11',
    objectFit: 'cover',
    borderRadius: 'card',
    boxShadow: 'card',
    bg: 'surfaceMuted',
  });
  return (
    <section aria-labelledby="about-heading" className={css({ pb: 'section' })}>
      <div
        className={css(pageColumn, {
          display: 'grid',
          gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'center',
          gap: { base: '8', lg: '16' },
        })}
      >
        <div
          className={css({
            display: 'grid',
            gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
            gap: { base: '3', md: '5' },
            order: { base: 2, lg: 1 },
            maxW: { md: '2xl' },
          })}
        >
          <img
            src="/images/home/about-1.svg"
            alt="Our baristas at work behind the counter"
            width={900}
            height={1100}
            loading="lazy"
            decoding="async"
            className={image}
          />
          <img
            src="/images/home/about-2.svg"
            alt="Guests working at the long table in one of our spaces"
            width={1200}
            height={900}
            loading="lazy"
            decoding="async"
            className={cx(image, css({ mt: { base: '8', md: '12' } }))}
          />
        </div>
        <div className={css({ order: { base: 1, lg: 2 } })}>
          <p className={eyebrowStyle}>About us</p>
          <h2 id="about-heading" className={css({ textStyle: 'h2', color: 'text' })}>
            A neighbourhood roastery with room to stay
          </h2>
          <div className={css({ mt: '5', display: 'flex', flexDirection: 'column', gap: '4' })}>
            <p className={leadStyle}>
              We roast light, in small batches, a few steps from the bar, so every cup tastes of
              where its beans came from. Our kitchen bakes through the day and our menu changes with
              the seasons.
            </p>
            <p className={leadStyle}>
              Between the cups there is space: quiet desks, a long table for teams, and evenings of
              tastings, talks and music with the people who make this neighbourhood.
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}

function AppDownload() {
  return (
    <section aria-labelledby="app-heading" className={css({ pt: 'section' })}>
      <div className={css(pageColumn)}>
        <div
          className={css({
            bg: 'accentSubtle',
            color: 'text',
            borderRadius: 'panel',
            px: { base: '6', md: '10', lg: '14' },
            py: { base: '8', md: '12' },
            display: 'grid',
            gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'minmax(0, 1.4fr) minmax(0, 1fr)' },
            alignItems: 'center',
            gap: '6',
          })}
        >
          <div>
            <p className={eyebrowStyle}>Delivery order</p>
            <h2 id="app-heading" className={css({ textStyle: 'h2' })}>
              {APP_PROMO}
            </h2>
            <p className={cx(leadStyle, css({ mt: '3', color: 'text' }))}>
              Order ahead for pick-up or have your coffee delivered. Your first app order is 20%
              off.
            </p>
          </div>
          <AppBadges className={css({ justifySelf: { base: 'start', md: 'end' } })} />
        </div>
      </div>
    </section>
  );
}
