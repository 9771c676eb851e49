export { NO_PASSWORD, type RestoreOptions, restoreBroadsheetArchive } from "./restore";
