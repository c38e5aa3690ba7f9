/**
 * Puts `text` on the clipboard: the Clipboard API where the browser allows it, else (older browsers,
 * or a refusal) a hidden field and execCommand. The product page's 'Copy link' and the address book's
 * 'Copy' use it.
 */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const field = document.createElement('textarea');
    field.value = text;
    field.setAttribute('readonly', '');
    field.style.position = 'fixed';
    field.style.opacity = '0';
    document.body.append(field);
    field.select();
    document.execCommand('copy');
    field.remove();
  }
}
