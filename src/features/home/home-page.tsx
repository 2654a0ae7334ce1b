import { css, cx } from 'styled-system/css';
import { AppBadges } from '../../components/app-badges';
import { LinkButton } from '../../components/link-button';
import { pageColumn } from '../../components/page-container';
import { FeaturedProducts } from './featured-products';

/** Spec §2 "Home": figures exactly as the spec gives them. */
export const HOME_STATS = [
  { value: '32+', label: 'Menu variants' },
  { value: '8', label: 'Spaces' },
  { value: '500+', label: 'Community members' },
] as const;

const containerStyle = css(pageColumn);

const sectionStyle = css({ py: { base: '12', md: '16', lg: '20' } });

const eyebrowStyle = css({
  fontSize: 'sm',
  fontWeight: 'bold',
  letterSpacing: 'widest',
  textTransform: 'uppercase',
  color: 'accent',
  mb: '3',
});

const h2Style = css({
  fontSize: { base: '2xl', md: '3xl', lg: '4xl' },
  fontWeight: 'bold',
  lineHeight: 'tight',
  color: 'text',
});

const leadStyle = css({
  color: 'textMuted',
  fontSize: { base: 'md', md: 'lg' },
  lineHeight: 'relaxed',
});

export function HomePage() {
  return (
    <>
      <Hero />
      <About />
      <section aria-labelledby="featured-heading" className={sectionStyle}>
        <div className={containerStyle}>
          <div
            className={css({
              display: 'flex',
              flexDirection: { base: 'column', md: 'row' },
              alignItems: { base: 'flex-start', md: 'flex-end' },
              justifyContent: 'space-between',
              gap: '4',
              mb: { base: '6', md: '8' },
            })}
          >
            <div>
              <p className={eyebrowStyle}>Featured</p>
              <h2 id="featured-heading" className={h2Style}>
                Our Popular Menu
              </h2>
            </div>
            <LinkButton href="/menu" visual="outline">
              Explore Other Menu
            </LinkButton>
          </div>
          <FeaturedProducts />
        </div>
      </section>
      <AppDownload />
      <Teasers />
    </>
  );
}

function Hero() {
  return (
    <section
      aria-labelledby="home-title"
      className={css({
        bg: 'surfaceMuted',
        borderBottomWidth: '1px',
        borderColor: 'border',
        overflow: 'hidden',
      })}
    >
      <div
        className={css(pageColumn, {
          py: { base: '10', md: '16', lg: '20' },
          display: 'grid',
          gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 1.1fr) minmax(0, 1fr)' },
          alignItems: 'center',
          gap: { base: '8', lg: '12' },
        })}
      >
        <div>
          <p className={eyebrowStyle}>Roastery · Kitchen · Workspace</p>
          <h1
            id="home-title"
            tabIndex={-1}
            data-page-title=""
            className={css({
              fontSize: { base: '4xl', md: '5xl', lg: '6xl' },
              fontWeight: 'bold',
              lineHeight: '1.05',
              letterSpacing: 'tight',
              color: 'text',
              _focus: { outline: 'none' },
            })}
          >
            Light roasts, warm rooms, good company.
          </h1>
          <p className={cx(leadStyle, css({ mt: '5', maxW: 'xl' }))}>
            Small-batch coffee roasted in-house, fresh bakes from our kitchen, and bright spaces to
            work, meet and slow down.
          </p>
          <div className={css({ mt: '8', display: 'flex', flexWrap: 'wrap', gap: '3' })}>
            <LinkButton href="/menu" size="lg">
              Explore Menu
            </LinkButton>
            <LinkButton href="/spaces" size="lg" visual="outline">
              Find a Space
            </LinkButton>
          </div>
          <dl
            className={css({
              mt: { base: '10', md: '12' },
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
                className={css({
                  display: 'flex',
                  flexDirection: 'column-reverse',
                  gap: '1',
                  borderLeftWidth: '3px',
                  borderColor: 'accent',
                  pl: { base: '2.5', md: '4' },
                })}
              >
                <dt className={css({ fontSize: { base: 'xs', md: 'sm' }, color: 'textMuted' })}>
                  {stat.label}
                </dt>
                <dd
                  className={css({
                    fontFamily: 'heading',
                    fontSize: { base: '2xl', md: '4xl' },
                    fontWeight: 'bold',
                    color: 'text',
                    lineHeight: '1',
                  })}
                >
                  {stat.value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
        <div
          className={css({
            borderRadius: '2xl',
            overflow: 'hidden',
            boxShadow: 'xl',
            aspectRatio: { base: '4 / 3', md: '16 / 9', lg: '5 / 4' },
            bg: 'surface',
          })}
        >
          <img
            src="/images/home/hero.svg"
            alt="A barista pouring latte art at the Lumen Roastery bar"
            width={800}
            height={640}
            fetchPriority="high"
            className={css({ w: 'full', h: 'full', objectFit: 'cover' })}
          />
        </div>
      </div>
    </section>
  );
}

function About() {
  const imageBox = css({
    // Tall on phones and beside the text; square on tablets, where the pair spans the full width.
    aspectRatio: { base: '3 / 4', md: '1 / 1', lg: '3 / 4' },
    borderRadius: 'xl',
    overflow: 'hidden',
    bg: 'surfaceMuted',
    boxShadow: 'md',
  });
  const image = css({ w: 'full', h: 'full', objectFit: 'cover', display: 'block' });
  return (
    <section aria-labelledby="about-heading" className={sectionStyle}>
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
          })}
        >
          <div className={imageBox}>
            <img
              src="/images/home/about-1.svg"
              alt="Freshly roasted beans cooling in the roaster's tray"
              width={480}
              height={640}
              loading="lazy"
              className={image}
            />
          </div>
          <div className={cx(imageBox, css({ mt: { base: '6', md: '10' } }))}>
            <img
              src="/images/home/about-2.svg"
              alt="Guests working at the long table in one of our spaces"
              width={480}
              height={640}
              loading="lazy"
              className={image}
            />
          </div>
        </div>
        <div className={css({ order: { base: 1, lg: 2 } })}>
          <p className={eyebrowStyle}>About us</p>
          <h2 id="about-heading" className={h2Style}>
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
    <section aria-labelledby="app-heading" className={css({ py: { base: '6', md: '10' } })}>
      <div className={containerStyle}>
        <div
          className={css({
            bg: 'accent',
            color: 'accentText',
            borderRadius: '2xl',
            px: { base: '6', md: '10', lg: '14' },
            py: { base: '8', md: '12' },
            display: 'grid',
            gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'minmax(0, 1.4fr) minmax(0, 1fr)' },
            alignItems: 'center',
            gap: '6',
          })}
        >
          <div>
            <p
              className={css({
                fontSize: 'sm',
                fontWeight: 'bold',
                letterSpacing: 'widest',
                textTransform: 'uppercase',
                opacity: 0.85,
                mb: '2',
              })}
            >
              Delivery order
            </p>
            <h2
              id="app-heading"
              className={css({
                fontSize: { base: '2xl', md: '3xl' },
                fontWeight: 'bold',
                lineHeight: 'tight',
              })}
            >
              Get 20% Off in the App
            </h2>
            <p className={css({ mt: '3', opacity: 0.9, lineHeight: 'relaxed' })}>
              Order ahead for pick-up or have your coffee delivered. Your first app order is 20%
              off.
            </p>
          </div>
          <div
            className={css({
              bg: 'surface',
              color: 'text',
              borderRadius: 'xl',
              p: '5',
              justifySelf: { base: 'stretch', md: 'end' },
            })}
          >
            <AppBadges />
          </div>
        </div>
      </div>
    </section>
  );
}

const TEASERS = [
  {
    id: 'spaces',
    eyebrow: 'Workspaces',
    title: 'Eight spaces to work and meet',
    text: 'From a quiet corner desk to a room for twelve: bright, calm and with coffee a few steps away.',
    href: '/spaces',
    cta: 'Explore our spaces',
  },
  {
    id: 'events',
    eyebrow: 'Community',
    title: 'Tastings, talks and evenings',
    text: 'Cuppings with our roasters, latte-art nights and neighbourhood meet-ups every month.',
    href: '/community',
    cta: 'See upcoming events',
  },
  {
    id: 'news',
    eyebrow: 'News',
    title: 'Fresh from the roastery',
    text: 'New harvests, seasonal drinks and stories from the farms we buy from.',
    href: '/news',
    cta: 'Read the latest news',
  },
] as const;

function Teasers() {
  return (
    <section aria-labelledby="teasers-heading" className={sectionStyle}>
      <div className={containerStyle}>
        <p className={eyebrowStyle}>Beyond the cup</p>
        <h2 id="teasers-heading" className={h2Style}>
          Spaces, events and news
        </h2>
        <ul
          className={css({
            listStyle: 'none',
            mt: { base: '6', md: '8' },
            display: 'grid',
            gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' },
            gap: { base: '4', md: '6' },
          })}
        >
          {TEASERS.map((teaser) => (
            <li
              key={teaser.id}
              className={css({
                display: 'flex',
                flexDirection: 'column',
                gap: '3',
                p: { base: '5', md: '6' },
                bg: 'surface',
                borderWidth: '1px',
                borderColor: 'border',
                borderRadius: 'xl',
              })}
            >
              <p
                className={css({
                  fontSize: 'xs',
                  fontWeight: 'bold',
                  letterSpacing: 'widest',
                  textTransform: 'uppercase',
                  color: 'accent',
                })}
              >
                {teaser.eyebrow}
              </p>
              <h3 className={css({ fontSize: 'xl', fontWeight: 'bold', color: 'text' })}>
                {teaser.title}
              </h3>
              <p className={css({ color: 'textMuted', lineHeight: 'relaxed', flex: '1' })}>
                {teaser.text}
              </p>
              <LinkButton
                href={teaser.href}
                visual="outline"
                size="sm"
                css={css.raw({ alignSelf: 'flex-start' })}
              >
                {teaser.cta}
              </LinkButton>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
