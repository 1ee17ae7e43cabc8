// Files from the user (`<agent-chat attachments>`): the composer's picker and chips, paste and drop, the uploads,
// and the files shown in sent messages, asked for when a composer of such an element first draws
// (attachments/composer-uploads.ts), or a message with uploads is first shown (user-message.ts). It imports the shell
// and the conversation first, for the bundle's sake: see README.md here.
import '../register.js';
import './conversation-parts.js';
import { define } from '../define-element.js';
import { FileChips } from '../attachments/file-chips.js';
import { FilePicker } from '../attachments/file-picker.js';
import { SentFiles } from '../attachments/sent-files.js';

define('agent-chat-file-chips', FileChips);
define('agent-chat-file-picker', FilePicker);
define('agent-chat-files', SentFiles);

export { uploads } from '../attachments/uploader.js';
