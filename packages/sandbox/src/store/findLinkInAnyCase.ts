/**
 * A link by its code in any case, through `find` (any look-up by code), for every door that takes
 * a code: codes are upper case, and one copied from the link's address (its default slug is the
 * code in lower case) or typed in lower case is the same link.
 */
export async function findLinkInAnyCase<Link>(code: string, find: (code: string) => Promise<Link | undefined>): Promise<Link | undefined> {
  return (await find(code)) ?? (code === code.toUpperCase() ? undefined : find(code.toUpperCase()));
}
