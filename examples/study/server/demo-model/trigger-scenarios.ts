import type { ScriptedRun } from '@agent-chat/server';
import type { Turn, UserTurn } from '@agent-chat/protocol';
import { libraryTexts } from '../library-texts.js';
import { field, lastResultOf } from './history.js';

interface QuestionWrongPayload {
  userAnswer?: string;
  correctAnswer?: string;
  topic?: string;
  attemptCount?: number;
}

/**
 * The trigger's payload as far as the message text tells it. The payload itself travels in the context
 * (context.trigger), which a real model reads in <page_context>; a scripted model sees only the text: either the
 * page's sentence ("Practice question: “<prompt>” I answered X, which is wrong.", the answer looked up in the
 * library) or the element's default, `questionWrong: {json}`.
 */
export function triggerPayload(user: UserTurn): QuestionWrongPayload {
  const sentence = /^Practice question: “(.+)” I answered (.+), which is wrong\.$/s.exec(user.text);
  const question = sentence && libraryTexts.flatMap((doc) => doc.questions).find((q) => q.prompt === sentence[1]);
  if (sentence && question) return { topic: question.topic, userAnswer: sentence[2]!, correctAnswer: question.answer };
  const start = user.text.indexOf('{');
  const end = user.text.lastIndexOf('}');
  if (start < 0 || end <= start) return {};
  try {
    const parsed: unknown = JSON.parse(user.text.slice(start, end + 1));
    return parsed && typeof parsed === 'object' ? (parsed as QuestionWrongPayload) : {};
  } catch {
    return {};
  }
}

/**
 * The questionWrong trigger (seed 004, Trigger Events): the page reports a wrong practice answer; the agent looks the
 * topic up in the document and explains the right answer briefly, with the page it is on.
 */
export function questionWrong(since: readonly Turn[], user: UserTurn): ScriptedRun {
  const payload = triggerPayload(user);
  const correct = payload.correctAnswer ?? 'the right answer';
  // The answer itself finds the passage that explains it; the topic is the fallback.
  const query = payload.correctAnswer ?? payload.topic ?? user.text;
  const search = lastResultOf(since, 'searchDocument')?.output;
  const best = field<{ page: number; text: string }[]>(search, 'snippets')?.[0];
  const documentId = field<string>(search, 'documentId');
  const title = field<string>(search, 'title') ?? 'the document';
  const second = (payload.attemptCount ?? 1) > 1 ? ' This topic seems tricky — want me to make flashcards for it?' : '';
  return [
    [{ tool: 'searchDocument', input: { query } }],
    [
      {
        tool: 'final_answer',
        input: {
          summary:
            `Not quite — the answer is **${correct}**${payload.userAnswer ? `, not ${payload.userAnswer}` : ''}.` +
            (best ? ` *${title}*, page ${best.page}, says: “${best.text}”` : '') +
            second,
          ...(best && documentId ? { links: [{ title: `${title}, page ${best.page}`, url: `/study/#doc=${documentId}&page=${best.page}` }] } : {}),
          suggestions: ['Make flashcards from this page', 'Quiz me on my flashcards'],
        },
      },
    ],
    [],
  ];
}
