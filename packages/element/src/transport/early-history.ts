// A session's history asked for while the conversation's chunk was still on its way (ask-history-early.ts, in the
// small chunk that loads it), kept here for the conversation's first load of that session (AgentClient.getSession).

/** A GET of a session's history already on its way: its URL, and the answer (undefined if the request failed). */
export interface EarlyHistory {
  url: string;
  response: Promise<Response | undefined>;
}

let offered: EarlyHistory | undefined;

/** Keep the answer for the first load of that session; one at a time, as one conversation chunk loads per page. */
export function offerEarlyHistory(early: EarlyHistory): void {
  offered = early;
}

/**
 * The answer asked for early to `url`, if that is what was asked. Only the first load after the offer may take it:
 * one for another URL (the session or the endpoint changed while the chunk loaded) drops it, so that no later load
 * of the first session is handed a history from back then.
 */
export function takeEarlyHistory(url: string): Promise<Response | undefined> | undefined {
  const early = offered;
  offered = undefined;
  if (early?.url === url) return early.response;
  void early?.response.then((response) => response?.body?.cancel());
  return undefined;
}
