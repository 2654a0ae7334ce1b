import { css } from 'styled-system/css';
import { Button } from '../../ui/button';
import { useCartFlow } from '../../cart/cart-flow';
import { CartSummaryPanel } from '../../cart/cart-summary-panel';
import { PageContainer } from '../../ui/page-container';
import { PageTitle } from '../../ui/page-title';
import { CartContent } from './cart-content';

/** /cart (spec §2): the drawer's cart as a page, the Cart Summary beside the lines. */
export function CartPage() {
  const { openCheckout } = useCartFlow();
  return (
    <PageContainer>
      <PageTitle>My Cart</PageTitle>
      <CartContent
        renderSummary={(cart) => (
          <CartSummaryPanel
            cart={cart}
            extra={
              <Button size="lg" css={css.raw({ w: 'full' })} onClick={openCheckout}>
                Checkout
              </Button>
            }
          />
        )}
      />
    </PageContainer>
  );
}
