// Vite picks this file up automatically; Panda extracts the CSS it finds in src/.
module.exports = {
  plugins: {
    '@pandacss/dev/postcss': {},
  },
};
