/** sum / count to one decimal, rounded half up (4.25 → 4.3); null without reviews. */
export function averageRatingOf(sum: number, count: number): number | null {
  if (count === 0) return null;
  return Math.floor((20 * sum + count) / (2 * count)) / 10;
}
