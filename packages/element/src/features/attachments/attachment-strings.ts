/**
 * The texts of files from the user (`<agent-chat attachments>`: the picker, the chips, the files in a message). Kept
 * apart from the full table (strings.ts) so that they travel in the attachments chunk. A host overrides them and a
 * locale translates them like any other key (`el.strings`, `registerLocale`, fr.ts).
 */
export const attachmentsEn = {
  attachFiles: 'Attach files',
  attachedFiles: 'Files to send',
  sentFiles: 'Attached files',
  removeFile: 'Remove {name}',
  uploadingFile: 'Uploading {name}',
  fileRefused: '{name}: {message}',
  fileTooLarge: 'larger than the {size} this chat accepts',
  fileTypeRefused: 'a type this chat does not accept',
  tooManyFiles: 'at most {count} files per message',
  uploadFailed: 'the upload failed ({message})',
};

export type AttachmentStrings = Record<keyof typeof attachmentsEn, string>;
