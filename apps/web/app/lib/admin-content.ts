import type { AdvertJson } from "@broadsheet/domain";

/** What the admin post and advert form actions answer (see admin-content.server.ts). */
export type ContentFormResult =
  | { ok: true; intent: string; id: string; slug?: string }
  | { ok: false; intent: string; message: string };

/** An advert as GET /api/adverts answers it; `category` is the placement. */
export type Advert = AdvertJson;
