/** The persona editor's data, as the app's REST API sends it. Shared by the server and the page (types only). */

export interface Persona {
  id: string;
  name: string;
  systemPrompt: string;
  /** The test inputs linked to this persona, in the order the editor lists them (seed 002's data model). */
  testInputIds: string[];
  createdAt: number;
  updatedAt: number;
}

/** A prompt used to try out how the persona answers. */
export interface TestInput {
  id: string;
  personaId: string;
  content: string;
  createdAt: number;
  updatedAt: number;
}

/** One persona with its test inputs resolved: what the editor shows and what an undo puts back. */
export interface PersonaWithInputs {
  persona: Persona;
  testInputs: TestInput[];
}

/** `GET /persona/api/info`: which model answers, so the page can say when it is the offline demo. */
export interface AppInfo {
  model: string;
  demo: boolean;
}
