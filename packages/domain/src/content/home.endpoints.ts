import { HomeSchema } from "../api/api-shapes";
import { endpoint } from "../api/endpoint";

/** /api/home: the home page's blocks in one answer. */
export const homeApi = {
  get: endpoint({
    method: "get",
    path: "/api/home",
    tag: "Feeds",
    summary: "Everything the home page shows, in one call",
    description:
      "The Latest carousel, each category's newest posts (7 for Jobs, 4 for the others), the four feeds, the Advert Top adverts and the newest poll. With a session, posts carry likedByMe and inReadLater, and the poll the reader's own vote.",
    access: "optional",
    response: HomeSchema,
    responseDescription: "The home page's blocks",
  }),
};
