// Baked in at build time and sent to the widget, so the checkout knows which loader opened it.
export const SDK_VERSION: string = typeof __SDK_VERSION__ === 'string' ? __SDK_VERSION__ : '0.0.0-dev';
