/** What the admin post and advert form actions answer (see admin-content.server.ts). */
export type ContentFormResult =
  | { ok: true; intent: string; id: string; slug?: string }
  | { ok: false; intent: string; message: string };

/** An advert as GET /api/adverts answers it; `category` is the placement. */
export interface Advert {
  _id: string;
  link: string;
  category: string;
  content: string;
  image: string[];
  createdAt: string;
  updatedAt: string;
}
