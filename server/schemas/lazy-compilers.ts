// Fastify compiles every route's validators (Ajv) and response serializers (fast-json-stringify) while the server
// starts: about a third of a cold start, for routes a process may not be asked for in its first minutes. These
// factories wrap Fastify's own compilers so that each schema is compiled the first time its route uses it — the same
// compilers, options and shared schemas, only later. A route's first request pays its compilation (milliseconds).
// Every validator also refuses a number Ajv's coercion made infinite (finite-numbers.ts).
import AjvCompiler from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { nonFiniteNumberPath } from './finite-numbers.ts';

type ValidatorFactory = ReturnType<typeof AjvCompiler>;
type SerializerFactory = ReturnType<typeof SerializerSelector>;
type Validate = ((data: unknown) => unknown) & { errors?: unknown };

/** Fastify's default validator and serializer factories, compiling each schema on first use (`schemaController.compilersFactory`). */
export function lazySchemaCompilers(): { buildValidator: ValidatorFactory; buildSerializer: SerializerFactory } {
  const eagerValidator = AjvCompiler();
  const eagerSerializer = SerializerSelector();
  // The factories themselves (an Ajv instance with the shared schemas per plugin context) wait for a first use too.
  const buildValidator: ValidatorFactory = (...args) => {
    let compile: ReturnType<ValidatorFactory> | undefined;
    return (route) => {
      let compiled: Validate | undefined;
      const validate: Validate = (data) => {
        compiled ??= (compile ??= eagerValidator(...args))(route) as Validate;
        const result = compiled(data);
        // Fastify reads a failed validation's errors from the function it was given.
        validate.errors = compiled.errors;
        const nonFinite = result === true ? nonFiniteNumberPath(data) : undefined;
        if (nonFinite === undefined) return result;
        validate.errors = [{ instancePath: nonFinite, schemaPath: '', keyword: 'type', params: {}, message: 'must be a finite number' }];
        return false;
      };
      return validate as ReturnType<ReturnType<ValidatorFactory>>;
    };
  };
  const buildSerializer: SerializerFactory = (...args) => {
    let compile: ReturnType<SerializerFactory> | undefined;
    return (route) => {
      let compiled: ((doc: unknown) => string) | undefined;
      return (doc) => (compiled ??= (compile ??= eagerSerializer(...args))(route))(doc);
    };
  };
  return { buildValidator, buildSerializer };
}
