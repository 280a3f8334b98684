import type { TestApp } from './testApp';

/** The six-digit code of the latest mail to `email` in the sandbox's mailbox; '' when none holds one. */
export async function lastMailedCode(t: Pick<TestApp, 'admin'>, email: string): Promise<string> {
  const res = await t.admin('GET', `/mailbox?to=${encodeURIComponent(email)}`);
  const body = String((res.json['messages'] as Array<{ body: string }>)[0]?.body);
  return /\b(\d{6})\b/.exec(body)?.[1] ?? '';
}
