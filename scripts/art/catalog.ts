// What each seeded product looks like. Ids and names follow the seed catalogue (api-facts §7.1);
// the server only relies on the URL convention /images/products/{id}-{n}.svg, never on this file.
import { C } from './palette';

type LatteArt = 'heart' | 'rosetta' | 'tulip' | 'maple' | 'crema' | 'none';

export interface CupSpec {
  kind: 'cup';
  size: 'small' | 'regular' | 'tall';
  cup: string;
  band: string;
  saucer: string;
  drink: string;
  art: LatteArt;
  artColor: string;
  garnish?: 'cocoa' | 'cinnamon';
}

export interface GlassSpec {
  kind: 'glass';
  tall: boolean;
  /** Liquid colours from the top of the glass down. */
  layers: string[];
  ice: number;
  straw?: string;
  garnish?: 'orange' | 'lemon' | 'mint' | 'whip';
  bubbles?: boolean;
  coaster: string;
}

export type Dish =
  | 'seafood'
  | 'frenchToast'
  | 'croissant'
  | 'wedges'
  | 'brownies'
  | 'bananaCake'
  | 'sandwichPickles'
  | 'spaghetti'
  | 'veganSandwich'
  | 'benedictBurger'
  | 'cornCheese'
  | 'waffle';

export interface FoodSpec {
  kind: 'food';
  dish: Dish;
  plate: string;
  rim: string;
}

export interface BagSpec {
  kind: 'bag';
  style: 'pouch' | 'box' | 'roll';
  bag: string;
  label: string;
  ink: string;
  word: string;
  note: string;
}

export interface ToolSpec {
  kind: 'mug' | 'tamper' | 'pressLarge' | 'teapot' | 'pressSmall' | 'moka';
  metal: string;
  trim: string;
}

type ProductLook = CupSpec | GlassSpec | FoodSpec | BagSpec | ToolSpec;

export interface ProductArt {
  id: number;
  name: string;
  bg: string;
  look: ProductLook;
}

const cup = (o: Omit<CupSpec, 'kind'>): CupSpec => ({ kind: 'cup', ...o });
const glass = (o: Omit<GlassSpec, 'kind'>): GlassSpec => ({ kind: 'glass', ...o });
const food = (dish: Dish, plate: string, rim: string): FoodSpec => ({
  kind: 'food',
  dish,
  plate,
  rim,
});
const bag = (o: Omit<BagSpec, 'kind'>): BagSpec => ({ kind: 'bag', ...o });
const tool = (kind: ToolSpec['kind'], metal: string, trim: string): ToolSpec => ({
  kind,
  metal,
  trim,
});

export const PRODUCTS: readonly ProductArt[] = [
  {
    id: 1,
    name: 'ristretto bianco',
    bg: C.terracottaTint,
    look: cup({
      size: 'small',
      cup: C.paper,
      band: C.terracotta,
      saucer: C.paper,
      drink: C.coffee,
      art: 'heart',
      artColor: C.foam,
    }),
  },
  {
    id: 2,
    name: 'iced creamy latte',
    bg: C.tealTint,
    look: glass({
      tall: true,
      layers: [C.foam, '#e2c29c', C.mocha],
      ice: 3,
      straw: C.teal,
      coaster: C.caramel,
    }),
  },
  {
    id: 3,
    name: 'cappucino',
    bg: '#f6e7d3',
    look: cup({
      size: 'regular',
      cup: C.teal,
      band: C.tealDark,
      saucer: C.teal,
      drink: C.caramel,
      art: 'rosetta',
      artColor: C.foam,
      garnish: 'cocoa',
    }),
  },
  {
    id: 4,
    name: 'iced long black',
    bg: C.sageTint,
    look: glass({
      tall: false,
      layers: ['#a0683d', '#3a2216', C.espresso],
      ice: 4,
      coaster: C.terracotta,
    }),
  },
  {
    id: 5,
    name: 'milk coffee regal',
    bg: '#f1e4cf',
    look: cup({
      size: 'tall',
      cup: C.tealDark,
      band: C.gold,
      saucer: C.tealDark,
      drink: '#b98554',
      art: 'tulip',
      artColor: C.cream,
    }),
  },
  {
    id: 6,
    name: 'orange juice',
    bg: '#f8e3c4',
    look: glass({
      tall: true,
      layers: ['#f9bd55', C.orange, '#e27a22'],
      ice: 2,
      straw: C.terracotta,
      garnish: 'orange',
      coaster: C.teal,
    }),
  },
  {
    id: 7,
    name: 'soda beverage',
    bg: C.tealTint,
    look: glass({
      tall: true,
      layers: ['#f3b2bf', '#e07088', C.berry],
      ice: 3,
      straw: C.cream,
      garnish: 'lemon',
      bubbles: true,
      coaster: C.tealDark,
    }),
  },
  {
    id: 8,
    name: 'iced coffee with milk',
    bg: C.terracottaTint,
    look: glass({ tall: false, layers: [C.cream, '#c69a6c', C.roast], ice: 3, coaster: C.coffee }),
  },
  {
    id: 9,
    name: 'iced americano',
    bg: '#e2ebe8',
    look: glass({
      tall: true,
      layers: ['#6b3f24', '#3a2216', '#24150e'],
      ice: 5,
      straw: C.espresso,
      coaster: C.sage,
    }),
  },
  {
    id: 10,
    name: 'vegan iced latte',
    bg: C.sageTint,
    look: glass({
      tall: true,
      layers: ['#eee6cc', '#c9aa7c', C.coffee],
      ice: 3,
      straw: C.leaf,
      garnish: 'mint',
      coaster: C.olive,
    }),
  },
  {
    id: 11,
    name: 'iced chocolate',
    bg: '#f3e6d8',
    look: glass({
      tall: true,
      layers: ['#8a5236', '#5e3420', C.chocolate],
      ice: 2,
      straw: C.terracotta,
      garnish: 'whip',
      coaster: C.teal,
    }),
  },
  {
    id: 12,
    name: 'autumnal coffee',
    bg: '#f4dcc0',
    look: cup({
      size: 'regular',
      cup: C.terracotta,
      band: C.gold,
      saucer: C.cream,
      drink: C.mocha,
      art: 'maple',
      artColor: '#f1d9b5',
      garnish: 'cinnamon',
    }),
  },

  { id: 13, name: 'seafood lunch', bg: C.tealTint, look: food('seafood', C.paper, C.teal) },
  {
    id: 14,
    name: 'french toast with sugar',
    bg: '#f6e7d3',
    look: food('frenchToast', C.cream, C.terracotta),
  },
  {
    id: 15,
    name: 'chocolate croissant',
    bg: C.terracottaTint,
    look: food('croissant', '#d7ebe7', C.tealLight),
  },
  { id: 16, name: 'potato wedges', bg: C.sageTint, look: food('wedges', C.paper, C.tomato) },
  { id: 17, name: 'brownies', bg: '#dde9e6', look: food('brownies', C.foam, C.caramel) },
  { id: 18, name: 'banana cake', bg: '#f8edcb', look: food('bananaCake', C.paper, C.teal) },
  {
    id: 19,
    name: 'sandwiches and pickles',
    bg: '#e6eddf',
    look: food('sandwichPickles', '#f7e0d2', C.terracottaLight),
  },
  {
    id: 20,
    name: 'spaghetti bolognese',
    bg: C.terracottaTint,
    look: food('spaghetti', C.paper, C.tealDark),
  },
  { id: 21, name: 'sandwich vegan', bg: '#f3e9dc', look: food('veganSandwich', '#dfe8d5', C.sage) },
  {
    id: 22,
    name: 'eggs benedict burger',
    bg: '#f6e4d0',
    look: food('benedictBurger', '#3d3a38', '#2a2725'),
  },
  {
    id: 23,
    name: 'corn cheese sandwich',
    bg: '#dcebe8',
    look: food('cornCheese', C.teal, C.tealDark),
  },
  { id: 24, name: 'buttermilk waffle', bg: '#f7e1d4', look: food('waffle', C.paper, C.caramel) },

  {
    id: 25,
    name: 'at home house blend',
    bg: '#f6e7d3',
    look: bag({
      style: 'pouch',
      bag: C.terracotta,
      label: C.cream,
      ink: C.roast,
      word: 'HOUSE BLEND',
      note: 'medium roast',
    }),
  },
  {
    id: 26,
    name: 'at home arabica',
    bg: '#f5dccd',
    look: bag({
      style: 'box',
      bag: C.teal,
      label: C.cream,
      ink: C.tealDark,
      word: 'ARABICA',
      note: 'single origin',
    }),
  },
  {
    id: 27,
    name: 'at home classic',
    bg: C.tealTint,
    look: bag({
      style: 'roll',
      bag: '#cfa77c',
      label: C.roast,
      ink: C.cream,
      word: 'CLASSIC',
      note: 'dark roast',
    }),
  },
  { id: 28, name: 'white mug', bg: '#d9e8e4', look: tool('mug', C.paper, C.terracotta) },
  {
    id: 29,
    name: 'at home kalosi',
    bg: '#f3e6d8',
    look: bag({
      style: 'pouch',
      bag: C.olive,
      label: C.foam,
      ink: '#3b4527',
      word: 'KALOSI',
      note: 'toraja, sulawesi',
    }),
  },
  {
    id: 30,
    name: 'at home luwak',
    bg: '#efe2d0',
    look: bag({
      style: 'box',
      bag: '#2a201b',
      label: C.gold,
      ink: C.espresso,
      word: 'LUWAK',
      note: 'rare reserve',
    }),
  },
  {
    id: 31,
    name: 'at home robusta',
    bg: C.sageTint,
    look: bag({
      style: 'roll',
      bag: C.coffee,
      label: C.tealLight,
      ink: C.tealDark,
      word: 'ROBUSTA',
      note: 'bold & nutty',
    }),
  },
  { id: 32, name: 'coffee temper 58 MM', bg: '#f5dccd', look: tool('tamper', C.steel, C.wood) },
  { id: 33, name: 'french press 9 cups', bg: '#e3ece9', look: tool('pressLarge', C.steel, C.ink) },
  {
    id: 34,
    name: 'glass tea pot teiera (6 cups)',
    bg: '#f4ead9',
    look: tool('teapot', C.white, '#c9772d'),
  },
  {
    id: 35,
    name: 'french press 3 cup',
    bg: '#e6eddf',
    look: tool('pressSmall', '#b8733f', C.woodDark),
  },
  { id: 36, name: 'moka pot', bg: '#f6dfcc', look: tool('moka', C.steel, C.ink) },
];
