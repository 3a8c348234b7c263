// Content collections: the Integration Docs chapters (MDX, rendered statically with shiki at build time).
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

const docs = defineCollection({
  loader: glob({ pattern: '**/*.mdx', base: './src/content/docs' }),
  schema: z.object({
    title: z.string(),
    /** One line under the title and in the chapter list. */
    description: z.string(),
    /** Position in the chapter list. */
    order: z.number().int(),
    /** Who the chapter is for: everyone signed in, or platform superadmins only (docs/console.md#screens Integration Docs). */
    audience: z.enum(['all', 'superadmin']).default('all'),
  }),
});

export const collections = { docs };
