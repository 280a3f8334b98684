import { DEFAULT_PROFILE_PHOTO } from '@pasarela/core';
import type { Queryable } from '../db/Database';

export interface UserRow {
  id: number;
  login: string;
  email: string;
  name: string;
  lastname: string;
  phone: string;
  country: string;
  address1: string;
  city: string;
  password_hash: string;
  is_employee: boolean;
  failed_logins: number;
  locked_until: Date | null;
  balance_cents: number;
}

export async function findUserByLoginOrEmail(db: Queryable, loginOrEmail: string): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>('select * from users where lower(login) = lower($1) or lower(email) = lower($1) limit 1', [loginOrEmail]);
  return row;
}

export async function findUser(db: Queryable, id: number): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>('select * from users where id = $1', [id]);
  return row;
}

/** SPEC 3 "User profile" (a default photo when none). */
export function profileOf(u: UserRow) {
  return {
    idUsr: u.id,
    login: u.login,
    name: u.name,
    lastname: u.lastname,
    email: u.email,
    phone: u.phone,
    address1: u.address1,
    country: u.country,
    city: u.city,
    photo: DEFAULT_PROFILE_PHOTO,
  };
}
