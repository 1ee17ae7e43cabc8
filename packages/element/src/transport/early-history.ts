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

/** The answer asked for early to `url`, if there is one: only the first caller gets it. */
export function takeEarlyHistory(url: string): Promise<Response | undefined> | undefined {
  if (offered?.url !== url) return undefined;
  const { response } = offered;
  offered = undefined;
  return response;
}
