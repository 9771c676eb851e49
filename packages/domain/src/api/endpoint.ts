import { z } from "../zod";

/*
 * One declaration per API endpoint (issue 13): method, path, inputs, answer and access rule.
 * The server registers its route from it (validation, access middleware, OpenAPI document)
 * and the web's API client takes its types from it, so the contract is written once.
 */

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/**
 * Who may call: anyone (`public`), anyone with an answer personalised by a session
 * (`optional`), a logged-in user, an editor or admin (`staff`), an admin.
 */
export type Access = "public" | "optional" | "user" | "staff" | "admin";

/**
 * Error statuses an endpoint may answer beyond the ones every route documents for itself
 * (400, 503; 401/403 of its access rule, 403 to a cross-site write, 404 with path parameters, 413 with a body).
 */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

export interface EndpointDeclaration {
  method: HttpMethod;
  /** OpenAPI style, parameters in braces: `/api/posts/{id}`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** A JSON body; the route validates it and answers the first problem's message (docs/product.md#errors). */
  body?: z.ZodType;
  /**
   * A body that may also arrive as multipart form data (uploads): the handler reads and
   * validates it itself, as it streams; `body` and `form` document the two encodings.
   */
  form?: z.ZodType;
  /** The body limit when it is larger than the ordinary one (uploads). */
  maxBodyBytes?: number;
  /** The success status; 200 unless said. */
  status?: 200 | 201 | 202;
  response: z.ZodType;
  /** What the success answer is, in a few words (the OpenAPI response description). */
  responseDescription: string;
  /** The answer is not JSON (HTML, a feed): its media type. */
  responseMediaType?: string;
  errors?: ErrorStatus[];
  /** Creates without answering 201 (a review): honours `Idempotency-Key` as every 201 POST does. */
  idempotent?: boolean;
}

/** Declares an endpoint, keeping its literal types for the server's handler and the web client. */
export function endpoint<const E extends EndpointDeclaration>(declaration: E): E {
  return declaration;
}

/** The answer of every failure, and of calls that only confirm: `{ "message": "…" }` (docs/product.md#errors). */
export const MessageSchema = z.object({ message: z.string() }).meta({ id: "Message" });
export type MessageAnswer = z.infer<typeof MessageSchema>;

export type ParamsOf<E extends EndpointDeclaration> = E extends { params: infer P extends z.ZodType }
  ? z.input<P>
  : undefined;
/** Every query field may be left out: the server falls back to its default. */
export type QueryOf<E extends EndpointDeclaration> = E extends { query: infer Q extends z.ZodType }
  ? Partial<z.input<Q>>
  : undefined;
export type BodyOf<E extends EndpointDeclaration> = E extends { body: infer B extends z.ZodType }
  ? z.input<B>
  : undefined;
export type HasForm<E extends EndpointDeclaration> = E extends { form: z.ZodType } ? true : false;
export type AnswerOf<E extends EndpointDeclaration> = z.output<E["response"]>;
