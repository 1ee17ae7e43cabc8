import { escapeHtml } from './markdown.js';
import type { StudyState } from './study-state.js';
import type { PracticeQuestion } from './study-types.js';

/** Seed 004's questionWrong payload. */
export interface QuestionWrongPayload {
  questionId: string;
  userAnswer: string;
  correctAnswer: string;
  attemptCount: number;
  topic: string;
}

/** A practice question on the open document; a wrong answer is reported to `onWrong` (which fires the trigger). */
export function renderPractice(root: HTMLElement, state: StudyState, onWrong: (payload: QuestionWrongPayload, prompt: string) => void): void {
  const attempts = new Map<string, number>();
  let index = 0;

  const question = (): PracticeQuestion | undefined => {
    const questions = state.doc?.questions ?? [];
    return questions[index % Math.max(1, questions.length)];
  };
  const draw = () => {
    const q = question();
    if (!q) {
      root.innerHTML = '<header class="panel-head"><h2>Practice</h2></header><p class="empty">No questions for this document.</p>';
      return;
    }
    root.innerHTML = `
      <header class="panel-head"><h2>Practice</h2><button type="button" class="another">Another</button></header>
      <form class="question" data-question="${escapeHtml(q.id)}">
        <p class="prompt">${escapeHtml(q.prompt)}</p>
        <div class="options">${q.options
          .map((option) => `<label><input type="radio" name="answer" value="${escapeHtml(option)}" /> ${escapeHtml(option)}</label>`)
          .join('')}</div>
        <div class="actions"><button type="submit">Check</button><span class="feedback" aria-live="polite"></span></div>
      </form>`;
  };

  root.addEventListener('click', (event) => {
    if (!(event.target as HTMLElement).closest('.another')) return;
    index++;
    draw();
  });
  root.addEventListener('submit', (event) => {
    event.preventDefault();
    const q = question();
    const form = event.target as HTMLFormElement;
    const chosen = new FormData(form).get('answer');
    const feedback = form.querySelector<HTMLElement>('.feedback')!;
    if (!q || typeof chosen !== 'string') {
      feedback.textContent = 'Pick an answer first.';
      return;
    }
    if (chosen === q.answer) {
      feedback.textContent = 'Correct!';
      feedback.className = 'feedback right';
      return;
    }
    const attemptCount = (attempts.get(q.id) ?? 0) + 1;
    attempts.set(q.id, attemptCount);
    feedback.textContent = 'Not quite. The study agent will explain.';
    feedback.className = 'feedback wrong';
    onWrong({ questionId: q.id, userAnswer: chosen, correctAnswer: q.answer, attemptCount, topic: q.topic }, q.prompt);
  });

  state.on('document', () => {
    index = 0;
    draw();
  });
  draw();
}
