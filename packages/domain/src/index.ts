export * from "./dates";
export * from "./email";
export * from "./limits";
export * from "./messages";
export * from "./page-context";
export * from "./roles";
export * from "./sku";
export * from "./text";
