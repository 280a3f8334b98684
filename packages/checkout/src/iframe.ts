/** The checkout iframe. No sandbox attribute: the checkout needs scripts, forms and its own origin. */
export function createIframe(src: string, inline: boolean, title: string): HTMLIFrameElement {
  const iframe = document.createElement('iframe');
  // properties reflect to the attributes and minify shorter than setAttribute()
  iframe.title = title;
  // clipboard-write: the copy buttons (a cash voucher's number, a crypto address) work embedded too
  iframe.allow = 'payment; clipboard-write';
  // the checkout learns the merchant's origin, never the page path (which may carry order data)
  iframe.referrerPolicy = 'strict-origin';
  iframe.style.cssText = `display:block;border:0;width:100%;${inline ? 'height:640px' : 'max-width:480px;height:100%'}`;
  iframe.src = src;
  return iframe;
}
