/*
 * A form marked with ENHANCED_FORM tells its action that the page will show the answer
 * itself (scripts are running) with the field `enhanced=1`; a plain HTML post, without it,
 * gets a redirect. The field is added as the form's data is gathered (the `formdata` event,
 * which React Router's submissions fire too), not rendered after hydration: rendering it
 * re-rendered every such form in one long task as the page became interactive (decision 025).
 */
export const ENHANCED_FORM = { "data-enhanced-form": "" } as const;

function addEnhancedField(event: FormDataEvent): void {
  if (event.target instanceof HTMLFormElement && event.target.hasAttribute("data-enhanced-form")) {
    event.formData.set("enhanced", "1");
  }
}

/** From the root layout's first effect on; caught on its way down to the form, so its bubbling does not matter. */
export function addEnhancedFieldToForms(): () => void {
  document.addEventListener("formdata", addEnhancedField, { capture: true });
  return () => document.removeEventListener("formdata", addEnhancedField, { capture: true });
}
