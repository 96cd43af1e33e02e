/**
 * The card number as evidence may carry it: first six digits (the BIN, which is what the lookup is about)
 * and last four, asterisks between, same length. Works on an already masked number too.
 */
export function maskCard(card: string): string {
  if (card.length <= 10) return '*'.repeat(card.length);
  return card.slice(0, 6) + '*'.repeat(card.length - 10) + card.slice(-4);
}
