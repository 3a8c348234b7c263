// Reference data on the wire: countries and currencies.
import { Type } from 'typebox';
import { DateTime, Int4 } from './common.ts';
import { PageQuery } from './pagination.ts';

export const Country = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    code: Type.String(),
    enabled: Type.Boolean(),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'Country' },
);
/** A reference to the registered `Country` schema (the route plugin adds it once). */
export const CountryRef = Type.Ref('Country');

export const Currency = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    code: Type.String(),
    baseUnit: Type.Integer(),
    enabled: Type.Boolean(),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'Currency' },
);
/** A reference to the registered `Currency` schema (the route plugin adds it once). */
export const CurrencyRef = Type.Ref('Currency');

/** The list query of countries and currencies. */
export const ReferenceListQuery = Type.Object(
  {
    ...PageQuery,
    all: Type.Optional(Type.Boolean({ description: 'every row, unpaged (for pickers)' })),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const countryFields = {
  name: Type.String({ minLength: 1, maxLength: 100 }),
  code: Type.String({ minLength: 1, maxLength: 10 }),
  enabled: Type.Boolean(),
};
export const CreateCountryBody = Type.Object(
  { name: countryFields.name, code: countryFields.code, enabled: Type.Optional(countryFields.enabled) },
  { additionalProperties: false },
);
export const UpdateCountryBody = Type.Object(
  { name: Type.Optional(countryFields.name), code: Type.Optional(countryFields.code), enabled: Type.Optional(countryFields.enabled) },
  { additionalProperties: false },
);

const currencyFields = {
  ...countryFields,
  baseUnit: Int4({ description: 'minor units per major unit: 1, 10, 100, 1000 or 10000' }),
};
export const CreateCurrencyBody = Type.Object(
  {
    name: currencyFields.name,
    code: currencyFields.code,
    baseUnit: Type.Optional(currencyFields.baseUnit),
    enabled: Type.Optional(currencyFields.enabled),
  },
  { additionalProperties: false },
);
export const UpdateCurrencyBody = Type.Object(
  {
    name: Type.Optional(currencyFields.name),
    code: Type.Optional(currencyFields.code),
    baseUnit: Type.Optional(currencyFields.baseUnit),
    enabled: Type.Optional(currencyFields.enabled),
  },
  { additionalProperties: false },
);
