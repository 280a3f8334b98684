// "arrivalDate is the next business day": a day the merchant's banks open, Monday to Friday but the
// country's bank holidays. Colombia's (Ley 51 de 1983, "Ley Emiliani"): six fixed days, seven moved
// to the next Monday, and five counted from Easter. Panama's national holidays as the labour code
// lists them (Carnival's Tuesday and Good Friday from Easter; 20 December since 2022), each that
// falls on a Sunday rested on the Monday after.

type Day = string; // YYYY-MM-DD

const dayOf = (year: number, month: number, date: number): Day => new Date(Date.UTC(year, month - 1, date)).toISOString().slice(0, 10);
const plusDays = (day: Day, days: number): Day => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const weekdayOf = (day: Day) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** Easter Sunday of the Gregorian calendar (the anonymous Gregorian algorithm). */
function easterOf(year: number): Day {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const date = ((h + l - 7 * m + 114) % 31) + 1;
  return dayOf(year, month, date);
}

/** The day itself if a Monday, else the Monday after it. */
const mondayFrom = (day: Day): Day => plusDays(day, (8 - weekdayOf(day)) % 7);

function colombia(year: number): Day[] {
  const easter = easterOf(year);
  const fixed = [[1, 1], [5, 1], [7, 20], [8, 7], [12, 8], [12, 25]].map(([m, d]) => dayOf(year, m as number, d as number));
  const moved = [[1, 6], [3, 19], [6, 29], [8, 15], [10, 12], [11, 1], [11, 11]].map(([m, d]) => mondayFrom(dayOf(year, m as number, d as number)));
  // Holy Thursday and Good Friday; Ascension, Corpus Christi and the Sacred Heart on their Mondays.
  const fromEaster = [-3, -2, 43, 64, 71].map((days) => plusDays(easter, days));
  return [...fixed, ...moved, ...fromEaster];
}

function panama(year: number): Day[] {
  const easter = easterOf(year);
  const fixed = [[1, 1], [1, 9], [5, 1], [11, 3], [11, 5], [11, 10], [11, 28], [12, 8], [12, 20], [12, 25]].map(([m, d]) => dayOf(year, m as number, d as number));
  const rested = fixed.map((day) => (weekdayOf(day) === 0 ? plusDays(day, 1) : day));
  // Carnival's Tuesday and Good Friday.
  return [...rested, plusDays(easter, -47), plusDays(easter, -2)];
}

const calendars = new Map<string, Set<Day>>();

/** Whether banks in the merchant's country (`CO` Colombia, else Panama) are closed on this calendar day. */
function isBankHoliday(country: string, day: Day): boolean {
  const key = `${country === 'CO' ? 'CO' : 'PA'}:${day.slice(0, 4)}`;
  let holidays = calendars.get(key);
  if (!holidays) {
    const year = Number(day.slice(0, 4));
    holidays = new Set(country === 'CO' ? colombia(year) : panama(year));
    calendars.set(key, holidays);
  }
  return holidays.has(day);
}

/** Monday to Friday, and not a bank holiday of the country. */
export function isBusinessDay(country: string, day: Day): boolean {
  const weekday = weekdayOf(day);
  return weekday !== 0 && weekday !== 6 && !isBankHoliday(country, day);
}
