// The server keeps its own copy of the brand constant so it never imports from the SPA's tree.
export const BRAND_NAME = 'Lumen Roastery';
