/*
 * The UI kit: every screen's buttons, fields, tables, pager and dialog come from here, so a
 * look is written once. Screens import from "components/ui"; the components in the shared
 * reader chunk (top level, layout/, account/) import the kit's files themselves, or the chunk
 * would take in the tables this door names (vite.config.ts).
 */
export { Button, ButtonLink, type ButtonProps, type ButtonSize, type ButtonVariant, buttonClass } from "./button";
export { ConfirmDialog } from "./dialog";
export { EmptyState } from "./empty-state";
export { Field, type FieldProps, type FieldSpec, type InputKind, type SelectOption } from "./field";
export { CheckedForm, FormMessage } from "./form";
export { inputClass } from "./input-class";
export { PAGER_WINDOW, Pager, pagerWindow } from "./pager";
export { RowActions, RowDeleteButton, RowLink } from "./row-actions";
export { type Column, cellClass, DataTable, rowClass } from "./table";
