// The marks of a 3DS challenge's return address (core returnScreen), apart from its rules so the
// card form, which writes them, takes in no more than these names.

/** Query mark on a receipt address: this receipt ends a 3DS challenge (the widget's payments/challengeReturn). */
export const CHALLENGE_RETURN_PARAM = 'challenge';
/** Query mark on a challenge's return address: the history's length as the form left, whose last entry is the form's. */
export const CHALLENGE_ENTRIES_PARAM = 'entries';
/** Query mark on a challenge's return address: the form's entry could not be reached, so this page shows itself. */
export const CHALLENGE_STAY_PARAM = 'stay';
