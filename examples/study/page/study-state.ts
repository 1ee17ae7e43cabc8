import { appApi } from './app-api.js';
import type { DocumentSummary, StudyDocument, Workspace } from './study-types.js';

export type Change = 'document' | 'page' | 'workspace' | 'selection';

/**
 * What the learner has open: the document, the page, the selection, and their notes, deck and highlights for that
 * document. Panels render from it and listen for its changes. Every change to the workspace is saved to the server
 * before the returned promise resolves, so a client tool that awaits it can tell the agent the change is stored
 * (the server's read tools will see it).
 */
export class StudyState extends EventTarget {
  library: DocumentSummary[] = [];
  doc: StudyDocument | undefined;
  page = 1;
  selection = '';
  workspace: Workspace = { notes: '', flashcards: [], highlights: [] };
  private opening: { id: string; done: Promise<void> } | undefined;

  constructor(readonly learnerId: string) {
    super();
  }

  get pageText(): string {
    return this.doc?.pages[this.page - 1] ?? '';
  }

  async open(documentId: string, page = 1): Promise<void> {
    // The hash change and a navigateToPage call may both ask for the same document: load it once.
    if (this.opening?.id === documentId) await this.opening.done;
    if (this.doc?.id !== documentId) {
      const done = this.load(documentId, page);
      this.opening = { id: documentId, done };
      try {
        await done;
      } finally {
        if (this.opening?.done === done) this.opening = undefined;
      }
      return;
    }
    this.goTo(page);
  }

  private async load(documentId: string, page: number): Promise<void> {
    const [doc, workspace] = await Promise.all([appApi.document(documentId), appApi.workspace(this.learnerId, documentId)]);
    this.doc = doc;
    this.workspace = workspace;
    this.page = clamp(page, doc.pages.length);
    this.selection = '';
    this.changed('document');
    this.changed('workspace');
  }

  goTo(page: number): void {
    if (!this.doc) return;
    const next = clamp(page, this.doc.pages.length);
    if (next === this.page) return;
    this.page = next;
    this.selection = '';
    this.changed('page');
  }

  select(text: string): void {
    if (text === this.selection) return;
    this.selection = text;
    this.changed('selection');
  }

  /** Change the workspace here at once (the panels redraw), then store it on the server. */
  async update(patch: Partial<Workspace>): Promise<void> {
    const doc = this.doc;
    if (!doc) throw new Error('No document is open.');
    this.workspace = { ...this.workspace, ...patch };
    this.changed('workspace');
    await appApi.saveWorkspace(this.learnerId, doc.id, patch);
  }

  on(change: Change, listener: () => void): void {
    this.addEventListener(change, listener);
  }

  private changed(change: Change): void {
    this.dispatchEvent(new Event(change));
  }
}

function clamp(page: number, count: number): number {
  return Math.min(Math.max(1, Math.trunc(page) || 1), count);
}
