// The QR code of a 2FA enrolment is drawn in the browser: the secret never leaves for an image service. The encoder
// is loaded only when an enrolment starts, so no page pays for it up front.

/** An SVG (markup) of the QR code of `text`, dark modules on a light quiet zone whatever the theme (scanners need contrast). */
export async function qrCodeSvg(text: string): Promise<string> {
  const { toString } = await import('qrcode');
  return toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } });
}
