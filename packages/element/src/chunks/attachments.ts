// Files from the user (`<agent-chat attachments>`): the composer's picker and chips, paste and drop, the uploads,
// and the files shown in sent messages, asked for when a composer of such an element first draws
// (features/composer/composer-uploads.ts), or a message with uploads is first shown (user-message.ts). It imports the shell
// and the conversation first, for the bundle's sake: see README.md here.
import '../element/register.js';
import './conversation-parts.js';
import { define } from '../ui/define-element.js';
import { FileChips } from '../features/attachments/file-chips.js';
import { FilePicker } from '../features/attachments/file-picker.js';
import { SentFiles } from '../features/attachments/sent-files.js';

define('agent-chat-file-chips', FileChips);
define('agent-chat-file-picker', FilePicker);
define('agent-chat-files', SentFiles);

export { uploads } from '../features/attachments/uploader.js';
