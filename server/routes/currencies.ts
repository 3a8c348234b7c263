import { CreateCurrencyBody, Currency, CurrencyRef, UpdateCurrencyBody } from '../../isomorphic/schemas/reference.ts';
import { findCurrency, listCurrencies, removeCurrency, saveCurrency } from '../services/reference/reference-service.ts';
import { referenceRoutes } from './reference-routes.ts';

/** Currencies: anyone signed in reads; superadmins create, edit, toggle and delete. */
export default referenceRoutes({
  plural: 'currencies',
  schema: Currency,
  ref: CurrencyRef,
  createBody: CreateCurrencyBody,
  updateBody: UpdateCurrencyBody,
  summaries: {
    list: 'List currencies',
    create: 'Create a currency (base unit defaults to 100)',
    update: 'Edit or toggle a currency',
    remove: 'Delete a currency no organisation uses',
  },
  auditType: 'currency',
  deleted: 'Currency deleted.',
  list: listCurrencies,
  save: saveCurrency,
  find: findCurrency,
  remove: removeCurrency,
});
