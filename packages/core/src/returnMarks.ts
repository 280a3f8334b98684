// Apart from returnScreen's rules, so the card form takes in no more than these names.

export const CHALLENGE_RETURN_PARAM = 'challenge';
export const CHALLENGE_ENTRIES_PARAM = 'entries';
export const CHALLENGE_STAY_PARAM = 'stay';
