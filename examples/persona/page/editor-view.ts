import type { PersonaWithInputs, TestInput } from './persona-types.js';

/** What the editor's own controls do: each edit goes straight to the app's REST API. */
export interface EditorActions {
  rename(name: string): Promise<void>;
  setSystemPrompt(text: string): Promise<void>;
  addInput(content: string): Promise<void>;
  updateInput(id: string, content: string): Promise<void>;
  deleteInput(id: string): Promise<void>;
}

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/**
 * The persona editor (seed 002's "existing persona editor content"): name, system prompt, test inputs. `show()`
 * renders a persona from whichever side changed it, the user or the agent; a field the user is typing in is left
 * alone, and a field the agent changed flashes so the change is seen without reading the chat.
 */
export function editorView(actions: EditorActions) {
  const main = byId<HTMLElement>('editor');
  const name = byId<HTMLInputElement>('persona-name');
  const prompt = byId<HTMLTextAreaElement>('system-prompt');
  const list = byId<HTMLOListElement>('test-inputs');
  const count = byId<HTMLElement>('input-count');
  const addForm = byId<HTMLFormElement>('add-input');
  const status = byId<HTMLElement>('save-status');
  const loadError = byId<HTMLElement>('load-error');
  let shownPersonaId: string | undefined;

  async function save(what: string, task: () => Promise<void>) {
    status.textContent = `Saving ${what}…`;
    status.classList.remove('failed');
    try {
      await task();
      status.textContent = `Saved ${what}.`;
    } catch (error) {
      status.textContent = `Could not save ${what}: ${(error as Error).message}`;
      status.classList.add('failed');
    }
  }

  /** Set a control's value unless the user is editing it; flash it when the value came from elsewhere. */
  function put(control: HTMLInputElement | HTMLTextAreaElement, value: string, flash: boolean) {
    if (control.value === value) {
      delete control.dataset.dirty;
      return;
    }
    if (document.activeElement === control && control.dataset.dirty) return;
    control.value = value;
    delete control.dataset.dirty;
    if (flash) {
      control.classList.remove('changed');
      void control.offsetWidth; // restart the animation when the same field changes twice in a row
      control.classList.add('changed');
    }
  }

  function inputItem(input: TestInput): HTMLLIElement {
    const item = document.createElement('li');
    item.dataset.id = input.id;
    const text = document.createElement('textarea');
    text.rows = 2;
    text.setAttribute('aria-label', `Test input ${input.id}`);
    text.addEventListener('input', () => (text.dataset.dirty = '1'));
    text.addEventListener('change', () => {
      delete text.dataset.dirty;
      const content = text.value.trim();
      if (content) void save('the test input', () => actions.updateInput(input.id, content));
    });
    const id = document.createElement('code');
    id.textContent = input.id;
    const remove = document.createElement('button');
    remove.type = 'button';
    remove.className = 'delete';
    remove.textContent = 'Delete';
    remove.setAttribute('aria-label', `Delete test input ${input.id}`);
    remove.addEventListener('click', () => void save('the deletion', () => actions.deleteInput(input.id)));
    item.append(text, id, remove);
    return item;
  }

  function showInputs(inputs: TestInput[], flash: boolean) {
    const existing = new Map([...list.children].map((li) => [(li as HTMLElement).dataset.id!, li as HTMLLIElement]));
    const items = inputs.map((input) => {
      const item = existing.get(input.id) ?? inputItem(input);
      const isNew = !existing.has(input.id);
      put(item.querySelector('textarea')!, input.content, flash && !isNew);
      if (isNew && flash) item.classList.add('changed');
      return item;
    });
    list.replaceChildren(...items);
    count.textContent = `(${inputs.length})`;
  }

  name.addEventListener('input', () => (name.dataset.dirty = '1'));
  name.addEventListener('change', () => {
    delete name.dataset.dirty;
    const value = name.value.trim();
    if (value) void save('the name', () => actions.rename(value));
  });
  name.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') name.blur();
  });
  prompt.addEventListener('input', () => (prompt.dataset.dirty = '1'));
  prompt.addEventListener('change', () => {
    delete prompt.dataset.dirty;
    void save('the system prompt', () => actions.setSystemPrompt(prompt.value));
  });
  addForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const field = addForm.elements.namedItem('content') as HTMLInputElement;
    const content = field.value.trim();
    if (!content) return;
    void save('the new test input', async () => {
      await actions.addInput(content);
      field.value = '';
    });
  });

  return {
    /** Render a persona; `flash` marks what changed when the change did not come from this editor. */
    show({ persona, testInputs }: PersonaWithInputs, flash = false) {
      const samePersona = shownPersonaId === persona.id;
      if (!samePersona) {
        list.replaceChildren();
        status.textContent = '';
      }
      shownPersonaId = persona.id;
      put(name, persona.name, flash && samePersona);
      put(prompt, persona.systemPrompt, flash && samePersona);
      showInputs(testInputs, flash && samePersona);
      loadError.hidden = true;
      main.setAttribute('aria-busy', 'false');
    },
    showError(message: string) {
      loadError.textContent = message;
      loadError.hidden = false;
      main.setAttribute('aria-busy', 'false');
    },
  };
}
