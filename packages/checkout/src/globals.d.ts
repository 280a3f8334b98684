// Defined by the build's replace plugin; absent (undefined) when the sources run under vitest.
declare const __SDK_VERSION__: string | undefined;
