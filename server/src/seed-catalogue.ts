// The shop's catalogue (api-facts §7 with the brief's corrections). Dates are computed by seed.ts.
import type { components } from '../../contract/schema';

// Seeded enum values are answered as stored, so they are typed by the contract's enums.
type Category = components['schemas']['Category'];

export interface SeedProduct {
  id: number;
  name: string;
  priceCents: number;
  oldPriceCents: number;
  quantity: number;
  category: Category;
  isAvailableAtWeb: boolean;
  description: string;
}

function product(
  id: number,
  name: string,
  price: number,
  oldPrice: number,
  quantity: number,
  description: string,
): SeedProduct {
  const category: Category = id <= 12 ? 'coffee_baverage' : id <= 24 ? 'food_snack' : 'at_home';
  return {
    id,
    name,
    priceCents: Math.round(price * 100),
    oldPriceCents: Math.round(oldPrice * 100),
    quantity,
    category,
    // G3 seed: the first two drinks are sold at the cafe only.
    isAvailableAtWeb: id !== 1 && id !== 2,
    description,
  };
}

export const SEED_PRODUCTS: readonly SeedProduct[] = [
  product(
    1,
    'ristretto bianco',
    5,
    6,
    9,
    'A short, syrupy ristretto pulled from our house espresso and topped with a little steamed milk. Dense, sweet and over in a few sips, it is the drink our baristas make for themselves between rushes.',
  ),
  product(
    2,
    'iced creamy latte',
    5,
    6,
    14,
    'Double espresso poured over ice and cold whole milk, finished with a spoon of lightly sweetened cream. Smooth and mellow, with caramel notes from the roast and a soft, velvety finish.',
  ),
  product(
    3,
    'cappucino',
    5,
    6,
    28,
    'Equal parts espresso, steamed milk and thick microfoam in a warm six-ounce cup. A balanced classic with cocoa and toasted-nut notes, dusted with cinnamon on request.',
  ),
  product(
    4,
    'iced long black',
    5,
    6,
    27,
    'Two shots of espresso poured over cold water and ice, keeping the crema on top. Bright, clean and unsweetened, with a citrus edge from our seasonal single origin.',
  ),
  product(
    5,
    'milk coffee regal',
    5,
    6,
    25,
    'Our take on a royal milk coffee: slow-brewed coffee with warm milk and a touch of palm sugar. Rich and comforting, somewhere between a latte and a kopi susu.',
  ),
  product(
    6,
    'orange juice',
    4,
    5,
    28,
    'Oranges pressed to order, nothing added. Sweet, a little tart and full of pulp, a fresh counterpoint to a morning pastry.',
  ),
  product(
    7,
    'soda beverage',
    3,
    4,
    28,
    'House-made sparkling soda with a rotating fruit syrup: lime and mint in summer, spiced apple when it turns cold. Light, fizzy and caffeine free.',
  ),
  product(
    8,
    'iced coffee with milk',
    6,
    7,
    0,
    'Cold-brewed coffee steeped for eighteen hours, served over ice with fresh milk. Naturally low in acidity, with chocolate and dried-fruit notes. One batch a day: once it is gone, it is gone.',
  ),
  product(
    9,
    'iced americano',
    4,
    4,
    30,
    'Espresso lengthened with chilled water over plenty of ice. Crisp and refreshing, it lets the character of the bean come through without milk or sugar.',
  ),
  product(
    10,
    'vegan iced latte',
    6,
    6,
    30,
    'Espresso over ice with creamy oat milk, fully plant based. Oat milk brings its own gentle sweetness, so this one needs no syrup at all.',
  ),
  product(
    11,
    'iced chocolate',
    7,
    7,
    30,
    'Dark chocolate melted into cold milk and shaken over ice. Deep, not too sweet, and a favourite with anyone who would rather skip the caffeine.',
  ),
  product(
    12,
    'autumnal coffee',
    8,
    8,
    30,
    'A seasonal latte with house-made spice syrup of cinnamon, clove and brown sugar over espresso and steamed milk. Warming, fragrant and best with the first cold mornings. The syrup is simmered every Monday from whole spices, a little orange peel and dark muscovado, then rested for a day so the clove softens. We pour it over a double shot of the house blend, add silky steamed milk and finish with a pinch of grated nutmeg. Ask for it with oat milk, or iced once the afternoon warms up.',
  ),
  product(
    13,
    'seafood lunch',
    14,
    14,
    30,
    'A lunch plate of grilled prawns and squid over herbed rice with a bright lime and chilli dressing. Light enough for midday, generous enough to keep you going until evening.',
  ),
  product(
    14,
    'french toast with sugar',
    7,
    7,
    29,
    'Thick brioche soaked in vanilla custard, pan-fried golden and dusted with caster sugar. Crisp edges, a soft middle, and lovely next to a flat white.',
  ),
  product(
    15,
    'chocolate croissant',
    4,
    5,
    15,
    'A laminated butter croissant baked around two batons of dark chocolate. Flaky outside, tender inside, delivered warm from our morning bake.',
  ),
  product(
    16,
    'potato wedges',
    6,
    7,
    30,
    'Skin-on potato wedges roasted with smoked paprika and sea salt, served with garlic aioli. Crunchy, fluffy and made for sharing, or not.',
  ),
  product(
    17,
    'brownies',
    3,
    3,
    29,
    'Fudgy dark-chocolate brownies with a crackled top and a pinch of flaky salt. Dense and rich, they pair perfectly with a short black.',
  ),
  product(
    18,
    'banana cake',
    4,
    4,
    27,
    'A moist loaf cake made with very ripe bananas, brown butter and a hint of cinnamon. Sliced thick, simple and quietly addictive.',
  ),
  product(
    19,
    'sandwiches and pickles',
    9,
    9,
    30,
    'Sourdough sandwiches of roast chicken, mustard mayo and greens, with a side of our crunchy house pickles. A tidy, tangy lunch.',
  ),
  product(
    20,
    'spaghetti bolognese',
    12,
    12,
    29,
    'Spaghetti tossed in a slow-cooked beef and tomato ragu, finished with parmesan and basil. Hearty comfort food from the cafe kitchen.',
  ),
  product(
    21,
    'sandwich vegan',
    9,
    9,
    30,
    'Grilled vegetables, hummus, rocket and sun-dried tomato on seeded bread. Fully plant based, colourful and filling.',
  ),
  product(
    22,
    'eggs benedict burger',
    11,
    11,
    30,
    'A toasted brioche bun with a poached egg, smoked beef, spinach and a spoon of hollandaise. Brunch in a form you can pick up.',
  ),
  product(
    23,
    'corn cheese sandwich',
    7,
    8,
    30,
    'Sweet corn and melted cheddar pressed in buttered white bread until golden and gooey. Simple, savoury and a regulars\u2019 favourite.',
  ),
  product(
    24,
    'buttermilk waffle',
    8,
    8,
    30,
    'A crisp buttermilk waffle served with maple syrup and whipped butter. Light inside, with deep pockets made for catching syrup.',
  ),
  product(
    25,
    'at home house blend',
    5,
    5,
    30,
    'The blend we pour every day in the cafe, roasted medium for espresso or filter. Milk chocolate, hazelnut and a round, sweet finish. Whole beans, 250 g. It brings together a washed arabica from the Java highlands for sweetness and a fine robusta from Central Java for body and crema. For espresso, start with 18 g in and 36 g out in about 28 seconds; for filter, use 60 g per litre with water just off the boil. Best within six weeks of the roast date printed on the bag.',
  ),
  product(
    26,
    'at home arabica',
    5,
    5,
    30,
    'A washed arabica from the Java highlands, roasted light to keep its florals. Jasmine, stone fruit and a clean, tea-like body. Whole beans, 250 g.',
  ),
  product(
    27,
    'at home classic',
    5,
    5,
    30,
    'A darker, traditional roast for moka pots and milk drinks. Cocoa, toasted sugar and a heavy body that stands up to milk. Whole beans, 250 g.',
  ),
  product(
    28,
    'white mug',
    5,
    5,
    30,
    'Our plain white stoneware mug, 300 ml, with a thick wall that keeps coffee warm. Dishwasher and microwave safe.',
  ),
  product(
    29,
    'at home kalosi',
    5,
    5,
    28,
    'Single-origin Kalosi from Sulawesi, semi-washed and roasted medium. Earthy spice, dark cherry and a long, syrupy finish. Whole beans, 250 g.',
  ),
  product(
    30,
    'at home luwak',
    5,
    5,
    30,
    'A rare cup from ethically sourced, farm-collected beans, roasted medium. Smooth, low in acidity, with caramel and cedar notes. Whole beans, 100 g.',
  ),
  product(
    31,
    'at home robusta',
    5,
    5,
    28,
    'Fine robusta from Central Java, natural-processed and roasted medium-dark. Bold, nutty and full of crema; great in a blend or a strong morning cup. Whole beans, 250 g.',
  ),
  product(
    32,
    'coffee temper 58 MM',
    5,
    5,
    30,
    'A 58 mm stainless steel tamper with a flat base and a solid wooden handle. Fits most commercial portafilters for an even, level tamp.',
  ),
  product(
    33,
    'french press 9 cups',
    25,
    25,
    10,
    'A large 1 litre French press with a borosilicate glass carafe and a stainless steel mesh filter. Brews up to nine cups for a table of friends.',
  ),
  product(
    34,
    'glass tea pot teiera (6 cups)',
    13,
    13,
    10,
    'A heat-resistant glass teapot with a removable steel infuser, holding six cups. Watch loose-leaf tea unfurl as it steeps.',
  ),
  product(
    35,
    'french press 3 cup',
    20,
    20,
    30,
    'A compact 350 ml French press for one or two, with a double mesh filter for a clean, full-bodied brew. Small enough for a desk or a trip.',
  ),
  product(
    36,
    'moka pot',
    20,
    20,
    30,
    'A classic aluminium stovetop moka pot that makes three small cups of strong coffee. Works on gas and electric hobs; a kitchen staple for decades.',
  ),
];

export interface SeedNews {
  id: number;
  title: string;
  /** Days before the seeding time; distinct per item. */
  daysAgo: number;
  paragraphs: string[];
}

export const SEED_NEWS: readonly SeedNews[] = [
  {
    id: 1,
    title: 'Visited Doesoen Sirap Coffee, The Producer of Robusta in Central Java',
    daysAgo: 118,
    paragraphs: [
      'Early in the season we drove up the slopes of Central Java to spend two days with the growers of Doesoen Sirap, a village cooperative that has been farming robusta for three generations. The road narrows to a single lane long before the first coffee trees appear, and the air turns cool and damp with the altitude.',
      'What struck us first was how much care goes into a bean that is so often treated as a commodity. Cherries are picked by hand only when fully red, sorted twice, and dried slowly on raised beds instead of on the ground. The result is a robusta with a clean, nutty sweetness and none of the rubbery harshness people expect.',
      'We cupped a dozen lots with the farmers and came home with two of them. One is already in our house blend, where it adds body and crema; the other will appear on its own as the at home robusta. Thank you to the families of Doesoen Sirap for their hospitality and their patience with our questions.',
    ],
  },
  {
    id: 2,
    title: 'Cold Brew Coffee, How to Drink Cold Coffee is More Enjoyable',
    daysAgo: 97,
    paragraphs: [
      'Cold brew is not iced coffee. Instead of pouring hot coffee over ice, cold brew is made by steeping coarsely ground beans in cold water for many hours. Time does the work that heat usually does, and the cup that results is smoother, sweeter and noticeably lower in acidity.',
      'At home, start with one part coarse coffee to eight parts water by weight. Stir, cover, and leave it in the fridge for sixteen to twenty hours. Strain through a paper filter, and you have a concentrate that keeps for about a week. Dilute it with water or milk to taste, usually one to one.',
      'A few ideas once you have the basics: add a strip of orange peel to the steep, top a glass with tonic water, or pour it over a scoop of vanilla ice cream. Whichever way you take it, use beans roasted medium or darker; their chocolate and caramel notes shine when served cold.',
    ],
  },
  {
    id: 3,
    title: 'Meet Coffee Tonic, the Sensation of Drinking Coffee-Flavored Soda',
    daysAgo: 83,
    paragraphs: [
      'Espresso and tonic sounds like a dare, but one sip usually wins people over. The bitterness of quinine meets the bitterness of coffee, and somehow they cancel each other out, leaving something bright, fizzy and surprisingly refreshing.',
      'The trick is in the order. Fill a tall glass with ice, pour in chilled tonic water, and then float a fresh double espresso slowly over the top. The layers settle into a sunset gradient, and the carbonation lifts the coffee aromas right to your nose.',
      'Lighter roasts with fruity or floral notes work best here. Try a slice of lemon or a sprig of rosemary as a garnish. Coffee tonic is on our summer menu, and it takes less than a minute to make at home.',
    ],
  },
  {
    id: 4,
    title: 'Workshop Coffee Sharing Session',
    daysAgo: 69,
    paragraphs: [
      'Our monthly sharing session is an informal evening where anyone can bring a coffee, a brewer or a question. Last month twenty-five people squeezed around the big table, with beans from five countries and brewers ranging from a vintage siphon to a plastic dripper bought at a train station.',
      'We tasted side by side and talked about what we noticed rather than what the bag said. Two people brewing the same beans on the same dripper got completely different cups, which turned into a long and useful conversation about grind size and pouring speed.',
      'The sessions are free and there is no need to be an expert. Bring curiosity and, if you like, something to share. Check the events page for the next date.',
    ],
  },
  {
    id: 5,
    title: 'Workshop Coffee Brewing',
    daysAgo: 54,
    paragraphs: [
      'Our brewing workshop covers the three methods people ask us about most: the pour-over dripper, the French press and the moka pot. Each gets its own station, and everyone brews at every station rather than watching a demonstration.',
      'We start with the fundamentals that apply to all of them: fresh beans, the right grind, a scale, and water just off the boil. Then we change one variable at a time so you can taste what it does. By the end most people can fix a sour or bitter cup on their own.',
      'Workshops run for two hours in small groups of eight. Every participant leaves with a bag of beans and a printed brew guide for their favourite method.',
    ],
  },
  {
    id: 6,
    title: 'How We Roast: A Day at the Roastery',
    daysAgo: 40,
    paragraphs: [
      'Roasting starts before sunrise, when the building is quiet and the drum roaster takes half an hour to come up to temperature. Each batch is twelve kilograms of green coffee, and each origin has its own profile that we have refined over many test roasts.',
      'During the roast we listen as much as we look. First crack, a popping sound like popcorn, tells us the beans have released their moisture and begun to develop sweetness. For lighter roasts we finish soon after; for the classic roast we let it run a little longer into the deeper caramel flavours.',
      'Every batch is cupped the next day before it goes on sale. If a roast does not taste right, it does not leave the building. That is slow, but it is the only way we know to make sure every bag tastes the way we intend.',
    ],
  },
  {
    id: 7,
    title: 'Choosing a Grinder for Your Home Setup',
    daysAgo: 26,
    paragraphs: [
      'If you upgrade one piece of equipment, make it the grinder. Fresh, even grounds make more difference to the cup than any brewer, and a good burr grinder will outlast several kettles and presses.',
      'Blade grinders chop beans unevenly, leaving dust and boulders in the same dose; the dust over-extracts and the boulders under-extract. Burr grinders crush beans between two surfaces set a fixed distance apart, so the particles come out far more consistent.',
      'For filter and French press, an entry-level conical burr grinder is plenty. Espresso needs finer steps and more precision, which costs more. Whichever you choose, grind just before brewing: coffee loses much of its aroma within minutes of being ground.',
    ],
  },
  {
    id: 8,
    title: 'The Water Question: Why Your Brew Tastes Different at Home',
    daysAgo: 13,
    paragraphs: [
      'Coffee is about ninety-eight percent water, so it should be no surprise that the water matters. Yet it is the variable most people never think about, and the most common reason a favourite bean tastes flat at home.',
      'Very soft water extracts coffee aggressively and can taste sharp and thin. Very hard water mutes acidity and leaves scale in your kettle. The sweet spot is in between, with enough minerals to carry flavour but not so many that they cover it.',
      'A simple jug filter makes a real difference in most cities. If you want to experiment, brew the same coffee with tap water and with a bottled water low in minerals, and taste them side by side. It is one of the most eye-opening experiments in coffee.',
    ],
  },
  {
    id: 9,
    title: 'Meet Our New Single-Origin: Kalosi from Sulawesi',
    daysAgo: 4,
    paragraphs: [
      'Our newest single-origin comes from the Kalosi region of South Sulawesi, where coffee grows on steep hillsides between 1,400 and 1,800 metres. Farmers there use a semi-washed process called giling basah, which gives the beans their deep, earthy character.',
      'On the cupping table we found dark cherry, clove and a hint of cedar, with a heavy, syrupy body and gentle acidity. It makes a wonderful French press and holds its own with milk.',
      'The at home kalosi is available now in 250 g bags, roasted medium. We will be pouring it as a filter option in the cafe for the next few weeks, so come and taste it before you buy.',
    ],
  },
];

export interface SeedEvent {
  id: number;
  name: string;
  /** Days from the seeding time: positive is upcoming, negative is past. */
  offsetDays: number;
}

export const SEED_EVENTS: readonly SeedEvent[] = [
  { id: 1, name: 'latte art workshop', offsetDays: 45 },
  { id: 2, name: 'EXHIBITION COFFEE HARDWARE', offsetDays: 21 },
  { id: 3, name: 'Factory visit', offsetDays: 7 },
  { id: 4, name: 'Bezzera Latte Art Competition', offsetDays: -150 },
  { id: 5, name: 'SENSORY AND CUPPING CLASS', offsetDays: -120 },
  { id: 6, name: 'Public Cupping', offsetDays: -90 },
  { id: 7, name: 'Competitions and Showcases', offsetDays: -60 },
  { id: 8, name: 'Art and Coffee Festival', offsetDays: -30 },
];

export interface SeedSpace {
  id: number;
  name: string;
  type: components['schemas']['Space']['type'];
  /** The space's media: generated art (scripts/generate-art.ts) unless it is a video. */
  image: string;
  /**
   * The media's own size in pixels, sent with each space so the gallery lays out before any
   * media loads (issue 19). Fixed by how the media is made: the art's viewBox
   * (scripts/art/spaces.ts), the video's frame (scripts/generate-space-video.ts);
   * server/test/seed.api.test.ts checks both.
   */
  width: number;
  height: number;
}

function space(
  id: number,
  name: string,
  type: SeedSpace['type'],
  [width, height]: readonly [number, number],
  image?: string,
): SeedSpace {
  return { id, name, type, image: image ?? `/images/spaces/${id}.svg`, width, height };
}

/**
 * The spaces gallery (spec §2 supports video). Space 9 is a short looping video, committed at
 * public/media/spaces/9.webm (made by scripts/generate-space-video.ts) and served from this origin.
 * Mixed aspect ratios on purpose: the spaces page is a justified gallery.
 */
export const SEED_SPACES: readonly SeedSpace[] = [
  space(1, 'white wall', 'workspace', [1200, 900]),
  space(2, 'long window', 'workspace', [1600, 900]),
  space(3, 'gengs space', 'workspace', [900, 1200]),
  space(4, 'seminar area', 'event space', [1200, 800]),
  space(5, 'center area', 'event space', [1000, 1000]),
  space(6, 'aquarium', 'meeting space', [900, 1200]),
  space(7, 'rooftop', 'workspace', [1600, 900]),
  space(8, 'humble space', 'meeting space', [1200, 900]),
  space(9, 'brew bar', 'event space', [640, 360], '/media/spaces/9.webm'),
];

export const SEED_SHIP_METHODS: readonly {
  id: number;
  name: string;
  code: string;
  expectedArrival: string;
  priceCents: number;
}[] = [
  {
    id: 1,
    name: 'Free Shipping',
    code: 'F',
    expectedArrival: '7 - 10 Business Days',
    priceCents: 0,
  },
  {
    id: 2,
    name: 'Standard Shipping',
    code: 'S',
    expectedArrival: '4 - 6 Business Days',
    priceCents: 399,
  },
  {
    id: 3,
    name: 'Express Shipping',
    code: 'E',
    expectedArrival: '2 - 3 Business Days',
    priceCents: 699,
  },
  {
    id: 4,
    name: 'Instant Delivery',
    code: 'I',
    expectedArrival: 'Same Day Delivery',
    priceCents: 999,
  },
];

export type PromoWindow = 'current' | 'expired-summer' | 'expired-holiday' | 'upcoming';

export const SEED_PROMOS: readonly {
  id: number;
  code: string;
  title: string;
  description: string;
  discountType: 'percentage' | 'fixed' | 'free_shipping';
  /** Hundredths (see money.ts). */
  discountValue: number;
  window: PromoWindow;
  productIds: readonly number[];
  /** Paid by card only: refused for cash on delivery (issue 30). */
  cardOnly?: boolean;
}[] = [
  {
    id: 1,
    code: 'CASHBACK25',
    title: 'Cashback $2.50',
    description: '$2.50 off the eligible items in your cart.',
    discountType: 'fixed',
    discountValue: 250,
    window: 'current',
    productIds: [1, 5, 6, 7, 9, 11, 13, 15, 17, 21, 22, 23, 25, 27, 31, 32, 33, 35],
  },
  {
    id: 2,
    code: 'DISKON50',
    title: 'Diskon 50% With Credit or Debit Card',
    description: 'Half price on the eligible items in your cart.',
    discountType: 'percentage',
    discountValue: 5000,
    window: 'current',
    productIds: [1, 2, 6, 8, 10, 11, 14, 15, 17, 18, 22, 24, 25, 27, 28, 32, 34, 35],
    cardOnly: true,
  },
  {
    id: 3,
    code: 'FREESHIP2',
    title: 'Free Shipping',
    description: 'Shipping is on us when your cart holds an eligible item.',
    discountType: 'free_shipping',
    discountValue: 200,
    window: 'current',
    productIds: [1, 2, 3, 7, 12, 13, 16, 17, 18, 19, 23, 26, 27, 28, 29, 33, 36],
  },
  {
    id: 4,
    code: 'SUMMER10',
    title: 'Summer Sale 10% OFF',
    description: 'Last summer\u2019s sale: 10% off the eligible items.',
    discountType: 'percentage',
    discountValue: 1000,
    window: 'expired-summer',
    productIds: [2, 3, 4, 8, 9, 12, 13, 15, 18, 19, 20, 24, 25, 28, 29, 30, 34, 35],
  },
  {
    id: 5,
    code: 'HOLIDAY15',
    title: 'Holiday Special $15 OFF',
    description: 'Last year\u2019s holiday special: $15 off the eligible items.',
    discountType: 'fixed',
    discountValue: 1500,
    window: 'expired-holiday',
    productIds: [3, 4, 5, 7, 10, 11, 14, 16, 19, 20, 21, 23, 26, 29, 30, 31, 33, 36],
  },
  {
    id: 6,
    code: 'NEWUSER5',
    title: 'New User $5 OFF',
    description: '$5 off the eligible items, starting soon.',
    discountType: 'fixed',
    discountValue: 500,
    window: 'upcoming',
    productIds: [4, 5, 6, 8, 9, 10, 12, 14, 16, 20, 21, 22, 24, 26, 30, 31, 32, 34, 36],
  },
];

export const DEMO_USER = {
  email: 'demo@lumen.test',
  username: 'demo-shopper',
  password: 'coffee123',
  address: {
    name: 'Demo Shopper',
    country: 'CA',
    province: 'Ontario',
    city: 'Toronto',
    street: '123 Queen Street West',
    postalCode: 'M5H 2M9',
    apartment: 'Unit 4',
    phoneNumber: '4165550123',
  },
} as const;

/**
 * The demo shop owner (issue 28, ADR-0061): may move orders on (PATCH /order/{id}/status). Seeded
 * with this known password in development only; a production database gets no owner account.
 */
export const DEMO_OWNER = {
  email: 'owner@lumen.test',
  username: 'lumen-owner',
  password: 'coffee123',
} as const;

type OrderStatus = components['schemas']['OrderStatus'];

/** One step of a seeded order's history, `hours` after it was placed. */
interface SeedOrderEvent {
  status: OrderStatus;
  note: string;
  hours: number;
}

export interface SeedOrder {
  /** Days before the seeding time the order was placed; distinct per order. */
  daysAgo: number;
  status: OrderStatus;
  paymentMethod: 'card' | 'cod';
  shipMethodId: number;
  /** [productId, quantity]: priced at the seed's prices. */
  lines: readonly (readonly [number, number])[];
  /** Oldest first; the last step's status is the order's status. */
  history: readonly SeedOrderEvent[];
}

const placed: SeedOrderEvent = { status: 'PENDING', note: 'Order placed', hours: 0 };
const paid: SeedOrderEvent = { status: 'PAID', note: 'Card payment confirmed', hours: 0.01 };

/**
 * The demo account's past orders, one per status the account's Order History shows (spec §4:
 * Waiting For Payment, Processed, Shipped, Delivered, Canceled; PAYMENT_FAILED in a grey badge).
 * They are history only: none holds stock or a reservation, so none lapses, none counts towards
 * the account's open unpaid orders, and the seeded stock is what the menu shows.
 */
export const DEMO_ORDERS: readonly SeedOrder[] = [
  {
    daysAgo: 62,
    status: 'DELIVERED',
    paymentMethod: 'card',
    shipMethodId: 2,
    lines: [
      [25, 2],
      [28, 1],
    ],
    history: [
      placed,
      paid,
      { status: 'SHIPPED', note: 'Shipped with Standard Shipping', hours: 20 },
      { status: 'DELIVERED', note: 'Delivered', hours: 110 },
    ],
  },
  {
    daysAgo: 41,
    status: 'CANCELLED',
    paymentMethod: 'card',
    shipMethodId: 1,
    lines: [[33, 1]],
    history: [
      placed,
      {
        status: 'CANCELLED',
        note: 'Not paid within 30 minutes: cancelled, and its items went back to stock',
        hours: 0.5,
      },
    ],
  },
  {
    daysAgo: 5,
    status: 'SHIPPED',
    paymentMethod: 'card',
    shipMethodId: 3,
    lines: [
      [29, 1],
      [36, 1],
    ],
    history: [
      placed,
      paid,
      { status: 'SHIPPED', note: 'Shipped with Express Shipping', hours: 26 },
    ],
  },
  {
    daysAgo: 3,
    status: 'PAYMENT_FAILED',
    paymentMethod: 'card',
    shipMethodId: 2,
    lines: [[31, 2]],
    history: [
      placed,
      {
        status: 'PAYMENT_FAILED',
        note: 'Card payment failed: Your card was declined.',
        hours: 0.02,
      },
    ],
  },
  {
    daysAgo: 2,
    status: 'PAID',
    paymentMethod: 'card',
    shipMethodId: 2,
    lines: [
      [26, 1],
      [35, 1],
    ],
    history: [placed, paid],
  },
  {
    daysAgo: 1,
    status: 'PENDING',
    paymentMethod: 'cod',
    shipMethodId: 1,
    lines: [
      [27, 1],
      [32, 1],
    ],
    history: [placed],
  },
];
