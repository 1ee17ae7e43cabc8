// `@agent-chat/server/file-store`: the one store that needs a file system (node:fs), kept out of the core entry
// so that Workers and other runtimes without one can import `@agent-chat/server`.
export { fileStore, type FileStoreOptions } from './store/file-store.js';
export { fileBlobStore, type FileBlobStoreOptions } from './uploads/file-blob-store.js';
