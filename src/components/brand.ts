/** The shop's one brand name (D8). The reference API keeps its own copy in server/src/brand.ts. */
export const BRAND_NAME = 'Lumen Roastery';
