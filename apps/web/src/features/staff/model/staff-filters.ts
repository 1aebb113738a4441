/** The staff list's search, filter and page, kept in the URL so that Back and a reload find them. */
export interface StaffFilters {
  q: string;
  active: '' | 'true' | 'false';
  page: number;
}

export function readStaffFilters(params: URLSearchParams): StaffFilters {
  const active = params.get('active');
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').trim().slice(0, 80),
    active: active === 'true' || active === 'false' ? active : '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** `page: undefined` goes back to the first page (a new search or filter starts there). */
export function writeStaffFilters(
  current: URLSearchParams,
  change: Partial<Omit<StaffFilters, 'page'>> & { page?: number | undefined },
): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string) => (value ? next.set(key, value) : next.delete(key));
  if (change.q !== undefined) set('q', change.q.trim());
  if (change.active !== undefined) set('active', change.active);
  if ('page' in change) set('page', change.page && change.page > 1 ? String(change.page) : '');
  return next;
}
