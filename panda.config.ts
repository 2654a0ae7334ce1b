import { defineConfig } from '@pandacss/dev';

// Self-hosted variable fonts (src/index.css declares them, latin subset only), each followed by
// a metric-matched local fallback so the swap barely moves text, then the system stacks.
const bodyStack =
  "'DM Sans Variable', 'DM Sans Fallback', system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";
const headingStack =
  "'Fraunces Variable', 'Fraunces Fallback', 'Fraunces Fallback DejaVu', 'Iowan Old Style', 'Palatino Linotype', Georgia, serif";

/**
 * The keyboard focus ring, one definition for the whole shop: a 3px outline in `accent` (its
 * contrast holds on `bg` and `surface` in both themes). The value says where it sits:
 * - `outside`: 2px clear of the element (buttons, links, cards); the usual one;
 * - `snug`: 1px clear (fields and boxed choices, whose border it hugs);
 * - `wide`: 4px clear (tabs and cards whose content reaches the edge);
 * - `flush`: on the element's edge (rows inside scrolling lists, where 2px would be clipped);
 * - `inside`: 4px inside the edge, white (controls drawn over photos: the lightbox);
 * - `contrast`: on the edge in `text` (the skip link, which is itself `accent`);
 * - `onAccent`: 2px, on the edge in `accentText` (small controls inside an `accent` chip).
 * Write it under the condition that shows it: `_focusVisible: { focusOutline: 'outside' }`,
 * `_focusWithin`, or `'&:has(a:focus-visible)'` for a card whose link covers it.
 */
const focusRings = {
  outside: { color: 'colors.accent', offset: '2px' },
  snug: { color: 'colors.accent', offset: '1px' },
  wide: { color: 'colors.accent', offset: '4px' },
  flush: { color: 'colors.accent', offset: undefined },
  inside: { color: 'colors.white', offset: '-4px' },
  contrast: { color: 'colors.text', offset: undefined },
  onAccent: { color: 'colors.accentText', offset: undefined, width: '2px' },
} as const satisfies Record<string, { color: string; offset?: string; width?: string }>;

export default defineConfig({
  preflight: true,
  utilities: {
    extend: {
      // Not Panda's built-in `focusRing` (a 1–2px ring in a fallback blue, through variables).
      focusOutline: {
        className: 'focus-outline',
        values: Object.keys(focusRings),
        transform(value: keyof typeof focusRings, { token }) {
          const ring = focusRings[value];
          if (!ring) return undefined;
          return {
            outline: `${'width' in ring ? ring.width : '3px'} solid`,
            outlineColor: token(ring.color),
            ...(ring.offset === undefined ? {} : { outlineOffset: ring.offset }),
          };
        },
      },
    },
  },
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  outdir: 'styled-system',
  jsxFramework: 'react',
  conditions: {
    extend: {
      // The theme is a class on <html>, `light` or `dark` (src/app/theme.ts), never inferred.
      dark: '.dark &',
      light: '.light &',
    },
  },
  theme: {
    extend: {
      tokens: {
        // The brand palette: cream, roasted browns, a caramel accent. Components use the
        // semantic tokens below; these names stay for the few places that need a fixed shade.
        colors: {
          crema: {
            50: { value: '#fbf7f2' },
            100: { value: '#f4ebe0' },
            200: { value: '#e8d9c7' },
            300: { value: '#d9c3aa' },
          },
          caramel: {
            300: { value: '#ebb98a' },
            400: { value: '#e0a06a' },
            500: { value: '#c9834c' },
          },
          roast: {
            300: { value: '#d4ad88' },
            400: { value: '#b9865c' },
            500: { value: '#9a5f34' },
            600: { value: '#854b22' },
            700: { value: '#6b3a18' },
            800: { value: '#4a2a15' },
            900: { value: '#2c1c12' },
            950: { value: '#17100c' },
          },
          espresso: {
            600: { value: '#3a2c22' },
            700: { value: '#2d221a' },
            800: { value: '#221a14' },
          },
          ink: {
            300: { value: '#c9b8a8' },
            400: { value: '#b3a090' },
            500: { value: '#6a5547' },
            900: { value: '#2a1c13' },
          },
          paper: { value: '#fffdf9' },
          /** Behind the shop's dialogs (src/ui/dialog.tsx), the same in both themes. */
          scrim: { value: 'rgba(20, 12, 8, 0.55)' },
          brick: {
            300: { value: '#f5a294' },
            400: { value: '#f08a78' },
            600: { value: '#b3261e' },
          },
          leaf: {
            400: { value: '#86d39a' },
            600: { value: '#2d7a3a' },
          },
        },
        shadows: {
          /** Under a solid button: a hairline lift, the same in both themes. */
          control: { value: '0 1px 2px rgba(44, 28, 18, 0.18)' },
          /** Under a dialog panel, above the scrim. */
          dialog: { value: '0 24px 64px rgba(0, 0, 0, 0.28)' },
          /** Behind white text laid over a photo (captions on media). */
          onMedia: { value: '0 1px 2px rgba(0, 0, 0, 0.6)' },
        },
        fonts: {
          body: { value: bodyStack },
          heading: { value: headingStack },
        },
        radii: {
          control: { value: '0.75rem' },
          card: { value: '1.25rem' },
          panel: { value: '1.75rem' },
        },
        sizes: {
          /** The sticky site header's height (phones and tablets, then from lg), so what must
           * land below it (a page heading scrolled or focused into view) reads the same figure. */
          header: { value: '4rem' },
          headerLg: { value: '5rem' },
        },
        // The vertical rhythm of pages: between sections, and inside a section's header.
        spacing: {
          section: { value: 'clamp(3rem, 2rem + 4vw, 6rem)' },
          gutter: { value: 'clamp(1rem, 0.6rem + 1.6vw, 2rem)' },
        },
      },
      semanticTokens: {
        colors: {
          bg: { value: { base: '{colors.crema.50}', _dark: '{colors.roast.950}' } },
          surface: { value: { base: '{colors.paper}', _dark: '{colors.espresso.800}' } },
          surfaceMuted: { value: { base: '{colors.crema.100}', _dark: '{colors.espresso.700}' } },
          text: { value: { base: '{colors.ink.900}', _dark: '{colors.crema.100}' } },
          textMuted: { value: { base: '{colors.ink.500}', _dark: '{colors.ink.300}' } },
          border: { value: { base: '{colors.crema.200}', _dark: '{colors.espresso.600}' } },
          accent: { value: { base: '{colors.roast.600}', _dark: '{colors.caramel.400}' } },
          accentText: { value: { base: '{colors.paper}', _dark: '{colors.roast.950}' } },
          danger: { value: { base: '{colors.brick.600}', _dark: '{colors.brick.300}' } },
          success: { value: { base: '{colors.leaf.600}', _dark: '{colors.leaf.400}' } },
          // Added for the shell; other screens may use them too.
          accentHover: { value: { base: '{colors.roast.700}', _dark: '{colors.caramel.300}' } },
          /** A tinted background for chips and highlights; text on it stays `text`. */
          accentSubtle: { value: { base: '#f3e3d3', _dark: '#3a2a1d' } },
          borderStrong: { value: { base: '{colors.crema.300}', _dark: '#4d3b2e' } },
          /** Dark blocks that stay dark in both themes (promo bands), with their text. */
          inverse: { value: { base: '{colors.roast.900}', _dark: '#2a1f17' } },
          inverseText: { value: { base: '{colors.crema.50}', _dark: '{colors.crema.100}' } },
          inverseMuted: { value: { base: '{colors.ink.300}', _dark: '{colors.ink.300}' } },
          inverseAccent: { value: { base: '{colors.caramel.300}', _dark: '{colors.caramel.300}' } },
          /** Text on `danger` (sale badges, destructive buttons). */
          dangerText: { value: { base: '{colors.paper}', _dark: '{colors.roast.950}' } },
          overlay: { value: { base: 'rgba(23, 16, 12, 0.55)', _dark: 'rgba(0, 0, 0, 0.65)' } },
        },
        shadows: {
          card: {
            value: {
              base: '0 1px 2px rgba(44, 28, 18, 0.06), 0 4px 16px -8px rgba(44, 28, 18, 0.18)',
              _dark: '0 1px 2px rgba(0, 0, 0, 0.4), 0 4px 16px -8px rgba(0, 0, 0, 0.6)',
            },
          },
          raised: {
            value: {
              base: '0 2px 4px rgba(44, 28, 18, 0.06), 0 16px 40px -16px rgba(44, 28, 18, 0.32)',
              _dark: '0 2px 4px rgba(0, 0, 0, 0.4), 0 16px 40px -16px rgba(0, 0, 0, 0.8)',
            },
          },
        },
      },
      keyframes: {
        fadeIn: { from: { opacity: '0' }, to: { opacity: '1' } },
        busy: { to: { opacity: '0.6' } },
      },
      // The type scale: fluid between phone and desktop, so one style serves every width.
      textStyles: {
        display: {
          value: {
            fontFamily: 'heading',
            fontSize: 'clamp(2.25rem, 1.6rem + 3.2vw, 4.25rem)',
            lineHeight: '1.04',
            letterSpacing: '-0.02em',
            fontWeight: '600',
            fontVariationSettings: "'opsz' 96",
          },
        },
        h1: {
          value: {
            fontFamily: 'heading',
            fontSize: 'clamp(1.875rem, 1.5rem + 1.8vw, 2.75rem)',
            lineHeight: '1.1',
            letterSpacing: '-0.015em',
            fontWeight: '600',
          },
        },
        h2: {
          value: {
            fontFamily: 'heading',
            fontSize: 'clamp(1.5rem, 1.25rem + 1.2vw, 2.25rem)',
            lineHeight: '1.15',
            letterSpacing: '-0.01em',
            fontWeight: '600',
          },
        },
        h3: {
          value: {
            fontFamily: 'heading',
            fontSize: '1.25rem',
            lineHeight: '1.25',
            fontWeight: '600',
          },
        },
        lead: {
          value: { fontSize: 'clamp(1rem, 0.95rem + 0.3vw, 1.175rem)', lineHeight: '1.65' },
        },
        body: { value: { fontSize: '1rem', lineHeight: '1.6' } },
        small: { value: { fontSize: '0.875rem', lineHeight: '1.5' } },
        eyebrow: {
          value: {
            fontFamily: 'body',
            fontSize: '0.75rem',
            fontWeight: '700',
            letterSpacing: '0.14em',
            textTransform: 'uppercase',
            lineHeight: '1.4',
          },
        },
      },
    },
  },
  globalCss: {
    'html, body': {
      bg: 'bg',
      color: 'text',
      fontFamily: 'body',
      lineHeight: '1.6',
      WebkitFontSmoothing: 'antialiased',
      textRendering: 'optimizeLegibility',
    },
    'h1, h2, h3, h4': {
      fontFamily: 'heading',
      fontWeight: '600',
      textWrap: 'balance',
    },
    '::selection': { bg: 'accent', color: 'accentText' },
    // The Order button while the cart drawer or the checkout comes (src/app/cart-overlays.tsx):
    // the pressed, pulsing look of a tap held before hydration (PAGE_TAP_STYLE, which only a
    // rendered page carries, in server/src/page-render.ts).
    '#order-button[data-pending]': {
      cursor: 'progress',
      transform: 'scale(.95)',
      filter: 'brightness(.88)',
      animation: 'busy .7s ease-in-out infinite alternate',
      _motionReduce: { animation: 'none', opacity: '0.7' },
    },
  },
});
