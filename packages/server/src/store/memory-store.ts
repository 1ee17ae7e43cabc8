import type { SessionRecord } from '../session/session-record.js';
import type { SessionStore } from './session-store.js';

/** Sessions in this process's memory: the default, lost on restart. Copies on the way in and out, as a real store would. */
export function memoryStore(): SessionStore {
  const records = new Map<string, SessionRecord>();
  return {
    async load(sessionId) {
      const record = records.get(sessionId);
      return record && structuredClone(record);
    },
    async save(record) {
      records.set(record.id, structuredClone(record));
    },
    async delete(sessionId) {
      records.delete(sessionId);
    },
  };
}
