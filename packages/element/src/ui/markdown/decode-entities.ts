/** A named character reference, the only text ever handed to the browser's parser here. */
const NAMED = /&[A-Za-z][A-Za-z\d]{1,31};/g;

let decoder: HTMLTextAreaElement | undefined;

/**
 * Text with its named character references (`&amp;`, `&copy;`, `&ClockwiseContourIntegral;`) decoded, as
 * CommonMark asks. marked decodes numeric references itself and leaves named ones for the HTML it would write;
 * we write no HTML, so we decode them. The table is the browser's own (HTML's 2,231 names, the list CommonMark
 * uses), reached through a detached `<textarea>`: its content is parsed as RCDATA, so no element can come of
 * it, and only a string matching NAMED (letters and digits between `&` and `;`) is ever given to it. An unknown
 * name stays as typed. Shipping the table instead would cost about 10 KB gzip.
 */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(NAMED, (reference) => {
    decoder ??= document.createElement('textarea');
    decoder.innerHTML = reference;
    return decoder.value;
  });
}
