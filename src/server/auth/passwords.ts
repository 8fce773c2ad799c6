import { hash, verify } from '@node-rs/argon2';

// Argon2id (the library's default algorithm) with its default cost. The native work runs on
// libuv's thread pool, so a burst of logins never blocks the event loop.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Compared against when the e-mail is unknown, so an unknown address takes as long as a wrong password.
let dummyHash: Promise<string> | null = null;
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hash('not-a-real-password-hearth');
  await verifyPassword(await dummyHash, password);
  return false;
}
