import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { css } from 'styled-system/css';
import { Button } from '../ui/button';
import { pageColumn } from '../ui/page-container';
import { paths } from '../lib/paths';
import { BrandMark } from './brand-mark';
import { HeaderAccount, HeaderAccountIcon } from './header-account';
import { BRAND_NAME } from '../../contract/brand';
import { isNavItemActive, NAV_ITEMS } from './navigation';
import { OrderButton } from './order-button';
import { ThemeToggle } from './theme-toggle';

const MENU_ID = 'site-menu';

const headerStyle = css({
  position: 'sticky',
  top: '0',
  zIndex: 20,
  bg: 'surface',
  borderBottomWidth: '1px',
  borderColor: 'border',
});

const rowStyle = css(pageColumn, {
  position: 'relative',
  h: { base: 'header', lg: 'headerLg' },
  display: 'flex',
  alignItems: 'center',
  gap: { base: '2', lg: '6' },
});

const brandStyle = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  color: 'text',
  textDecoration: 'none',
  fontFamily: 'heading',
  fontWeight: 'bold',
  fontSize: { base: 'md', sm: 'xl' },
  lineHeight: '1.05',
  borderRadius: 'md',
  _focusVisible: { focusOutline: 'outside' },
});

// Below lg the menu is a panel under the header, shown by the toggle; from lg it sits inline.
const menuStyle = css({
  display: 'none',
  '&[data-open=true]': {
    display: 'block',
    position: 'absolute',
    top: '100%',
    left: '0',
    right: '0',
    bg: 'surface',
    borderBottomWidth: '1px',
    borderColor: 'border',
    boxShadow: 'lg',
    px: { base: '4', md: '6' },
    py: '4',
  },
  lg: {
    display: 'flex',
    flex: '1',
    justifyContent: 'center',
    '&[data-open=true]': {
      display: 'flex',
      position: 'static',
      boxShadow: 'none',
      borderBottomWidth: '0',
      p: '0',
    },
  },
});

const navListStyle = css({
  listStyle: 'none',
  display: 'flex',
  flexDirection: { base: 'column', lg: 'row' },
  gap: { base: '1', lg: '1' },
});

const navLinkStyle = css({
  display: 'block',
  px: { base: '3', lg: '3' },
  py: { base: '3', lg: '2' },
  borderRadius: 'md',
  color: 'textMuted',
  fontWeight: 'medium',
  textDecoration: 'none',
  _hover: { color: 'text', bg: 'surfaceMuted' },
  _focusVisible: { focusOutline: 'snug' },
  '&[aria-current=page]': {
    color: 'accent',
    fontWeight: 'bold',
    bg: { base: 'surfaceMuted', lg: 'transparent' },
    textDecoration: { lg: 'underline' },
    textDecorationThickness: '2px',
    textUnderlineOffset: '6px',
  },
});

export function SiteHeader() {
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header className={headerStyle}>
      <div className={rowStyle}>
        <Link href={paths.home()} className={brandStyle} onClick={closeMenu}>
          <BrandMark />
          <span className={css({ maxW: { base: '5.5rem', sm: 'none' } })}>{BRAND_NAME}</span>
        </Link>

        <div id={MENU_ID} data-open={menuOpen} className={menuStyle}>
          <nav aria-label="Main">
            <ul className={navListStyle}>
              {NAV_ITEMS.map((item) => (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    className={navLinkStyle}
                    aria-current={isNavItemActive(item.href, location) ? 'page' : undefined}
                    onClick={closeMenu}
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div
            className={css({
              display: { base: 'block', sm: 'none' },
              mt: '3',
              pt: '3',
              borderTopWidth: '1px',
              borderColor: 'border',
            })}
          >
            <HeaderAccount placement="menu" onNavigate={closeMenu} />
          </div>
        </div>

        <div className={css({ ml: 'auto', display: 'flex', alignItems: 'center', gap: '1.5' })}>
          <OrderButton />
          <ThemeToggle />
          <HeaderAccount placement="bar" />
          <HeaderAccountIcon />
          <Button
            visual="ghost"
            size="icon"
            css={css.raw({ display: { base: 'inline-flex', lg: 'none' } })}
            aria-label={menuOpen ? 'close navigation menu' : 'open navigation menu'}
            aria-expanded={menuOpen}
            aria-controls={MENU_ID}
            data-testid="menu-toggle"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <MenuIcon open={menuOpen} />
          </Button>
        </div>
      </div>
      {/* Without JavaScript the toggle cannot open the panel: below lg the links are a row under
          the header instead (issue 19: the pages arrive rendered and their links work). */}
      <noscript>
        <nav aria-label="Main" className={noScriptNavStyle}>
          <ul className={css({ listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: '1' })}>
            {NAV_ITEMS.map((item) => (
              <li key={item.href}>
                <a href={item.href} className={navLinkStyle}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </noscript>
    </header>
  );
}

const noScriptNavStyle = css(pageColumn, {
  display: { base: 'block', lg: 'none' },
  pb: '2',
});

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className={css({ w: '6', h: '6' })}
    >
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        d={open ? 'M6 6l12 12M18 6 6 18' : 'M4 7h16M4 12h16M4 17h16'}
      />
    </svg>
  );
}
