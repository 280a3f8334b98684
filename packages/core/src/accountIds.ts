// The ids a person types for a payment station and a wallet account, checked alike by the admin API,
// the wallet's signup and the console's forms.

/** A payment station's id: 3 to 40 letters, digits or dashes (it is the station checkout's address). */
export const isStationId = (text: string): boolean => /^[A-Za-z0-9-]{3,40}$/.test(text);

/** A wallet user's login: 3 to 60 letters, digits, dots, dashes or underscores (SPEC 8 `only_alphanumeric_characters` in the signup). */
export const isWalletLogin = (text: string): boolean => /^[A-Za-z0-9._-]{3,60}$/.test(text);
