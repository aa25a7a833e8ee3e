import type { Request, RequestHandler } from 'express';
import type { operations } from '@tempmail/openapi/operations';

/** Every operationId of the contract. */
export type OperationId = keyof operations;

/** What a contract declares nothing for: reading any property of it is a type error. */
type Nothing = Record<never, never>;

/**
 * The media types Express parses and serialises as JSON: mail.tm answers
 * `application/ld+json` and takes `application/merge-patch+json` beside `application/json`.
 */
type JsonMediaType = 'application/json' | `application/${string}+json`;

/**
 * The body of a `content` map: its JSON media types as they are, any other (a raw message,
 * an attachment, an event stream) as the bytes or text a handler sends.
 */
type BodyOf<Content> = {
  [Media in keyof Content]: Media extends JsonMediaType ? Content[Media] : string | Buffer;
}[keyof Content];

/** The `content` map of a request body or a response; `never` when it has none. */
type ContentOf<Body> = Body extends { content: infer Content } ? Content : never;

type ParametersOf<Op extends OperationId> = operations[Op]['parameters'];

/** Routing guarantees every path parameter the contract declares. */
type PathParams<Op extends OperationId> =
  ParametersOf<Op> extends { path: infer Path } ? Path : Nothing;

/**
 * The query after validation: coerced to the contract's types, unknown names refused. The
 * validator also fills in a parameter's default, which the generated types leave optional.
 */
type QueryParams<Op extends OperationId> = [NonNullable<ParametersOf<Op>['query']>] extends [never]
  ? Nothing
  : NonNullable<ParametersOf<Op>['query']>;

type RequestBodyOf<Op extends OperationId> = operations[Op]['requestBody'];

/**
 * The body after validation, defaults filled in; `undefined` when the contract lets the body
 * be left out. An operation without one gets `unknown`: nothing validated what a client sent.
 */
type RequestBody<Op extends OperationId> = [ContentOf<RequestBodyOf<Op>>] extends [never]
  ? unknown
  : undefined extends RequestBodyOf<Op>
    ? BodyOf<ContentOf<RequestBodyOf<Op>>> | undefined
    : BodyOf<ContentOf<RequestBodyOf<Op>>>;

type ResponsesOf<Op extends OperationId> = operations[Op]['responses'];

/**
 * What a handler may answer, whatever the status: the union of the operation's bodies, its
 * errors' included. A 204 or a 304 adds none.
 */
type ResponseBody<Op extends OperationId> = {
  [Status in keyof ResponsesOf<Op>]: BodyOf<ContentOf<ResponsesOf<Op>[Status]>>;
}[keyof ResponsesOf<Op>];

/**
 * The Express handler of one operation: `request.params`, `request.query`, `request.body` and
 * the body given to `response.json` or `send` have the contract's types for it. The validator
 * runs before every handler, so these types hold when it is called.
 */
export type OperationHandler<Op extends OperationId> = RequestHandler<
  PathParams<Op>,
  ResponseBody<Op>,
  RequestBody<Op>,
  QueryParams<Op>
>;

/** A handler for every operation of the contract, by operationId. */
export type OperationHandlers = { readonly [Op in OperationId]: OperationHandler<Op> };

/**
 * The handlers one surface builds, e.g. `SurfaceHandlers<'getHealth' | 'getReadiness'>`: as
 * the return type of its builder, it types each handler's arguments with no annotations.
 */
export type SurfaceHandlers<Ops extends OperationId> = Pick<OperationHandlers, Ops>;

/**
 * The request of any operation, for a helper several handlers share: what every request has
 * (headers, `accepts`, `ip`, `id`), not one operation's params, query or body. A plain
 * `Request` does not take an operation's request once a query parameter is a number.
 */
export type AnyOperationRequest = Request<object, never, unknown, object>;
