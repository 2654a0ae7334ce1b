/** The shop's one brand name (D8), shown by the SPA and by the reference API's own pages. */
export const BRAND_NAME = 'Lumen Roastery';
