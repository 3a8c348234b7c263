import type { Static } from 'typebox';
import type { CreateBankBody } from '../../../isomorphic/schemas/banks.ts';
import { apiDelete, apiGet, apiPatch, apiPost } from './client.ts';
import type { Bank, BankInput, MessageResponse, Scope } from './types.ts';

const base = (scope: Scope) => (scope === 'global' ? '/banks' : '/organisations/my-organisation/banks');

/** The banks of a scope: global (superadmin) or your organisation's. */
export function listBanks(scope: Scope): Promise<Bank[]> {
  return apiGet<Bank[]>(base(scope));
}

/** Creates a bank (code upper-cased and unique in its scope; apiConfig validated like a gateway config). */
export function createBank(scope: Scope, input: Static<typeof CreateBankBody>): Promise<Bank> {
  return apiPost<Bank>(base(scope), input);
}

/** Edits a bank. */
export function updateBank(scope: Scope, id: number, input: BankInput): Promise<Bank> {
  return apiPatch<Bank>(`${base(scope)}/${id}`, input);
}

/** Deletes a bank. */
export function deleteBank(scope: Scope, id: number): Promise<MessageResponse> {
  return apiDelete<MessageResponse>(`${base(scope)}/${id}`);
}
