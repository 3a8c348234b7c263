import { Type, type TSchema } from 'typebox';

export const PAGE_SIZES = [10, 25, 50, 100] as const;

export const PageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  pageSize: Type.Optional(
    Type.Union(
      PAGE_SIZES.map((size) => Type.Literal(size)),
      { default: 10 },
    ),
  ),
};

/** The list envelope every paged endpoint answers with. */
export const ListOf = <T extends TSchema>(item: T) =>
  Type.Object({ items: Type.Array(item), total: Type.Integer(), page: Type.Integer(), pageSize: Type.Integer() });

export interface Page {
  page: number;
  pageSize: number;
}

/** Page and size from a parsed query, with the defaults applied. */
export function pageOf(query: { page?: number | undefined; pageSize?: number | undefined }): Page {
  return { page: query.page ?? 1, pageSize: query.pageSize ?? 10 };
}
