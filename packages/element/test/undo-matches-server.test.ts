import { expect, fixture, html } from '@open-wc/testing';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import type { RunFinishDetail } from '../src/events.js';
import type { AgentTurn } from '../src/features/message-list/agent-turn.js';
import { scenario, storedSession, uniqueSession } from './support/agent-server.js';
import { deepAll, statusLines } from './support/dom.js';
import { UNDO_TURNS } from './support/stop-and-undo-texts.js';
import { nextEvent, waitFor } from './support/wait.js';

// Issue #20, point 2: the element offers Undo exactly where and when the server would accept it. After a read-only
// turn the last writing turn can still be undone, and after a reload too; once undone, nowhere.

async function chat(session: string): Promise<AgentChat> {
  const endpoint = await scenario('undo-turns');
  return fixture<AgentChat>(html`<agent-chat mode="inline" endpoint=${endpoint} session=${session}></agent-chat>`);
}

/** Sends a message and waits for its run to end. */
async function send(el: AgentChat, text: string): Promise<void> {
  const finished = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 10000 });
  await el.send(text);
  expect((await finished).detail.stopReason).to.equal('end_turn');
}

const turns = (el: AgentChat) => deepAll<AgentTurn>(el.shadowRoot!, 'agent-chat-turn');
const hasUndo = (turn: AgentTurn) => turn.shadowRoot!.querySelector('agent-chat-undo-bar') !== null;
/** The message of each reply that shows Undo. */
const undoUnder = (el: AgentChat) => turns(el).filter(hasUndo).map((turn) => turn.group!.user!.text);

describe('Undo that matches the server (real server)', () => {
  it('stays on the writing turn after a read-only turn, comes back after a reload, and goes once undone', async () => {
    const session = uniqueSession('undo-turns');
    const el = await chat(session);
    await send(el, UNDO_TURNS.write);
    await waitFor(() => undoUnder(el).length === 1, { message: 'Undo under the write' });
    expect(undoUnder(el)).to.deep.equal([UNDO_TURNS.write]);

    await send(el, UNDO_TURNS.read);
    await waitFor(() => turns(el).length === 2 && turns(el)[1]!.group!.steps.some((step) => step.kind === 'assistant'), { message: 'the read-only reply' });
    await Promise.all(turns(el).map((turn) => turn.updateComplete));
    // The server would still undo the write: Undo stays where it was, and the read-only turn gets none.
    expect(undoUnder(el)).to.deep.equal([UNDO_TURNS.write]);
    const stored = await storedSession(el.endpoint, session);
    const writeTurn = stored.turns.find((turn) => turn.type === 'user' && turn.text === UNDO_TURNS.write)!;
    expect(stored.undoable).to.equal(true);
    expect(stored.undoTurnId).to.equal(writeTurn.id);
    expect(turns(el).find(hasUndo)!.group!.user!.id, 'the element and the server name the same turn').to.equal(stored.undoTurnId);
    el.remove();

    // A reload: a new element on the same session shows Undo on the same turn.
    const reloaded = await chat(session);
    await waitFor(() => undoUnder(reloaded).length === 1, { message: 'Undo after a reload' });
    expect(undoUnder(reloaded)).to.deep.equal([UNDO_TURNS.write]);

    const changed = nextEvent<CustomEvent<{ state: { title: string } }>>(reloaded, 'agent-chat-state-change');
    const bar = turns(reloaded).find(hasUndo)!.shadowRoot!.querySelector('agent-chat-undo-bar')!;
    const button = await waitFor(() => bar.shadowRoot!.querySelector('button'), { message: 'the Undo button' });
    button.click();
    expect((await changed).detail.state.title).to.equal(UNDO_TURNS.initialTitle);
    await waitFor(() => undoUnder(reloaded).length === 0, { message: 'Undo gone once undone' });
    expect(statusLines(reloaded).map((line) => line.text)).to.include('Changes undone');
    const after = await storedSession(reloaded.endpoint, session);
    expect(after.undoable).to.equal(false);
    expect(after.undoTurnId).to.equal(undefined);
    reloaded.remove();

    // Reloaded once more: nothing to undo, and nothing offered.
    const again = await chat(session);
    await waitFor(() => turns(again).length === 2, { message: 'the history' });
    await Promise.all(turns(again).map((turn) => turn.updateComplete));
    expect(undoUnder(again)).to.deep.equal([]);
  });

  it('offers none while a run is in flight (the server would refuse it), and moves to a newer writing turn', async () => {
    const session = uniqueSession('undo-moves');
    const el = await chat(session);
    await send(el, UNDO_TURNS.write);
    await waitFor(() => undoUnder(el).length === 1, { message: 'Undo under the first write' });

    // A reply that pauses after its first words: while it is in flight, an undo would be a 409.
    const finished = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 10000 });
    void el.send(UNDO_TURNS.slowRead);
    await waitFor(() => turns(el)[1]?.group?.steps.some((step) => step.kind === 'assistant'), { message: 'the slow reply started' });
    await Promise.all(turns(el).map((turn) => turn.updateComplete));
    expect(el.running, 'still in flight').to.equal(true);
    expect(undoUnder(el)).to.deep.equal([]);
    await finished;
    await waitFor(() => undoUnder(el).length === 1, { message: 'Undo back under the write once the run ended' });
    expect(undoUnder(el)).to.deep.equal([UNDO_TURNS.write]);

    await send(el, UNDO_TURNS.write);
    await waitFor(() => turns(el).length === 3 && hasUndo(turns(el)[2]!), { message: 'Undo under the newer write' });
    expect(turns(el).map(hasUndo)).to.deep.equal([false, false, true]);
    expect(turns(el)[2]!.group!.user!.id).to.equal((await storedSession(el.endpoint, session)).undoTurnId);
  });
});
