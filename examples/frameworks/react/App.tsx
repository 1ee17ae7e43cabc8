// The typings for <agent-chat> in JSX: types only, erased from the bundle (see packages/element/src/frameworks/react.ts).
import type {} from '@agent-chat/element/react';
import type { AgentChat, AgentChatAdapter, ConfirmDecision } from '@agent-chat/element';
import { useMemo, useRef, useState } from 'react';

interface Todo {
  id: string;
  text: string;
}

interface Question {
  text: string;
  answer(decision: ConfirmDecision): void;
}

const FIRST_TODOS: Todo[] = [
  { id: 'todo-1', text: 'Water the plants' },
  { id: 'todo-2', text: 'Book the train to Lyon' },
];

export function App() {
  const [todos, setTodos] = useState(FIRST_TODOS);
  const [question, setQuestion] = useState<Question | null>(null);
  const [lastToolCall, setLastToolCall] = useState('none yet');
  const [lastStopReason, setLastStopReason] = useState('none yet');
  const chat = useRef<AgentChat>(null);

  // The adapter is made once: a new object on every render would make the element reload its tool catalog. It
  // reads the list through a ref, which always holds the latest one.
  const latest = useRef(todos);
  latest.current = todos;
  const adapter = useMemo<AgentChatAdapter>(
    () => ({
      getContext: () => ({
        page: 'React to-do list',
        items: latest.current.map((todo) => ({ id: todo.id, type: 'todo', title: todo.text })),
      }),
      // The page asks in its own words instead of the element's card; the agent goes on when the user answers.
      confirm: (call) =>
        new Promise<ConfirmDecision>((resolve) =>
          setQuestion({
            text: (call.input as { text: string }).text,
            answer: (decision) => {
              setQuestion(null);
              resolve(decision);
            },
          }),
        ),
      tools: {
        add_todo: ({ text }: { text: string }) => {
          const next = [...latest.current, { id: `todo-${latest.current.length + 1}`, text }];
          latest.current = next;
          setTodos(next);
          return { added: text, count: next.length };
        },
      },
    }),
    [],
  );

  return (
    <main>
      <section>
        <h1>My to-dos (React)</h1>
        <ul aria-label="To-dos">
          {todos.map((todo) => (
            <li key={todo.id}>{todo.text}</li>
          ))}
        </ul>
        {question && (
          <div className="confirm" role="alertdialog" aria-label="The agent asks">
            <p>The agent wants to add “{question.text}”.</p>
            <button onClick={() => question.answer({ action: 'approve' })}>Add it</button>
            <button onClick={() => question.answer({ action: 'deny', reason: 'Not now' })}>Not now</button>
          </div>
        )}
        <button onClick={() => void chat.current?.send('What is on my list?')}>Ask the agent about my list</button>
        <dl>
          <dt>Last tool call</dt>
          <dd data-testid="last-tool-call">{lastToolCall}</dd>
          <dt>Last stop reason</dt>
          <dd data-testid="last-stop-reason">{lastStopReason}</dd>
        </dl>
      </section>
      <agent-chat
        ref={chat}
        endpoint="/frameworks/react/api/agent"
        mode="inline"
        heading="To-do assistant"
        placeholder="Try “add oat milk”"
        adapter={adapter}
        onagent-chat-tool-call={(event) => setLastToolCall(event.detail.name)}
        onagent-chat-run-finish={(event) => setLastStopReason(event.detail.stopReason)}
      />
    </main>
  );
}
