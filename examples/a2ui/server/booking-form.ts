import { A2UI_BASIC_CATALOG_ID, A2UI_VERSION, type A2uiMessage } from '@agent-chat/protocol';

// The booking form, in the v0.9 basic catalog's own shapes (see its examples in @a2ui/web_core): the offline demo
// model sends it through show_a2ui_surface as a real model would, and book_table changes it in place once it is booked.

/** The name of the action the form's Book button sends. */
export const BOOK_ACTION = 'book';

/** What the form holds, as its data model has it and as its Book button's action context sends it. */
export interface BookingValues {
  name: string;
  /** Local date and time, ISO 8601 without a zone (`2026-12-04T19:30:00`), as the DateTimeInput writes it. */
  dateTime: string;
  partySize: number;
}

/** The ids book_table changes: the heading, and the Book button with its label. */
export const FORM_IDS = { title: 'title', button: 'book-button', buttonLabel: 'book-label' } as const;

/** The first free surface id for a booking form: `booking`, then `booking-2`, … (each form is a surface of its own). */
export function bookingSurfaceId(existing: ReadonlySet<string>): string {
  if (!existing.has('booking')) return 'booking';
  let n = 2;
  while (existing.has(`booking-${n}`)) n++;
  return `booking-${n}`;
}

/** The evening after `now` at 19:30, the form's first suggestion, as the DateTimeInput writes a value. */
export function suggestedDateTime(now = new Date()): string {
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}T19:30:00`;
}

/** The form's surface: created, its components, and its first values (the name left for the user). */
export function bookingFormMessages(surfaceId: string, values: BookingValues): A2uiMessage[] {
  const bound = (path: string) => ({ path });
  return [
    // sendDataModel: the Book action carries the whole form back, not only its context.
    { version: A2UI_VERSION, createSurface: { surfaceId, catalogId: A2UI_BASIC_CATALOG_ID, sendDataModel: true } },
    {
      version: A2UI_VERSION,
      updateComponents: {
        surfaceId,
        components: [
          { id: 'root', component: 'Card', child: 'form' },
          { id: 'form', component: 'Column', children: [FORM_IDS.title, 'name', 'date-time', 'party-size', FORM_IDS.button], align: 'stretch' },
          { id: FORM_IDS.title, component: 'Text', text: 'Book a table at Trattoria Lumen', variant: 'h3' },
          { id: 'name', component: 'TextField', label: 'Name', value: bound('/name'), variant: 'shortText' },
          { id: 'date-time', component: 'DateTimeInput', label: 'Date and time', value: bound('/dateTime'), enableDate: true, enableTime: true },
          { id: 'party-size', component: 'Slider', label: 'Party size', value: bound('/partySize'), min: 1, max: 12 },
          {
            id: FORM_IDS.button,
            component: 'Button',
            child: FORM_IDS.buttonLabel,
            variant: 'primary',
            action: { event: { name: BOOK_ACTION, context: { name: bound('/name'), dateTime: bound('/dateTime'), partySize: bound('/partySize') } } },
            // The renderer disables a button whose checks fail: until a name is typed, and once the table is booked.
            checks: [
              { condition: { call: 'required', args: { value: bound('/name') } }, message: 'Enter the name for the booking' },
              { condition: { call: 'not', args: { value: bound('/booked') } }, message: 'This table is booked' },
            ],
          },
          { id: FORM_IDS.buttonLabel, component: 'Text', text: 'Book' },
        ],
      },
    },
    { version: A2UI_VERSION, updateDataModel: { surfaceId, value: { ...values, booked: false } } },
  ];
}

/**
 * The same surface once booked, changed in place: the values as booked (so a reload draws them, not the empty form
 * it started as), the button disabled by its check on `/booked`, and the heading and button relabelled.
 */
export function bookedMessages(surfaceId: string, values: BookingValues): A2uiMessage[] {
  return [
    { version: A2UI_VERSION, updateDataModel: { surfaceId, value: { ...values, booked: true } } },
    {
      version: A2UI_VERSION,
      updateComponents: {
        surfaceId,
        components: [
          { id: FORM_IDS.title, component: 'Text', text: `Booked for ${values.name}`, variant: 'h3' },
          { id: FORM_IDS.buttonLabel, component: 'Text', text: 'Booked' },
        ],
      },
    },
  ];
}

/** "Booked: a table for 2 on Friday 4 December at 19:30, under the name Ada Lovelace." */
export function bookingSentence(values: BookingValues): string {
  const people = values.partySize === 1 ? 'a table for 1' : `a table for ${values.partySize}`;
  return `Booked: ${people} on ${describeDateTime(values.dateTime)}, under the name ${values.name}.`;
}

/** `2026-12-04T19:30:00` → "Friday 4 December at 19:30": read from the string, so no time zone moves it. */
export function describeDateTime(dateTime: string): string {
  const match = /^(\d{4})-(\d\d)-(\d\d)(?:T(\d\d):(\d\d))?/.exec(dateTime);
  if (!match) return dateTime;
  const [, year, month, day, hour, minute] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const said = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(date).replace(',', '');
  return hour ? `${said} at ${hour}:${minute}` : said;
}
