/**
 * How the shop shows the names of its products, events and spaces (issue 18): one case for
 * every kind, everywhere a name is read as a title (cards, detail pages, home, tab titles).
 * The catalogue stores them as typed ("cappucino", "EXHIBITION COFFEE HARDWARE", "long
 * window"); shown, each word starts with a capital, and a name typed all in capitals is read as
 * words first. Everything else is kept as typed ("58 MM", "(6 cups)" → "(6 Cups)"). It matches
 * CSS `text-transform: capitalize`, which product cards and the product page apply as well.
 * The cart and the order summary keep spec §2's upper case.
 */
export function displayName(name: string): string {
  const hasLower = name !== name.toUpperCase();
  const words = hasLower ? name : name.toLowerCase();
  // The first letter of each word: after the start, a space, or an opening bracket/quote.
  return words.replace(/(^|[\s(["'“‘-])(\p{L})/gu, (_, before: string, letter: string) => {
    return `${before}${letter.toUpperCase()}`;
  });
}
