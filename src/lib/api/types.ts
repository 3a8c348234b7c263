// Wire shapes shared by the console's API modules: the server's own schemas (isomorphic/schemas), read as JSON. Type
// imports only, so no schema code enters the browser bundle.
import type { Static } from 'typebox';
import type { Bank as BankSchema, UpdateBankBody } from '../../../isomorphic/schemas/banks.ts';
import type { MessageResponse as MessageResponseSchema, Wire } from '../../../isomorphic/schemas/common.ts';
import type { UploadResponse } from '../../../isomorphic/schemas/files.ts';
import type { Gateway as GatewaySchema, UpdateGatewayBody } from '../../../isomorphic/schemas/gateways.ts';
import type {
  LogoPosition as LogoPositionSchema,
  Organisation as OrganisationSchema,
  OrganisationSettingsBody,
  UpdateOrganisationBody,
} from '../../../isomorphic/schemas/organisations.ts';
import type {
  Provider as ProviderSchema,
  ProviderBody,
  ProviderConstraints as ProviderConstraintsSchema,
} from '../../../isomorphic/schemas/providers.ts';
import type { Country as CountrySchema, Currency as CurrencySchema } from '../../../isomorphic/schemas/reference.ts';
import type { User as UserSchema } from '../../../isomorphic/schemas/users.ts';

export type { Role } from '../../../isomorphic/schemas/users.ts';

/** A signed-in user or a user of the users screens. */
export type User = Wire<Static<typeof UserSchema>>;

export type OrganisationRef = NonNullable<User['organisation']>;

/** Replies that only carry a human-readable outcome. */
export type MessageResponse = Static<typeof MessageResponseSchema>;

export type Country = Wire<Static<typeof CountrySchema>>;

export type Currency = Wire<Static<typeof CurrencySchema>>;

export type LogoPosition = Static<typeof LogoPositionSchema>;

/** Settings an orgadmin may change (docs/console.md#entities "Organisation settings", minus webhook fields). */
export type OrganisationSettings = Static<typeof OrganisationSettingsBody>;

/** An organisation; `apiToken` in full for superadmins, masked (••••abcd) for the organisation itself. */
export type Organisation = Wire<Static<typeof OrganisationSchema>>;

/** Everything a superadmin may set; country is a name or 2-letter code, currencies a list or comma-separated. */
export type OrganisationInput = Static<typeof UpdateOrganisationBody>;

export type UploadedFile = Static<typeof UploadResponse>;

export type { HmacAlgorithm as HmacAlgo } from '../../../isomorphic/signing.ts';

/** A provider of the catalogue; `name` is the slug used in webhook URLs: /webhooks/psp/{name}. */
export type Provider = Wire<Static<typeof ProviderSchema>>;

export type ProviderInput = Static<typeof ProviderBody>;

/** Credentials each provider asks for, keyed by provider name. */
export type ProviderConstraints = Static<typeof ProviderConstraintsSchema>;

/** A gateway; credentials come back masked (••••abcd) and sending the mask back keeps the stored value. */
export type Gateway = Wire<Static<typeof GatewaySchema>>;

export type GatewayInput = Static<typeof UpdateGatewayBody>;

export type Bank = Wire<Static<typeof BankSchema>>;

export type BankInput = Static<typeof UpdateBankBody>;

/** Which endpoints a screen uses: the global ones (superadmin) or the caller's organisation's. */
export type Scope = 'global' | 'organisation';
