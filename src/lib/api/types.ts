// Wire shapes shared by the console's API modules: the server's own schemas (shared/schemas), read as JSON. Type
// imports only, so no schema code enters the browser bundle.
import type { Static } from 'typebox';
import type { Bank as BankSchema, UpdateBankBody } from '../../../shared/schemas/banks.ts';
import type { MessageResponse as MessageResponseSchema, Wire } from '../../../shared/schemas/common.ts';
import type { UploadResponse } from '../../../shared/schemas/files.ts';
import type { Gateway as GatewaySchema, UpdateGatewayBody } from '../../../shared/schemas/gateways.ts';
import type {
  LogoPosition as LogoPositionSchema,
  Organisation as OrganisationSchema,
  OrganisationSettingsBody,
  UpdateOrganisationBody,
} from '../../../shared/schemas/organisations.ts';
import type {
  HmacAlgorithm,
  Provider as ProviderSchema,
  ProviderBody,
  ProviderConstraints as ProviderConstraintsSchema,
} from '../../../shared/schemas/providers.ts';
import type { Country as CountrySchema, Currency as CurrencySchema } from '../../../shared/schemas/reference.ts';
import type { CreateUserBody, User as UserSchema } from '../../../shared/schemas/users.ts';

export type Role = NonNullable<Static<typeof CreateUserBody>['role']>;

/** A signed-in user or a user of the users screens; `role` is one of the two roles. */
export type User = Omit<Wire<Static<typeof UserSchema>>, 'role'> & { role: Role };

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

export type HmacAlgo = Static<typeof HmacAlgorithm>;

/** A provider of the catalogue; `name` is the slug used in webhook URLs: /webhooks/psp/{name}; one of the three algorithms. */
export type Provider = Omit<Wire<Static<typeof ProviderSchema>>, 'hmacAlgo'> & { hmacAlgo: HmacAlgo };

export type ProviderInput = Static<typeof ProviderBody>;

/** Credentials each provider asks for, keyed by provider name. */
export type ProviderConstraints = Static<typeof ProviderConstraintsSchema>;

/**
 * A gateway; credentials come back masked (••••abcd) and sending the mask back keeps the stored value. The server
 * stores only the three algorithms (the service checks them), which the form's select relies on.
 */
export type Gateway = Omit<Wire<Static<typeof GatewaySchema>>, 'hmacAlgo'> & { hmacAlgo: HmacAlgo };

export type GatewayInput = Omit<Static<typeof UpdateGatewayBody>, 'hmacAlgo'> & { hmacAlgo?: HmacAlgo };

export type Bank = Wire<Static<typeof BankSchema>>;

export type BankInput = Static<typeof UpdateBankBody>;

/** Which endpoints a screen uses: the global ones (superadmin) or the caller's organisation's. */
export type Scope = 'global' | 'organisation';
