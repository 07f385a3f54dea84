let documentNonce: string | undefined;
let installed = false;

/**
 * The CSP nonce of the document shown. The policy arrives once, with the document, but
 * every server render (router.refresh() after a language switch, /refresh) brings a
 * fresh nonce the policy does not know. So the browser keeps the first nonce it is given
 * until the next full page load; the server simply uses the one of its request.
 */
export function pageNonce(nonce: string | undefined): string | undefined {
  if (typeof document === 'undefined') return nonce;
  documentNonce ??= nonce;
  return documentNonce;
}

/**
 * Gives every <style> element created in the browser the document's CSP nonce. antd
 * passes its nonce on, but some of its helpers (the scroll lock and the scrollbar measure
 * of dialogs) create styles without one, which the policy would block.
 */
export function installStyleNonce(nonce: string | undefined) {
  if (typeof document === 'undefined' || installed || !pageNonce(nonce)) return;
  installed = true;
  const create = Document.prototype.createElement;
  document.createElement = function createElement(this: Document, tagName: string, options?: ElementCreationOptions) {
    const element = create.call(this, tagName, options);
    if (element instanceof HTMLStyleElement && !element.nonce && documentNonce) element.nonce = documentNonce;
    return element;
  } as typeof document.createElement;
}
