/** User-facing messages; docs/product.md#8-validation-and-messages lists them. */
export const MESSAGES = {
  allFieldsRequired: "All fields are required",
  passwordTooShort: "Password must be at least 6 characters",
  invalidEmail: "Please enter a valid email",
  passwordsDoNotMatch: "Password do not match",
  loginFieldsRequired: "Please enter email and password",
  commentRequired: "Please enter a comment",
  categoryNameTooShort: "Category name must be up to 3 characters",
  typeNameTooShort: "Type name must be up to 3 characters",
  selectCategory: "Please select a category",
  addImage: "Please add an image",
  pageNotFound: "Page Not Found",
  pageNotFoundDetail: "Looks like the page you are looking for could not be found.",
  permissionDenied: "Permission denied",
  loginUsersOnly: "This page can only be viewed by login users.",
  adminUsersOnly: "This page can only be viewed by an admin user.",
  adminSettingsOnly: "Only admins can change the site settings.",
  adminAuditOnly: "Only admins can read the audit log.",
  adminExportOnly: "Only admins can export the site.",
  apiNotFound: "No API endpoint at this path",
  malformedJson: "The request body is not valid JSON",
  internalError: "Something went wrong on our side. Please try again.",
  nulCharacter: "Text must not contain NUL characters",
  malformedUrl: "The address is not valid",
  bodyTooLarge: "The request body is too large",
  tooManyFiles: "You can't upload more than 5 images at once",
  serverBusy: "The server is busy. Please try again in a moment.",
} as const;

/** Messages of the accounts API. */
export const ACCOUNT_MESSAGES = {
  emailTaken: "An account with this email already exists",
  wrongCredentials: "Invalid email or password",
  loggedOut: "Logged out successfully",
  notLoggedIn: "Please log in to continue",
  staffOnly: "Only editors and admins can do this",
  bioStaffOnly: "Only editors and admins have an author page bio",
  adminOnly: "Only admins can do this",
  userNotFound: "User not found",
  lastAdmin: "The last admin cannot be demoted",
  oldPasswordWrong: "Old password is incorrect",
  passwordChanged: "Password changed successfully",
  resetMailSent: "If an account exists for this email, a password reset link has been sent to it",
  resetTokenInvalid: "This reset link is invalid or has expired",
  passwordReset: "Password reset successful. Please log in with your new password",
  photoUrlInvalid: "Photo must be an image uploaded to this site or an https URL",
  postNotFound: "Post not found",
  addedToReadLater: "Post added to your read later list",
  removedFromReadLater: "Post removed from your read later list",
  crossSiteRefused: "Cross-site requests are not allowed",
} as const;

/** Messages of image uploads (POST /api/media, GET /media/…). */
export const MEDIA_MESSAGES = {
  fileRequired: "Please choose an image to upload",
  unsupportedImage: "Only PNG, JPEG, WebP or GIF images can be uploaded",
  profilePhotoFormat: "Profile photo must be a JPEG or PNG image",
  tooManyBytes: "Images can be at most 10 MB",
  tooManyPixels: "Images can be at most 40 megapixels",
  malformedUpload: "The upload could not be read. Please try again.",
  notFound: "Image not found",
} as const;

/** Success toasts (docs/product.md#8-validation-and-messages), shown by the browser after the API call succeeds. */
export const SUCCESS_MESSAGES = {
  registration: "Registration Successful",
  login: "Login Successfully",
  userUpdated: "User updated successfully",
  roleUpdated: "User role updated successfully",
  photoUpdated: "User Photo updated",
  imageUploaded: "Image uploaded successfully",
  postCreated: "Post created Successful",
  postUpdated: "Post updated Successful",
  postDeleted: "Post deleted successfully",
  advertCreated: "Add created Successful",
  advertUpdated: "Add updated Successful",
  advertDeleted: "Add deleted successfully",
  voteCreated: "Vote created Successful",
  voteDeleted: "Vote deleted successfully",
  categoryCreated: "Category created Successful",
  typeCreated: "Post Type created Successful",
} as const;

/** Fixed texts of the Read Later screen (docs/product.md#read-later). */
export const READ_LATER_TEXTS = {
  heading: "My Read Later",
  empty: "No post found in your read later.",
  remove: "Remove From Read Later",
  add: "Add To Read Later",
  availableOffline: "Available offline",
  // Worded apart from availableOffline: a search for that text finds only the posts that are.
  notOffline: "Offline copy not ready yet",
} as const;

/** Messages of author pages (GET /api/authors/{slug}). */
export const AUTHOR_MESSAGES = {
  authorNotFound: "Author not found",
} as const;
