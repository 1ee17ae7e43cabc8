import { defineTool } from '@agent-chat/server';
import { z } from 'zod';
import { bookedMessages, bookingSentence, FORM_IDS } from './booking-form.js';

/**
 * Books the table and marks the form it came from as booked, in place (`ctx.ui`): the surface keeps its element and
 * shows the booked values, its Book button disabled. A real host would write to its reservations system here.
 */
export const bookTable = defineTool({
  name: 'book_table',
  description:
    'Book a table at Trattoria Lumen, after the user pressed Book on a booking form (the "book" action). It also ' +
    "marks that form booked: it sets the surface's data model to the booking with `booked: true`, and relabels the " +
    `components "${FORM_IDS.title}" (the heading) and "${FORM_IDS.buttonLabel}" (the Book button's label Text).`,
  input: z.object({
    surfaceId: z.string().min(1).describe('The booking form the user pressed Book on'),
    name: z.string().trim().min(1).describe('The name the table is booked under'),
    dateTime: z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d/, 'expected an ISO date and time, e.g. 2026-12-04T19:30:00').describe('Local date and time, ISO 8601'),
    partySize: z.coerce.number().int().min(1).max(12).describe('How many people, 1 to 12'),
  }),
  // Not `kind: 'write'`: the example keeps no reservations, so there is nothing an undo could take back.
  label: 'Booking a table for {partySize}',
  execute: ({ surfaceId, ...values }, ctx) => {
    ctx.ui(bookedMessages(surfaceId, values));
    return { booked: true, ...values, confirmation: bookingSentence(values) };
  },
});
