/** A page of a list as the API answers it: its items, which page, how many a page holds, how many in all. */
type Page = { items: readonly unknown[]; page: number; pageSize: number; total: number };

/**
 * Where a page sits in its list: how many pages there are (at least one), and the positions of its
 * first and last items ("21–40 of 95"; 0 and 0 for an empty page or while nothing is loaded).
 */
export function pageWindowOf(data: Page | undefined): { pageCount: number; first: number; last: number } {
  if (!data) return { pageCount: 1, first: 0, last: 0 };
  const pageCount = Math.max(1, Math.ceil(data.total / data.pageSize));
  const first = data.items.length > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  return { pageCount, first, last: data.items.length > 0 ? first + data.items.length - 1 : 0 };
}
