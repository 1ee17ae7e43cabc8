/** One day of a forecast, as the weather card draws it. */
export interface ForecastDay {
  day: string;
  high: number;
  low: number;
  sky: 'sunny' | 'cloudy' | 'rain' | 'windy';
}

export interface Forecast {
  city: string;
  units: '°C';
  days: ForecastDay[];
}

const SKIES: readonly ForecastDay['sky'][] = ['sunny', 'cloudy', 'rain', 'windy'];
const DAY_NAMES = ['Today', 'Tomorrow', 'Day 3', 'Day 4', 'Day 5'];

/**
 * A made-up forecast, the same for the same city every time: the example runs offline, and its tests can say what
 * the card shows. A real host would call its weather service here.
 */
export function forecastFor(city: string, days = 3): Forecast {
  let seed = 0;
  for (const char of city.toLowerCase()) seed = (seed * 31 + char.charCodeAt(0)) % 9973;
  const count = Math.min(Math.max(Math.round(days), 1), DAY_NAMES.length);
  return {
    city,
    units: '°C',
    days: DAY_NAMES.slice(0, count).map((day, index) => {
      const high = 12 + ((seed + index * 7) % 15);
      return { day, high, low: high - 4 - ((seed + index) % 5), sky: SKIES[(seed + index * 3) % SKIES.length]! };
    }),
  };
}
