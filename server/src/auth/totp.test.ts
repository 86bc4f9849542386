import assert from 'node:assert/strict';
import { test } from 'node:test';
import { base32Decode, base32Encode, generateTotpSecret, hotp, matchTotp, otpauthUrl, totpCode, totpStep } from './totp.js';

test('HOTP matches the RFC 4226 appendix D values', () => {
  const key = Buffer.from('12345678901234567890');
  const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
  assert.deepEqual(
    expected.map((_, counter) => hotp(key, counter)),
    expected,
  );
});

test('TOTP matches the RFC 6238 appendix B test vectors (SHA-1, 8 digits)', () => {
  const key = Buffer.from('12345678901234567890');
  const vectors: [number, string][] = [
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ];
  for (const [seconds, code] of vectors) assert.equal(hotp(key, totpStep(seconds * 1000), 8), code, `T=${seconds}`);
});

test('RFC 6238 SHA-256 and SHA-512 vectors also hold (the HMAC is really parameterised)', () => {
  assert.equal(hotp(Buffer.from('12345678901234567890123456789012'), totpStep(59_000), 8, 'sha256'), '46119246');
  assert.equal(
    hotp(Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'), totpStep(59_000), 8, 'sha512'),
    '90693936',
  );
});

test('base32 round-trips and matches RFC 4648', () => {
  assert.equal(base32Encode(Buffer.from('foobar')), 'MZXW6YTBOI');
  assert.equal(base32Decode('mzxw6ytboi======').toString(), 'foobar');
  assert.throws(() => base32Decode('MZ1'), /not a base32 character/);
  const secret = generateTotpSecret();
  assert.match(secret, /^[A-Z2-7]{32}$/); // 20 bytes
  assert.equal(base32Decode(secret).length, 20);
  assert.notEqual(generateTotpSecret(), secret);
});

test('a code is accepted one step either side, not two, and never at or before the last step used', () => {
  const secret = base32Encode(Buffer.from('12345678901234567890'));
  const now = 1_111_111_111_000;
  const step = totpStep(now);
  assert.equal(totpCode(secret, step).length, 6);
  assert.equal(matchTotp(secret, totpCode(secret, step), now), step);
  assert.equal(matchTotp(secret, totpCode(secret, step - 1), now), step - 1);
  assert.equal(matchTotp(secret, totpCode(secret, step + 1), now), step + 1);
  assert.equal(matchTotp(secret, totpCode(secret, step - 2), now), null);
  assert.equal(matchTotp(secret, totpCode(secret, step + 2), now), null);
  // Replay: the step already used, or an earlier one, is refused; a later one is fine.
  assert.equal(matchTotp(secret, totpCode(secret, step), now, step), null);
  assert.equal(matchTotp(secret, totpCode(secret, step - 1), now, step), null);
  assert.equal(matchTotp(secret, totpCode(secret, step + 1), now, step), step + 1);
  // Spaces are forgiven; anything that is not six digits is not.
  const code = totpCode(secret, step);
  assert.equal(matchTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now), step);
  assert.equal(matchTotp(secret, 'abcdef', now), null);
  assert.equal(matchTotp(secret, code.slice(1), now), null);
});

test('the otpauth URI names the issuer, the account and the secret', () => {
  assert.equal(
    otpauthUrl('Home Care', 'jo@homecare.test', 'JBSWY3DPEHPK3PXP'),
    'otpauth://totp/Home%20Care:jo%40homecare.test?secret=JBSWY3DPEHPK3PXP&issuer=Home+Care&algorithm=SHA1&digits=6&period=30',
  );
});
