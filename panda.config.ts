import { defineConfig } from '@pandacss/dev';

// System font stacks only: the shop must render offline and must not call third-party font hosts.
const bodyStack =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";
const headingStack =
  "'Iowan Old Style', 'Palatino Linotype', Palatino, 'Book Antiqua', Georgia, 'Times New Roman', serif";

export default defineConfig({
  preflight: true,
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  outdir: 'styled-system',
  jsxFramework: 'react',
  conditions: {
    extend: {
      // Dark mode is a class on <html>, toggled by the app (not only the OS preference).
      dark: '.dark &',
    },
  },
  theme: {
    extend: {
      tokens: {
        colors: {
          crema: {
            50: { value: '#fdf8f3' },
            100: { value: '#f7ede2' },
            200: { value: '#ecdccb' },
          },
          roast: {
            300: { value: '#c9a88a' },
            400: { value: '#a9825f' },
            500: { value: '#8a5a35' },
            600: { value: '#6f4526' },
            700: { value: '#553319' },
            800: { value: '#3a2414' },
            900: { value: '#241710' },
            950: { value: '#1a110c' },
          },
          espresso: {
            700: { value: '#2e211a' },
            800: { value: '#261b15' },
          },
          ink: {
            400: { value: '#b3a397' },
            500: { value: '#6b5a4e' },
            900: { value: '#2a1d15' },
          },
          paper: { value: '#fffdfa' },
          brick: {
            400: { value: '#f08a78' },
            600: { value: '#b3261e' },
          },
          leaf: {
            400: { value: '#7ccf8e' },
            600: { value: '#2e7d32' },
          },
        },
        fonts: {
          body: { value: bodyStack },
          heading: { value: headingStack },
        },
      },
      semanticTokens: {
        colors: {
          bg: { value: { base: '{colors.crema.50}', _dark: '{colors.roast.950}' } },
          surface: { value: { base: '{colors.paper}', _dark: '{colors.espresso.800}' } },
          surfaceMuted: { value: { base: '{colors.crema.100}', _dark: '{colors.espresso.700}' } },
          text: { value: { base: '{colors.ink.900}', _dark: '{colors.crema.100}' } },
          textMuted: { value: { base: '{colors.ink.500}', _dark: '{colors.ink.400}' } },
          border: { value: { base: '{colors.crema.200}', _dark: '{colors.roast.800}' } },
          accent: { value: { base: '{colors.roast.600}', _dark: '{colors.roast.300}' } },
          accentText: { value: { base: '{colors.paper}', _dark: '{colors.roast.950}' } },
          danger: { value: { base: '{colors.brick.600}', _dark: '{colors.brick.400}' } },
          success: { value: { base: '{colors.leaf.600}', _dark: '{colors.leaf.400}' } },
        },
      },
    },
  },
  globalCss: {
    'html, body': {
      bg: 'bg',
      color: 'text',
      fontFamily: 'body',
    },
    'h1, h2, h3, h4': {
      fontFamily: 'heading',
    },
  },
});
