import * as v from 'valibot';
import { newPassword } from './passwords.js';
import { objectMessage } from './validation.js';

// Health professionals (GPs, nurses, social workers) see the clients an agency shares with them, through a
// link (/health-professionals/:id/:token) or their own sign-in (/health-professionals). The rules below are
// the one validation for the staff "Access" panel, the professional's forms and the server.

/** A link lives 30 days unless the sender chooses otherwise, and never more than 90. */
export const LINK_DEFAULT_DAYS = 30;
export const LINK_MAX_DAYS = 90;

const EXPIRY_MESSAGE = `Choose between 1 and ${LINK_MAX_DAYS} days.`;

/** POST /api/v1/health-professionals/:id/links. A form sends the number as text; both are accepted. */
export const CreateLinkSchema = v.strictObject(
  {
    expires_in_days: v.optional(
      v.pipe(
        v.union([v.number(EXPIRY_MESSAGE), v.pipe(v.string(EXPIRY_MESSAGE), v.trim(), v.nonEmpty(EXPIRY_MESSAGE), v.transform(Number))], EXPIRY_MESSAGE),
        v.check((days) => Number.isInteger(days) && days >= 1 && days <= LINK_MAX_DAYS, EXPIRY_MESSAGE),
      ),
      LINK_DEFAULT_DAYS,
    ),
    send_email: v.optional(v.boolean('Say yes or no to sending the link by email.'), false),
  },
  objectMessage('link'),
);
export type CreateLinkInput = v.InferInput<typeof CreateLinkSchema>;

/** POST /api/v1/health-professionals/:id/shares: one client to share. */
export const ShareClientSchema = v.strictObject(
  {
    client_id: v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.trim(), v.nonEmpty('Choose a client.'), v.transform(Number))], 'Choose a client.'),
      v.check((id) => Number.isSafeInteger(id) && id >= 1, 'Choose a client.'),
    ),
  },
  objectMessage('share'),
);

/** POST /health-professionals/login. */
export const HealthProfessionalLoginSchema = v.object({
  email: v.pipe(
    v.string('Enter your email address.'),
    v.trim(),
    v.nonEmpty('Enter your email address.'),
    v.maxLength(254, 'Enter a shorter email address.'),
    v.toLowerCase(),
  ),
  password: v.pipe(v.string('Enter your password.'), v.nonEmpty('Enter your password.'), v.maxLength(1024, 'Enter a shorter password.')),
});
export type HealthProfessionalLoginInput = v.InferInput<typeof HealthProfessionalLoginSchema>;

/** POST /health-professionals/password: a professional who came by link sets a password for next time. */
export const HealthProfessionalPasswordSchema = v.pipe(
  v.object({
    password: newPassword('Password'),
    password_confirmation: v.string('Type the password again.'),
  }),
  v.forward(
    v.check((input) => input.password === input.password_confirmation, 'The two passwords do not match.'),
    ['password_confirmation'],
  ),
);
export type HealthProfessionalPasswordInput = v.InferInput<typeof HealthProfessionalPasswordSchema>;

/** The signed-in professional (GET /health-professionals/me, the login's data.data). */
export type HealthProfessionalProfile = {
  id: number;
  name: string;
  email: string;
  profession: string;
  organisation: string;
  /** Whether they have set a password (otherwise they can only come by link). */
  has_password: boolean;
};

export type SharedClientMedication = {
  id: number;
  name: string;
  dose: string;
  frequency: string;
  support_level: string;
  as_needed: boolean;
  start_date: string;
  stop_date: string | null;
  instructions: string;
};

export type SharedClientContact = {
  id: number;
  name: string;
  relationship: string;
  phone: string;
  email: string;
  next_of_kin: boolean;
  lasting_power_of_attorney: boolean;
};

/** What a professional is shown of a shared client (GET /health-professionals/clients). */
export type SharedClientSummary = {
  id: number;
  first_name: string;
  last_name: string;
  preferred_name: string;
  date_of_birth: string;
  nhs_number: string;
  gp_practice: string;
  care_needs: string;
  medical_conditions: string;
  allergies: string;
  communication_needs: string;
  medications: SharedClientMedication[];
  contacts: SharedClientContact[];
};

export const HEALTH_PROFESSIONAL_PDF_TYPES = ['care-plan', 'mar-chart'] as const;
export type HealthProfessionalPdfType = (typeof HEALTH_PROFESSIONAL_PDF_TYPES)[number];
export const HEALTH_PROFESSIONAL_PDF_TITLES: Record<HealthProfessionalPdfType, string> = {
  'care-plan': 'Care plan',
  'mar-chart': 'MAR chart',
};

export type LinkStatus = 'active' | 'expired' | 'revoked';

/** A link as the staff list shows it: never its token. */
export type HealthProfessionalLinkRow = {
  id: number;
  created_at: string;
  created_by: string | null;
  expires_at: string;
  revoked_at: string | null;
  first_used_at: string | null;
  last_used_at: string | null;
  status: LinkStatus;
};

/** A client shared with a professional, as the staff list shows it. */
export type SharedClientRow = {
  client_id: number;
  name: string;
  date_of_birth: string;
  shared_at: string;
  shared_by: string | null;
};
