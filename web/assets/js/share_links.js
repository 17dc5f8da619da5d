/**
 * Handing a link to someone: copy buttons beside read-only link fields, the
 * phone's share sheet where the browser has one, and QR codes drawn by the
 * server (`GET /qr.svg`, which draws only links under its own address).
 * @module share_links
 */

import { t } from './strings.js';

/**
 * Copies `text`, through the clipboard API where allowed, else through the
 * selection of `field`.
 * @param {string} text
 * @param {HTMLInputElement} field
 */
async function copyText(text, field) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    field.select();
    document.execCommand('copy');
  }
}

/**
 * Names a copy or share button after the field it serves ("Copy – Invite
 * link"), so that several such buttons are told apart by screen readers.
 * @param {HTMLButtonElement} button
 * @param {string} key  the button's own words: `share.copy`, `share.copied`, `share.share`
 */
function labelButton(button, key) {
  const fieldId = button.dataset.copy ?? button.dataset.share ?? '';
  const label = document.querySelector(`label[for="${fieldId}"]`);
  button.textContent = t(key);
  button.setAttribute('aria-label', `${t(key)} – ${label?.textContent ?? ''}`);
}

/**
 * Wires every `button[data-copy="<field id>"]` and `button[data-share]`
 * under `root`; the share buttons show only where the browser can share.
 * @param {ParentNode} root
 */
export function bindShareButtons(root) {
  for (const element of root.querySelectorAll('button[data-copy]')) {
    const button = /** @type {HTMLButtonElement} */ (element);
    const field = /** @type {HTMLInputElement} */ (document.getElementById(button.dataset.copy ?? ''));
    button.addEventListener('click', async () => {
      await copyText(field.value, field);
      labelButton(button, 'share.copied');
    });
  }
  for (const element of root.querySelectorAll('button[data-share]')) {
    const button = /** @type {HTMLButtonElement} */ (element);
    const field = /** @type {HTMLInputElement} */ (document.getElementById(button.dataset.share ?? ''));
    button.hidden = typeof navigator.share !== 'function';
    button.addEventListener('click', () => {
      navigator.share({ title: 'narabe', text: t('share.share-text'), url: field.value }).catch(() => {
        // The reader closed the sheet: nothing to do.
      });
    });
  }
  labelShareButtons(root);
}

/**
 * Labels the copy and share buttons under `root` afresh (after a language
 * switch, or when their link changed).
 * @param {ParentNode} root
 */
export function labelShareButtons(root) {
  for (const element of root.querySelectorAll('button[data-copy]')) {
    labelButton(/** @type {HTMLButtonElement} */ (element), 'share.copy');
  }
  for (const element of root.querySelectorAll('button[data-share]')) {
    labelButton(/** @type {HTMLButtonElement} */ (element), 'share.share');
  }
}

/**
 * Points `image` at the server's QR drawing of `link`.
 * @param {HTMLImageElement} image
 * @param {string} link
 * @param {string} alt  what the code holds, for screen readers
 */
export function showQr(image, link, alt) {
  const source = `/qr.svg?text=${encodeURIComponent(link)}`;
  if (image.getAttribute('src') !== source) image.src = source;
  image.alt = alt;
}
