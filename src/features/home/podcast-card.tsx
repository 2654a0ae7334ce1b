import { css } from 'styled-system/css';
import { BRAND_NAME } from '../../../contract/brand';
import { pageColumn } from '../../ui/page-container';

/**
 * Spec §1: the shop shows a podcast card. There is no podcast feed in the API and no episode
 * to play yet, so the card presents the show and says when to expect it, with no dead button.
 */
export function PodcastCard() {
  return (
    <section aria-labelledby="podcast-heading" className={css({ py: 'section' })}>
      <div className={css(pageColumn)}>
        <div
          className={css({
            display: 'grid',
            gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
            alignItems: 'stretch',
            bg: 'inverse',
            color: 'inverseText',
            borderRadius: 'panel',
            overflow: 'hidden',
            boxShadow: 'raised',
          })}
        >
          <img
            src="/images/home/podcast.svg"
            alt=""
            width={1200}
            height={800}
            loading="lazy"
            decoding="async"
            className={css({
              display: 'block',
              w: 'full',
              h: 'full',
              aspectRatio: { base: '3 / 2', md: 'auto' },
              // Beside the text, the text sets the card's height: the file, once loaded, must not
              // add its own (the card would grow under the shopper's eyes).
              contain: { md: 'size' },
              objectFit: 'cover',
            })}
          />
          <div className={css({ p: { base: '6', md: '10', lg: '14' }, alignSelf: 'center' })}>
            <p className={css({ textStyle: 'eyebrow', color: 'inverseAccent', mb: '3' })}>
              Podcast
            </p>
            <h2 id="podcast-heading" className={css({ textStyle: 'h2' })}>
              Slow Pour, the {BRAND_NAME} podcast
            </h2>
            <p className={css({ textStyle: 'lead', color: 'inverseMuted', mt: '4' })}>
              Conversations with the farmers, roasters and neighbours behind every cup: where the
              beans grow, how a roast is chosen, and what makes a café a second home.
            </p>
            <p className={css({ mt: '6', textStyle: 'small', color: 'inverseMuted' })}>
              First episodes coming soon.
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
