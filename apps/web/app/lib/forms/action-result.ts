/** Field name → its first problem, as the shared zod schema words it. */
export type FieldErrors = Partial<Record<string, string>>;

/** Why a form was not accepted: the first problem (what the screen shows) and each field's. */
export interface Refusal {
  ok: false;
  message: string;
  fieldErrors: FieldErrors;
}

interface ResultBase {
  /** Which form of the screen answered, when it has several. */
  intent?: string;
  /** Steps that went through before the outcome (an upload before a failed save), toasted first. */
  notices?: string[];
}

export type ActionSuccess<Extra extends object = object> = ResultBase & {
  ok: true;
  /** Toasted; without one, success is silent (a like, a publish toggle). */
  message?: string;
} & Extra;

export interface ActionFailure<Values = Record<string, string>> extends ResultBase {
  ok: false;
  /** The API's message, or the schema's first one (docs/product.md#errors). */
  message: string;
  fieldErrors?: FieldErrors;
  /** What was typed, so the form can show it again (forms posted without JavaScript). */
  values?: Values;
}

/**
 * What every route action answers; useResultToast() toasts it and useFormCheck() shows the
 * refusal on the form. Server helpers build it in answer.server.ts.
 */
export type ActionResult<Extra extends object = object, Values = Record<string, string>> =
  | ActionSuccess<Extra>
  | ActionFailure<Values>;
