import { Country, CountryRef, CreateCountryBody, UpdateCountryBody } from '../../isomorphic/schemas/reference.ts';
import { findCountry, listCountries, removeCountry, saveCountry } from '../services/reference/reference-service.ts';
import { referenceRoutes } from './reference-routes.ts';

/** Countries: anyone signed in reads; superadmins create, edit, toggle and delete. */
export default referenceRoutes({
  plural: 'countries',
  schema: Country,
  ref: CountryRef,
  createBody: CreateCountryBody,
  updateBody: UpdateCountryBody,
  summaries: {
    list: 'List countries',
    create: 'Create a country',
    update: 'Edit or toggle a country',
    remove: 'Delete a country not used by any organisation',
  },
  auditType: 'country',
  deleted: 'Country deleted.',
  list: listCountries,
  save: saveCountry,
  find: findCountry,
  remove: removeCountry,
});
