import type { ToolViewCall } from '@agent-chat/element';

interface WeatherInput {
  city?: string;
  days?: number;
  headline?: string;
}

interface Forecast {
  city: string;
  units: string;
  days: { day: string; high: number; low: number; sky: string }[];
}

const SKY: Record<string, string> = { sunny: '☀️', cloudy: '☁️', rain: '🌧️', windy: '💨' };

const STATUS: Partial<Record<ToolViewCall['status'], string>> = {
  streaming: 'Writing the request…',
  running: 'Fetching the forecast…',
  failed: 'The forecast could not be fetched.',
  stopped: 'Stopped.',
  interrupted: 'Stopped before the forecast came.',
};

/**
 * `<weather-card>`: the page's view of a `get_weather` call (`toolViews: { get_weather: 'weather-card' }`). The
 * element sets `.call` each time the call changes: first its input as the model writes it (the city and headline
 * fill in), then its result (the days).
 */
export class WeatherCard extends HTMLElement {
  #call: ToolViewCall | undefined;
  readonly #root = this.attachShadow({ mode: 'open' });

  constructor() {
    super();
    this.#root.innerHTML = `<style>
        :host { display: block; max-width: 26rem; }
        section { border: 1px solid #d0d7de; border-radius: 12px; padding: 12px 14px; background: linear-gradient(160deg, #e8f3ff, #fff); }
        h3 { margin: 0; font-size: 1.05rem; }
        .headline { margin: 4px 0 8px; color: #424a53; min-height: 1.5em; }
        .status { margin: 0; font-size: 0.9em; color: #57606a; }
        ol { display: flex; gap: 8px; margin: 0; padding: 0; list-style: none; }
        li { flex: 1; text-align: center; border-radius: 8px; background: #fff; border: 1px solid #d0d7de; padding: 6px; }
        .sky { font-size: 1.4rem; display: block; }
        .low { color: #57606a; }
      </style>
      <section>
        <h3></h3>
        <p class="headline"></p>
        <ol></ol>
        <p class="status" role="status"></p>
      </section>`;
  }

  set call(call: ToolViewCall | undefined) {
    this.#call = call;
    this.#render();
  }

  get call(): ToolViewCall | undefined {
    return this.#call;
  }

  #render(): void {
    const call = this.#call;
    if (!call) return;
    const input = (call.input ?? {}) as WeatherInput;
    const forecast = call.status === 'done' ? (call.result as Forecast | undefined) : undefined;
    const section = this.#root.querySelector('section')!;
    section.dataset['status'] = call.status;
    section.setAttribute('aria-label', `Weather for ${input.city ?? '…'}`);
    this.#root.querySelector('h3')!.textContent = input.city ? `Weather in ${input.city}` : 'Weather';
    this.#root.querySelector('.headline')!.textContent = input.headline ?? '';
    this.#root.querySelector('.status')!.textContent = STATUS[call.status] ?? '';
    const list = this.#root.querySelector('ol')!;
    list.replaceChildren(
      ...(forecast?.days ?? []).map((day) => {
        const item = document.createElement('li');
        const sky = document.createElement('span');
        sky.className = 'sky';
        sky.textContent = SKY[day.sky] ?? '';
        sky.setAttribute('role', 'img');
        sky.setAttribute('aria-label', day.sky);
        const temperatures = document.createElement('span');
        temperatures.innerHTML = `<strong></strong> <span class="low"></span>`;
        temperatures.querySelector('strong')!.textContent = `${day.high}°`;
        temperatures.querySelector('.low')!.textContent = `${day.low}°`;
        item.append(day.day, sky, temperatures);
        return item;
      }),
    );
  }
}
