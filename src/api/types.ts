// Handy names for the contract's schemas. Aliases only: the field names are the contract's.
import type { components, operations } from '../../contract/schema';

type Schemas = components['schemas'];

export type Id = Schemas['Id'];
export type Health = Schemas['Health'];

export type Category = Schemas['Category'];
export type Product = Schemas['Product'];
export type ProductImage = Schemas['ProductImage'];
export type ProductPage = Schemas['ProductPage'];
export type Promo = Schemas['Promo'];
export type UnavailablePromo = Schemas['UnavailablePromo'];
export type ProductPromos = Schemas['ProductPromos'];
export type CartPromos = Schemas['CartPromos'];
export type ShipMethod = Schemas['ShipMethod'];
export type PaymentMethods = Schemas['PaymentMethods'];

export type News = Schemas['News'];
// Named ShopEvent, not Event: importing a type called Event would shadow the DOM's Event.
export type ShopEvent = Schemas['Event'];
export type Space = Schemas['Space'];

export type LoginRequest = Schemas['LoginRequest'];
export type SignupRequest = Schemas['SignupRequest'];
export type AuthToken = Schemas['AuthToken'];
export type AuthProviders = Schemas['AuthProviders'];
export type ChangePasswordRequest = Schemas['ChangePasswordRequest'];

export type User = Schemas['User'];
export type UpdateUserRequest = Schemas['UpdateUserRequest'];
export type UserUpdate = Schemas['UserUpdate'];
export type AddressInput = Schemas['AddressInput'];
export type Address = Schemas['Address'];
export type AccountOrder = Schemas['AccountOrder'];

export type Cart = Schemas['Cart'];
export type CartItem = Schemas['CartItem'];
export type AddCartItemRequest = Schemas['AddCartItemRequest'];

export type PaymentMethod = Schemas['PaymentMethod'];
export type OrderRequest = Schemas['OrderRequest'];
export type OrderResponse = Schemas['OrderResponse'];
export type OrderDetail = Schemas['OrderDetail'];
export type OrderStatusUpdate = Schemas['OrderStatusUpdate'];
export type OrderStatusEvent = Schemas['OrderStatusEvent'];
export type ClaimedGuestOrders = Schemas['ClaimedGuestOrders'];

export type PaymentIntent = Schemas['PaymentIntent'];

type QueryOf<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;

export type FeaturedProductsParams = QueryOf<'listFeaturedProducts'>;
export type SearchProductsParams = QueryOf<'searchProducts'>;
export type RelatedProductsParams = QueryOf<'listRelatedProducts'>;
export type NewsListParams = QueryOf<'listNews'>;
export type UpcomingEventsParams = QueryOf<'listUpcomingEvents'>;
export type ClosedEventsParams = QueryOf<'listClosedEvents'>;
export type AccountOrdersParams = QueryOf<'listAccountOrders'>;
