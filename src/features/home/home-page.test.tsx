import { screen, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { News, Product, ShopEvent, Space } from '../../api/types';
import { errorAnswer, inTurn, networkFailure, type Routes } from '../../../tests/support/fake-api';
import { renderApp } from '../../../tests/support/render-app';
import { HomePage } from './home-page';

const FEATURED_ROUTE = 'GET /api/v1/products';
const SPACES_ROUTE = 'GET /api/v1/spaces';
const EVENTS_ROUTE = 'GET /api/v1/events/upcoming';
const NEWS_ROUTE = 'GET /api/v1/news';

const SPACES: Space[] = [
  {
    spaceId: 1,
    name: 'white wall',
    type: 'workspace',
    image: '/images/spaces/1.svg',
    width: 1200,
    height: 900,
  },
  {
    spaceId: 2,
    name: 'long window',
    type: 'workspace',
    image: '/images/spaces/2.svg',
    width: 1600,
    height: 900,
  },
  {
    spaceId: 3,
    name: 'the loft',
    type: 'event space',
    image: '/images/spaces/3.svg',
    width: 900,
    height: 1200,
  },
];

const EVENTS: ShopEvent[] = [
  {
    eventId: 3,
    name: 'Factory visit',
    image: '/images/events/3.svg',
    startDate: '2026-12-05T15:00:00.000Z',
    duration: '02:00:00',
  },
  {
    eventId: 2,
    name: 'latte art workshop',
    image: '/images/events/2.svg',
    startDate: '2026-12-19T15:00:00.000Z',
    duration: '02:00:00',
  },
];

function newsItem(newId: number, title: string): News {
  return {
    newId,
    title,
    image: `/images/news/${newId}.svg`,
    createdAt: '2026-11-20T09:00:00.000Z',
    time: '4 Min',
    description: 'A story.',
  };
}

const LATEST_NEWS: News[] = [
  newsItem(9, 'A new harvest'),
  newsItem(8, 'Cupping nights'),
  newsItem(7, 'Our roaster'),
];

function product(overrides: Partial<Product> & Pick<Product, 'productId' | 'name'>): Product {
  return {
    price: 5,
    oldPrice: null,
    description: 'A cup.',
    category: 'coffee_baverage',
    quantity: 10,
    isAvailableAtWeb: true,
    images: [
      {
        productImageId: overrides.productId * 10 + 1,
        imageUrl: `/images/products/${overrides.productId}-1.svg`,
        isMain: false,
      },
      {
        productImageId: overrides.productId * 10 + 2,
        imageUrl: `/images/products/${overrides.productId}-2.svg`,
        isMain: true,
      },
    ],
    ...overrides,
  };
}

const FEATURED: Product[] = [
  product({ productId: 1, name: 'cappucino', price: 5, oldPrice: 6 }),
  product({ productId: 2, name: 'flat white', price: 4.5 }),
  product({ productId: 3, name: 'cold brew', price: 4, quantity: 0, oldPrice: 5 }),
  product({ productId: 4, name: 'mocha', price: 5.25, images: [] }),
];

// What the home page's queries ask for, answered as the API does.
function renderHome(api: Routes = {}) {
  return renderApp({
    api: {
      [FEATURED_ROUTE]: FEATURED,
      [SPACES_ROUTE]: SPACES,
      [EVENTS_ROUTE]: EVENTS,
      [NEWS_ROUTE]: LATEST_NEWS,
      ...api,
    },
    ui: <HomePage />,
  });
}

describe('home page', () => {
  it('shows the hero stats exactly as the spec gives them', () => {
    renderHome();

    const stats = screen.getAllByTestId('home-stat').map((stat) => stat.textContent);
    expect(stats).toEqual(['Menu variants32+', 'Spaces8', 'Community members500+']);
    screen.getByRole('heading', { level: 1 });
    screen.getByRole('heading', { level: 2, name: 'Get 20% Off in the App' });
  });

  it('asks for four featured products and shows them as cards', async () => {
    const { api } = renderHome();
    expect(screen.getByTestId('featured-loading')).toBeTruthy();

    const list = await screen.findByTestId('featured-products');

    expect(api.callsTo(FEATURED_ROUTE).map(({ query }) => query.toString())).toEqual(['size=4']);
    const cards = within(list).getAllByTestId('product-card');
    expect(cards).toHaveLength(4);
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      // Names in the shop's one display case (display-name.ts), as on the menu and the product.
      'Cappucino',
      'Flat White',
      'Cold Brew',
      'Mocha',
    ]);
  });

  it('shows price, sale badge, out-of-stock badge, main image and placeholder', async () => {
    renderHome();
    const cards = within(await screen.findByTestId('featured-products')).getAllByTestId(
      'product-card',
    );
    const [onSale, plain, soldOut, noImage] = cards as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];

    expect(within(onSale).getByTestId('product-price').textContent).toBe('$5.00');
    expect(within(onSale).getByText('-17%', { exact: false })).toBeTruthy();
    // The main image is the one flagged isMain, not the first.
    expect(onSale.querySelector('img')?.getAttribute('src')).toBe('/images/products/1-2.svg');
    expect(within(onSale).getByRole('link', { name: 'Cappucino' }).getAttribute('href')).toBe(
      '/menu/detail/1',
    );

    expect(within(plain).getByTestId('product-price').textContent).toBe('$4.50');
    expect(within(plain).queryByText(/%/)).toBeNull();

    within(soldOut).getByText('Out of stock');
    expect(within(soldOut).queryByText(/-\d+%/)).toBeNull();

    expect(noImage.querySelector('img')).toBeNull();
    within(noImage).getByRole('img', { name: 'No image available' });
    expect(within(noImage).getByTestId('product-price').textContent).toBe('$5.25');
  });

  it('links to the full menu', () => {
    renderHome();

    expect(screen.getByRole('link', { name: 'Explore Other Menu' }).getAttribute('href')).toBe(
      '/menu',
    );
    for (const [name, href] of [
      ['Explore Menu', '/menu'],
      ['Find a Space', '/spaces'],
      ['See upcoming events', '/community'],
      ['Read the latest news', '/news'],
    ] as const) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
  });

  it('shows an error with a retry that loads the products', async () => {
    // A 503 twice (the app's query client asks again once for a 5xx), then the products.
    const down = () =>
      errorAnswer(
        503,
        'SERVICE_UNAVAILABLE',
        'The service is unavailable right now. Please try again in a moment.',
      );
    const { user, api } = renderHome({ [FEATURED_ROUTE]: inTurn(down, down, FEATURED) });

    const alert = await screen.findByRole('alert');
    within(alert).getByText('We could not load the featured menu.');
    within(alert).getByText('The service is unavailable right now. Please try again in a moment.');

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    const list = await screen.findByTestId('featured-products');
    expect(within(list).getAllByTestId('product-card')).toHaveLength(4);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.callsTo(FEATURED_ROUTE)).toHaveLength(3);
  });

  it('shows the app promotion with both store badges', () => {
    renderHome();

    const app = screen.getByRole('region', { name: 'Get 20% Off in the App' });
    within(app).getByRole('img', { name: 'Download on the App Store' });
    within(app).getByRole('img', { name: 'Get it on Google Play' });
  });

  it('presents the podcast', () => {
    renderHome();

    screen.getByRole('heading', { level: 2, name: 'Slow Pour, the Lumen Roastery podcast' });
  });
});

describe('home page: workspaces carousel', () => {
  it('shows every space from the API as a slide that links to the spaces gallery', async () => {
    renderHome();

    const carousel = await screen.findByTestId('spaces-carousel');
    const slides = within(carousel).getAllByRole('listitem');
    expect(slides.map((slide) => slide.getAttribute('aria-label'))).toEqual([
      '1 of 3',
      '2 of 3',
      '3 of 3',
    ]);
    const links = within(carousel).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'White WallWorkspace',
      'Long WindowWorkspace',
      'The LoftEvent space',
    ]);
    for (const link of links) expect(link.getAttribute('href')).toBe('/spaces');
    expect(carousel.querySelector('img')?.getAttribute('src')).toBe('/images/spaces/1.svg');
  });

  it('shows a video space as its video (first frame), named as a video', async () => {
    const video: Space = {
      spaceId: 9,
      name: 'brew bar',
      type: 'event space',
      image: '/media/spaces/9.webm',
      width: 640,
      height: 360,
    };
    renderHome({ [SPACES_ROUTE]: [...SPACES, video] });

    const carousel = await screen.findByTestId('spaces-carousel');
    const slide = within(carousel).getAllByRole('listitem')[3];
    if (!slide) throw new Error('no fourth slide');
    expect(slide.querySelector('img')).toBeNull();
    expect(slide.querySelector('video')?.getAttribute('src')).toBe('/media/spaces/9.webm');
    expect(within(slide).getByRole('link').textContent).toBe('Brew BarEvent space · Video');
    expect(carousel.querySelectorAll('video')).toHaveLength(1);
  });

  it('moves between slides with the arrow keys, Home and End', async () => {
    const { user } = renderHome();
    const carousel = await screen.findByTestId('spaces-carousel');
    const [first, second, third] = within(carousel).getAllByRole('link') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    // jsdom does not lay out or scroll (it has no scrollIntoView); the test is about focus.
    Element.prototype.scrollIntoView = vi.fn();
    onTestFinished(() => {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    });

    first.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(second);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(third);
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(second);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(first);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(third);
  });

  it('has previous and next buttons for the row, previous disabled at the start', async () => {
    renderHome();
    const carousel = await screen.findByTestId('spaces-carousel');

    const previous = screen.getByRole('button', { name: 'Previous spaces' });
    const next = screen.getByRole('button', { name: 'Next spaces' });
    expect(previous.getAttribute('aria-controls')).toBe(carousel.id);
    expect(next.getAttribute('aria-controls')).toBe(carousel.id);
    expect((previous as HTMLButtonElement).disabled).toBe(true);
  });

  it('says so when the spaces cannot be loaded, and retries', async () => {
    // Offline for both attempts, then back.
    const { user, api } = renderHome({
      [SPACES_ROUTE]: inTurn(networkFailure, networkFailure, SPACES),
    });

    const alert = await screen.findByText('We could not load our spaces.');
    await user.click(within(alert.closest('[role=alert]') as HTMLElement).getByRole('button'));

    await screen.findByTestId('spaces-carousel');
    expect(api.callsTo(SPACES_ROUTE)).toHaveLength(3);
  });
});

describe('home page: events and news', () => {
  it('shows the upcoming events with image, name and start date, linking to /community', async () => {
    const { api } = renderHome();

    const list = await screen.findByTestId('upcoming-events');
    expect(api.callsTo(EVENTS_ROUTE).map(({ query }) => query.toString())).toEqual(['size=3']);
    const cards = within(list).getAllByTestId('event-card');
    expect(cards.map((card) => within(card).getByTestId('event-name').textContent)).toEqual([
      'Factory Visit',
      'Latte Art Workshop',
    ]);
    const [first] = cards as [HTMLElement];
    expect(first.getAttribute('href')).toBe('/community');
    expect(first.querySelector('img')?.getAttribute('src')).toBe('/images/events/3.svg');
    const time = first.querySelector('time');
    expect(time?.getAttribute('dateTime')).toBe('2026-12-05T15:00:00.000Z');
    expect(time?.textContent).toMatch(/^(Fri|Sat), Dec [56], /);
  });

  it('teases the three latest news, each opening its article', async () => {
    const { api } = renderHome();

    const teaser = await screen.findByTestId('news-teaser');
    expect(api.callsTo(NEWS_ROUTE).map(({ query }) => query.toString())).toEqual(['size=3']);
    const links = within(teaser).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['A new harvest', '/news/9'],
      ['Cupping nights', '/news/8'],
      ['Our roaster', '/news/7'],
    ]);
    within(teaser).getAllByText(/4 Min read/);
  });
});
