import type { AdvertJson } from "@broadsheet/domain";

/** An advert as GET /api/adverts answers it; `category` is the placement. */
export type Advert = AdvertJson;
