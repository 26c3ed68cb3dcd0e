import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@tessera/protocol';
import {
  accountChannel,
  checkCardId,
  checkCode,
  checkEmail,
  checkImageFile,
  checkInviteCode,
  checkNewPassword,
  checkPayPassword,
  checkRealName,
  checkRegisterEmail,
  checkResetAccount,
  securityStrength,
  strengthLevel,
} from './forms';

describe('account checks', () => {
  it('checks e-mails with the server keys', () => {
    expect(checkEmail('')).toBe('enter the e-mail');
    expect(checkEmail('nope')).toBe('the e-mail account does not match the rules');
    expect(checkEmail(' a@b.io ')).toBeUndefined();
    expect(checkRegisterEmail('')).toBe('enter account');
    expect(checkRegisterEmail('13812345678')).toBe('the e-mail account does not match the rules');
    expect(checkRegisterEmail('new@tessera.example')).toBeUndefined();
  });

  it('accepts a mainland mobile or an e-mail for a password reset', () => {
    expect(checkResetAccount('')).toBe('enter account');
    expect(checkResetAccount('12345678901')).toBe('the e-mail or phone number does not match the rules');
    expect(checkResetAccount('13912345678')).toBeUndefined();
    expect(checkResetAccount('a@b.io')).toBeUndefined();
    expect(accountChannel('13912345678')).toBe('sms');
    expect(accountChannel('a@b.io')).toBe('email');
    expect(accountChannel('a@b')).toBeUndefined();
    expect(accountChannel('447700900123', '44')).toBe('sms');
    // a phone account's own name, in E.164, as user/info answers it
    expect(accountChannel('+8613912345678', '86')).toBe('sms');
    expect(accountChannel('+86 139', '86')).toBeUndefined();
  });

  it('requires the code', () => {
    expect(checkCode(' ')).toBe('enter the verification code');
    expect(checkCode('123456')).toBeUndefined();
  });
});

describe('password checks', () => {
  it('follows the server order for login passwords', () => {
    expect(checkNewPassword('', '')).toEqual({ password: 'enter password', repeat: 'repeat password' });
    expect(checkNewPassword('abc', 'abc')).toEqual({ password: 'password must be 6 to 16 letters or digits' });
    expect(checkNewPassword('abc123!', 'abc123!').password).toBe('password must be 6 to 16 letters or digits');
    expect(checkNewPassword('abc123', 'abc124')).toEqual({ repeat: 'two passwords differ' });
    expect(checkNewPassword('abc123', 'abc123')).toEqual({});
  });

  it('wants six digits for fund passwords', () => {
    expect(checkPayPassword('12345a', '12345a').password).toBe('payment password must be 6 digits');
    expect(checkPayPassword('1234567', '').password).toBe('payment password must be 6 digits');
    expect(checkPayPassword('123456', '')).toEqual({ repeat: 'repeat password' });
    expect(checkPayPassword('123456', '123457')).toEqual({ repeat: 'two passwords differ' });
    expect(checkPayPassword('123456', '123456')).toEqual({});
  });

  it('asks for an invite code only when the operator requires one', () => {
    expect(checkInviteCode('', true)).toBe('invite code required');
    expect(checkInviteCode('', false)).toBeUndefined();
    expect(checkInviteCode('ABC123', true)).toBeUndefined();
  });
});

describe('identity checks', () => {
  it('checks the name and the ID number', () => {
    expect(checkRealName('')).toBe('enter real name');
    expect(checkRealName('Alice 2')).toBe('name must not contain digits');
    expect(checkRealName('李雷')).toBeUndefined();
    expect(checkCardId('')).toBe('enter id number');
    expect(checkCardId('11010519491231002X')).toBeUndefined();
    expect(checkCardId('身份证123')).toBe('id number must not contain chinese characters');
    expect(checkCardId('12 34')).toBe('id number is not valid');
  });

  it('takes jpg and png up to 4 MB', () => {
    expect(checkImageFile({ name: 'a.png', size: 10, type: 'image/png' })).toBeUndefined();
    expect(checkImageFile({ name: 'a.jpg', size: MAX_UPLOAD_BYTES, type: 'image/jpeg' })).toBeUndefined();
    expect(checkImageFile({ name: 'a.gif', size: 10, type: 'image/gif' })).toBe('wrong file type');
    expect(checkImageFile({ name: 'a.JPEG', size: 10, type: '' })).toBeUndefined();
    expect(checkImageFile({ name: 'a.png', size: MAX_UPLOAD_BYTES + 1, type: 'image/png' })).toBe('file too big');
  });
});

describe('security strength', () => {
  it('adds 25 for each of phone, e-mail and approved identity', () => {
    expect(securityStrength({ phone: '', email: '', review_status: 0 })).toBe(25);
    expect(securityStrength({ phone: '139', email: '', review_status: 1 })).toBe(50);
    expect(securityStrength({ phone: '139', email: 'a@b.io', review_status: 0 })).toBe(75);
    expect(securityStrength({ phone: '139', email: 'a@b.io', review_status: 2 })).toBe(100);
  });

  it('names the levels', () => {
    expect(strengthLevel(25)).toBe('low');
    expect(strengthLevel(50)).toBe('intermediate');
    expect(strengthLevel(75)).toBe('high');
    expect(strengthLevel(100)).toBe('strong');
  });
});
