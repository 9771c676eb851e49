/*
 * html-validate's recommended rules for the pages the server renders (checked by
 * apps/server/src/http/html-validity.test.ts). Each change below says why: most follow what
 * React writes, which the markup cannot choose.
 */
export default {
  root: true,
  extends: ["html-validate:recommended"],
  rules: {
    // React writes some attributes camel-cased (charSet, srcSet, dateTime); HTML ignores their case.
    "attr-case": ["error", { style: ["lowercase", "camelcase"] }],
    // React closes every void element (<img/>): hold the pages to that one style.
    "void-style": ["error", { style: "selfclose" }],
    // React writes a boolean or empty attribute with an empty value (required="", hidden="").
    "attribute-boolean-style": ["error", { style: "empty" }],
    "attribute-empty-style": ["error", { style: "empty" }],
    // React's useId ids start with "_"; HTML allows any id without spaces.
    "valid-id": ["error", { relaxed: true }],
    // ARIA lets a list be named; the gallery, comments and videos lists are announced by name.
    "aria-label-misuse": ["error", { allowAnyNamable: true }],
    // A post's title is its headline (up to 200 characters, the editor's choice) and the site's name.
    "long-title": "off",
  },
};
