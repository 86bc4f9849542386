import * as v from 'valibot';

// The body of the registry's activate, rollback and deploy calls (the admin screen, the ops commands).

const VERSION_MESSAGE = 'The version must be a version name.';

/** An optional version: absent or empty means "the one before the active one" for a rollback. */
export const AreaVersionChoiceSchema = v.object({
  version: v.optional(
    v.union([
      v.literal(''),
      v.null(),
      v.pipe(v.string(VERSION_MESSAGE), v.trim(), v.maxLength(100, VERSION_MESSAGE)),
    ], VERSION_MESSAGE),
  ),
});
export type AreaVersionChoice = v.InferInput<typeof AreaVersionChoiceSchema>;
