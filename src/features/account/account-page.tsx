import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { accountQueries } from '../../api/account.queries';
import type { Address } from '../../api/types';
import { PageContainer } from '../../ui/page-container';
import { PageTitle } from '../../ui/page-title';
import { paths } from '../../lib/paths';
import { Spinner } from '../../ui/spinner';
import { countryName } from '../../lib/countries';
import { cardStyle, cardTitleStyle, OrderHistory } from './order-history';

const linkStyle = css({
  display: 'inline-block',
  mt: '4',
  color: 'accent',
  fontWeight: 'semibold',
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
  borderRadius: 'sm',
  _focusVisible: { focusOutline: 'outside' },
});

const detailListStyle = css({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: '4',
  rowGap: '2',
  '& dt': { color: 'textMuted' },
  '& dd': { fontWeight: 'medium', overflowWrap: 'anywhere' },
});

/** Spec §2 "Account (/account)": My Account, Account Detail, Address and Order History. */
export function AccountPage() {
  return (
    <PageContainer>
      <PageTitle>My Account</PageTitle>
      <div
        className={css({
          display: 'grid',
          gap: { base: '5', md: '6' },
          gridTemplateColumns: { base: '1fr', md: '1fr 1fr' },
          mb: { base: '5', md: '6' },
        })}
      >
        <AccountDetailCard />
        <AddressCard />
      </div>
      <OrderHistory />
    </PageContainer>
  );
}

function AccountDetailCard() {
  const titleId = useId();
  const user = useQuery(accountQueries.user());
  return (
    <section aria-labelledby={titleId} className={cardStyle}>
      <h2 id={titleId} className={cardTitleStyle}>
        Account Detail
      </h2>
      {user.isPending ? (
        <Spinner label="Loading your details..." />
      ) : user.isError ? (
        <p role="alert" className={css({ color: 'danger' })}>
          Your details could not be loaded. Please try again later.
        </p>
      ) : (
        <dl data-testid="account-detail" className={detailListStyle}>
          <dt>Username</dt>
          <dd>{user.data.username}</dd>
          <dt>Email</dt>
          <dd>{user.data.email}</dd>
          <dt>Phone</dt>
          <dd>{user.data.phone ?? 'Not given yet'}</dd>
        </dl>
      )}
      <Link href={paths.accountSetting()} className={linkStyle}>
        Account Setting
      </Link>
    </section>
  );
}

/** The default address, or the first when none is the default (spec §2). */
function mainAddress(addresses: Address[]): Address | undefined {
  return addresses.find((address) => address.isDefault) ?? addresses[0];
}

function AddressCard() {
  const titleId = useId();
  const addresses = useQuery(accountQueries.addresses());
  const shown = addresses.data ? mainAddress(addresses.data) : undefined;
  const others = (addresses.data?.length ?? 0) - 1;
  return (
    <section aria-labelledby={titleId} className={cardStyle}>
      <h2 id={titleId} className={cardTitleStyle}>
        Address
      </h2>
      {addresses.isPending ? (
        <Spinner label="Loading your addresses..." />
      ) : addresses.isError ? (
        <p role="alert" className={css({ color: 'danger' })}>
          Your addresses could not be loaded. Please try again later.
        </p>
      ) : shown ? (
        <address
          data-testid="main-address"
          className={css({ fontStyle: 'normal', lineHeight: '1.7' })}
        >
          <span className={css({ display: 'block', fontWeight: 'semibold' })}>{shown.name}</span>
          <span className={css({ display: 'block' })}>
            {shown.street}
            {shown.apartment ? `, ${shown.apartment}` : ''}
          </span>
          <span className={css({ display: 'block' })}>{shown.city}</span>
          <span className={css({ display: 'block' })}>
            {shown.province} {shown.postalCode}
          </span>
          <span className={css({ display: 'block' })}>{countryName(shown.country)}</span>
          <span className={css({ display: 'block' })}>{shown.phoneNumber}</span>
        </address>
      ) : (
        <p className={css({ color: 'textMuted' })}>
          No address saved yet. Add one and it will be ready for your next checkout.
        </p>
      )}
      {others > 0 ? (
        <Link href={paths.accountAddress()} className={linkStyle}>
          Other Address ({others})
        </Link>
      ) : addresses.data ? (
        <Link href={paths.accountAddress()} className={linkStyle}>
          {shown ? 'Manage addresses' : 'Add an address'}
        </Link>
      ) : null}
    </section>
  );
}
