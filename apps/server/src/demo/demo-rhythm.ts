import { addDays, startOfLocalDate, zonedDate, zonedParts } from '../lib/zoned-time';

/**
 * When the demo's orders were placed: a year of a trattoria's rhythm in its own time zone. Lunch
 * (12:00–14:30) and dinner (19:00–22:30) peaks, Friday and Saturday busiest, Monday quietest, a
 * little more in summer, closed on Christmas, New Year's Day and Ferragosto, each day a bit
 * different from the next. Deterministic for a given `random`.
 */

const SLOT_MS = 15 * 60_000;
/** Sunday … Saturday. */
const WEEKDAY_FACTOR = [1.15, 0.55, 0.85, 0.9, 1.0, 1.35, 1.5];
const CLOSED_DAYS = new Set(['12-25', '01-01', '08-15']);

/** A small PRNG (mulberry32): fast, seedable, good enough for made-up data. */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hashOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** A triangle rising from `a` to a peak at `p` and back to 0 at `b`, with a floor of 0.2 inside. */
function triangle(m: number, a: number, p: number, b: number): number {
  if (m < a || m >= b) return 0;
  return 0.2 + 0.8 * (m < p ? (m - a) / (p - a) : (b - m) / (b - p));
}

/** How busy a quarter hour is, from its local minute of the day. */
export function serviceIntensity(minuteOfDay: number): number {
  return (
    0.75 * triangle(minuteOfDay, 12 * 60, 13 * 60 + 15, 14 * 60 + 30) +
    triangle(minuteOfDay, 19 * 60, 20 * 60 + 30, 22 * 60 + 30)
  );
}

/**
 * `count` instants, ascending, in [from, to): drawn from the rhythm by stratified sampling of its
 * cumulative intensity over quarter hours, so there are exactly `count` and they follow the curve.
 */
export function orderInstants(options: {
  count: number;
  from: number;
  to: number;
  timeZone: string;
  random: () => number;
}): Float64Array {
  const { count, from, to, timeZone, random } = options;
  const out = new Float64Array(count);
  if (count === 0) return out;
  const slots: number[] = [];
  const weights: number[] = [];
  let total = 0;
  let day = '';
  let dayFactor = 0;
  for (let t = Math.floor(from / SLOT_MS) * SLOT_MS; t < to; t += SLOT_MS) {
    const parts = zonedParts(new Date(t), timeZone);
    const date = `${String(parts.month).padStart(2, '0')}-${String(parts.day).padStart(2, '0')}`;
    if (date !== day) {
      day = date;
      const dayOfYear = (parts.month - 1) * 30.44 + parts.day;
      const season = 1 + 0.15 * Math.cos((2 * Math.PI * (dayOfYear - 200)) / 365);
      const noise = 0.85 + ((hashOf(`${parts.year}-${date}`) % 1000) / 1000) * 0.3;
      dayFactor = CLOSED_DAYS.has(date) ? 0 : WEEKDAY_FACTOR[parts.weekday]! * season * noise;
    }
    const w = dayFactor * serviceIntensity(parts.hour * 60 + parts.minute + 7.5);
    if (w <= 0) continue;
    // Only the part of a slot inside [from, to) counts.
    const start = Math.max(t, from);
    const end = Math.min(t + SLOT_MS, to);
    if (end <= start) continue;
    const weight = (w * (end - start)) / SLOT_MS;
    slots.push(start, end);
    weights.push(weight);
    total += weight;
  }
  if (total === 0) {
    // No service hour in the window at all: spread evenly.
    for (let i = 0; i < count; i++) out[i] = from + ((i + 0.5) / count) * (to - from);
    return out;
  }
  let k = 0;
  let before = 0;
  for (let i = 0; i < count; i++) {
    const u = ((i + random()) / count) * total;
    while (k < weights.length - 1 && before + weights[k]! <= u) {
      before += weights[k]!;
      k += 1;
    }
    const start = slots[2 * k]!;
    const end = slots[2 * k + 1]!;
    const fraction = Math.min(1, Math.max(0, (u - before) / weights[k]!));
    out[i] = Math.min(end - 1, start + fraction * (end - start));
    if (i > 0 && out[i]! < out[i - 1]!) out[i] = out[i - 1]!;
  }
  return out;
}

/** Every Monday 06:00 local in [from, to): when the weekly payout runs. */
export function weeklyPayoutInstants(from: number, to: number, timeZone: string): number[] {
  const instants: number[] = [];
  let date = zonedDate(new Date(from), timeZone);
  const last = zonedDate(new Date(to), timeZone);
  for (let guard = 0; guard < 1000 && date <= last; guard++) {
    const start = startOfLocalDate(date, timeZone);
    if (zonedParts(start, timeZone).weekday === 1) {
      const at = start.getTime() + 6 * 3_600_000;
      if (at >= from && at < to) instants.push(at);
    }
    date = addDays(date, 1);
  }
  return instants;
}
