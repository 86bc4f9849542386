import * as v from 'valibot';

// Lives in the server until the login form needs it too; then it belongs in @hcm/contract.
export const LoginSchema = v.object({
  email: v.pipe(
    v.string('Enter your email address.'),
    v.trim(),
    v.nonEmpty('Enter your email address.'),
    v.maxLength(254, 'Enter a shorter email address.'),
    v.toLowerCase(),
  ),
  password: v.pipe(
    v.string('Enter your password.'),
    v.nonEmpty('Enter your password.'),
    // Bounds the work a single request can ask of argon2.
    v.maxLength(1024, 'Enter a shorter password.'),
  ),
});

export type LoginInput = v.InferOutput<typeof LoginSchema>;
