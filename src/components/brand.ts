// The SPA's views take the brand from here; the one definition is in the contract folder.
export { BRAND_NAME } from '../../contract/brand';
