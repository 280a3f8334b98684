import type { Queryable } from '../../db/Database';
import { isCursorList, positionAfter, type CursorList } from '../../store/listCursors';
import { badRequest } from '../../errors/ApiError';

/** Opaque to the merchant: the list's name and the id of the page's last row, which only that list of that merchant takes. */
export function cursorOf(list: CursorList, publicId: string): string {
  return Buffer.from(`${list}:${publicId}`).toString('base64url');
}

const NOT_THIS_LISTS = 'cursor must be a nextCursor this list gave';

/** The position a page goes on from, or undefined for the first page; a cursor of another list or merchant, or made up, is a 400. */
export async function positionOfCursor(db: Queryable, list: CursorList, merchantId: number, cursorText: string | undefined): Promise<number | undefined> {
  if (cursorText === undefined) return undefined;
  const text = Buffer.from(cursorText, 'base64url').toString('utf8');
  const colon = text.indexOf(':');
  const name = colon > 0 ? text.slice(0, colon) : '';
  const publicId = text.slice(colon + 1);
  if (!isCursorList(name) || name !== list || !/^[\w.:-]{1,100}$/.test(publicId)) throw badRequest('invalid_arguments', NOT_THIS_LISTS);
  const position = await positionAfter(db, list, merchantId, publicId);
  if (position === undefined) throw badRequest('invalid_arguments', NOT_THIS_LISTS);
  return position;
}
