import { describe, expect, it } from 'vitest';
import {
  canSubmitInviteCode,
  inviteCodeFromLink,
  inviteCodeInput,
  inviteLink,
  inviteLinkPath,
  joinErrorDetail,
  safeReturnPath,
} from './invites.ts';

describe('joinErrorDetail', () => {
  it.each([
    ['404: {"message":"Invalid invite code"}', 'Invite code not found. Please check the code and try again.'],
    ['Invalid invite code', 'Invite code not found. Please check the code and try again.'],
    [
      '409: {"message":"You are already a member of this household"}',
      "You're already a member of this household.",
    ],
    [
      '409: {"message":"You are already in a household; leave it before creating or joining another"}',
      "You're already in a household. Leave it before joining another.",
    ],
    ['400: {"message":"Invite code must be 8 characters"}', 'Unable to join household. Please try again.'],
    ['500: Internal Server Error', 'Unable to join household. Please try again.'],
    ['', 'Unable to join household. Please try again.'],
    [null, 'Unable to join household. Please try again.'],
  ])('%j → %s', (raw, detail) => {
    expect(joinErrorDetail(raw)).toBe(detail);
  });
});

describe('invite code field', () => {
  it('upper-cases what is typed and keeps at most 8 characters', () => {
    expect(inviteCodeInput('abcd')).toBe('ABCD');
    expect(inviteCodeInput('abcd2345xyz')).toBe('ABCD2345');
    expect(inviteCodeInput('')).toBe('');
    // Pasted with a space before it, or written in two halves: trimmed before the cut at 8.
    expect(inviteCodeInput(' abcd2345')).toBe('ABCD2345');
    expect(inviteCodeInput('\tABCD-2345\n')).toBe('ABCD2345');
    expect(inviteCodeInput('abcd 2345')).toBe('ABCD2345');
  });

  it('submits only exactly 8 characters', () => {
    expect(canSubmitInviteCode('ABCD234')).toBe(false);
    expect(canSubmitInviteCode('ABCD2345')).toBe(true);
    expect(canSubmitInviteCode('       ')).toBe(false);
    expect(canSubmitInviteCode('')).toBe(false);
  });
});

describe('invite links', () => {
  it('point at /join/{code} on the given origin', () => {
    expect(inviteLinkPath('ABCD2345')).toBe('/join/ABCD2345');
    expect(inviteLink('https://hearth.example', 'ABCD2345')).toBe('https://hearth.example/join/ABCD2345');
    expect(inviteLink('http://127.0.0.1:5000/', 'ABCD2345')).toBe('http://127.0.0.1:5000/join/ABCD2345');
  });

  it('read the code back in any case, refusing anything that cannot be a code', () => {
    expect(inviteCodeFromLink('abcd2345')).toBe('ABCD2345');
    expect(inviteCodeFromLink('ABCD2345')).toBe('ABCD2345');
    expect(inviteCodeFromLink('ABCD234')).toBeNull();
    expect(inviteCodeFromLink('ABCD23456')).toBeNull();
    // 0, O, 1, I and L never appear in codes.
    expect(inviteCodeFromLink('ABCD0000')).toBeNull();
    expect(inviteCodeFromLink('%E0%A4%A')).toBeNull();
    expect(inviteCodeFromLink(undefined)).toBeNull();
  });
});

describe('safeReturnPath', () => {
  it('keeps paths of this app', () => {
    expect(safeReturnPath('/join/ABCD2345')).toBe('/join/ABCD2345');
    expect(safeReturnPath('/settings?tab=1')).toBe('/settings?tab=1');
  });

  it.each([
    null,
    undefined,
    '',
    'join/ABCD2345',
    '//evil.example',
    '/\\evil.example',
    'https://evil.example',
    '/a b',
    '/a\nb',
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });
});
